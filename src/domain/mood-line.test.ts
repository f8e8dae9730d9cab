import { describe, expect, it } from 'vitest';
import { MOOD_LINE, moodLine } from './mood-line';

describe('the mood line', () => {
  it('spans four weeks ending today, a point per check-in, broken on days without one', () => {
    const g = moodLine(
      [
        { date: '2026-11-25', mood: 10 },
        { date: '2026-11-23', mood: 1 },
        { date: '2026-11-22', mood: 5 },
      ],
      '2026-11-25',
    );
    expect(g.from).toBe('2026-10-29');
    expect(g.points.map((p) => p.date)).toEqual(['2026-11-22', '2026-11-23', '2026-11-25']);
    // Mood 10 at the top, mood 1 at the bottom of the plot; today at the right edge.
    expect(g.points[2]).toMatchObject({ x: MOOD_LINE.width - MOOD_LINE.right, y: MOOD_LINE.top });
    expect(g.points[1]!.y).toBe(MOOD_LINE.height - MOOD_LINE.bottom);
    // Two pieces: 22-23, then 25 alone (24 has no check-in).
    expect(g.d.match(/M/g)).toHaveLength(2);
  });

  it('starts at the first check-in when that is longer ago, and is empty without any', () => {
    expect(moodLine([{ date: '2026-09-01', mood: 6 }], '2026-11-25').from).toBe('2026-09-01');
    expect(moodLine([], '2026-11-25')).toMatchObject({ d: '', points: [] });
  });
});
