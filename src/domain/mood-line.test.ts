import { describe, expect, it } from 'vitest';
import { lastFourWeeks, MOOD_LINE, moodLine, moodLineLabel, sinceFirstCheckIn } from './mood-line';
import { addDays } from './time-zone';

const TODAY = '2026-11-25';

describe('the mood line', () => {
  it('the summary: the check-ins of the last four weeks, oldest first, the ones before left out', () => {
    const moods = lastFourWeeks(
      [
        { date: TODAY, mood: 7 },
        { date: addDays(TODAY, -27), mood: 3 },
        { date: addDays(TODAY, -28), mood: 9 },
        { date: addDays(TODAY, 1), mood: 5 },
      ],
      TODAY,
    );
    expect(moods).toEqual({
      from: addDays(TODAY, -27),
      to: TODAY,
      checkIns: [
        { date: addDays(TODAY, -27), mood: 3 },
        { date: TODAY, mood: 7 },
      ],
    });
  });

  it('the coach: from the first check-in when that is longer ago than four weeks, else four weeks', () => {
    expect(sinceFirstCheckIn([{ date: '2026-09-01', mood: 6 }], TODAY).from).toBe('2026-09-01');
    expect(sinceFirstCheckIn([{ date: '2026-11-20', mood: 6 }], TODAY).from).toBe('2026-10-29');
    expect(sinceFirstCheckIn([], TODAY)).toEqual({ from: '2026-10-29', to: TODAY, checkIns: [] });
  });

  it('places mood 10 at the top, mood 1 at the bottom and today at the right edge, broken on days without a check-in', () => {
    const g = moodLine(
      sinceFirstCheckIn(
        [
          { date: '2026-11-25', mood: 10 },
          { date: '2026-11-23', mood: 1 },
          { date: '2026-11-22', mood: 5 },
        ],
        TODAY,
      ),
    );
    expect(g.points.map((p) => p.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-25']);
    expect(g.points[2]).toMatchObject({ x: MOOD_LINE.width - MOOD_LINE.pad, y: MOOD_LINE.pad });
    expect(g.points[1]!.y).toBe(MOOD_LINE.height - MOOD_LINE.pad);
    // The first day of the span at the left edge.
    expect(moodLine(lastFourWeeks([{ date: addDays(TODAY, -27), mood: 5 }], TODAY)).points[0]!.x).toBe(MOOD_LINE.pad);
    // Two pieces: 22-23, then 25 alone (24 has no check-in).
    expect(g.d.match(/M/g)).toHaveLength(2);
    expect(g.guides).toEqual([MOOD_LINE.height - MOOD_LINE.pad, MOOD_LINE.height / 2, MOOD_LINE.pad]);
    expect(moodLine(lastFourWeeks([], TODAY))).toMatchObject({ d: '', points: [] });
  });

  it('says what it shows in words', () => {
    const moods = lastFourWeeks(
      [
        { date: TODAY, mood: 7 },
        { date: addDays(TODAY, -1), mood: 6 },
      ],
      TODAY,
    );
    expect(moodLineLabel(moods)).toBe('Mood line from Thu, Oct 29 to Wed, Nov 25: 2 check-ins, average mood 6.5 of 10.');
    expect(moodLineLabel({ ...moods, checkIns: [{ date: TODAY, mood: 4 }] })).toBe(
      'Mood line from Thu, Oct 29 to Wed, Nov 25: 1 check-in, average mood 4.0 of 10.',
    );
    expect(moodLineLabel(lastFourWeeks([], TODAY))).toBe('Mood line from Thu, Oct 29 to Wed, Nov 25: no check-ins.');
  });
});
