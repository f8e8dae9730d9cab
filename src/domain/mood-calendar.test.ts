import { describe, expect, it } from 'vitest';
import { describeCell, MOOD_CALENDAR_WEEKS, moodBand, moodCalendar, moodCalendarCount } from './mood-calendar';
import { addDays } from './time-zone';

// A Wednesday: this week runs Mon 2026-11-23 to Sun 2026-11-29, the first row starts Mon 2026-11-02.
const TODAY = '2026-11-25';

describe('moodCalendar', () => {
  it('lays the last four weeks out Monday to Sunday, whatever day today is', () => {
    for (const today of ['2026-11-23', TODAY, '2026-11-29']) {
      const { weeks } = moodCalendar([], today, null);
      expect(weeks).toHaveLength(MOOD_CALENDAR_WEEKS);
      for (const week of weeks) expect(week).toHaveLength(7);
      expect(weeks[0]![0]!.date).toBe('2026-11-02');
      expect(weeks.at(-1)!.at(-1)!.date).toBe('2026-11-29');
    }
    // Monday 30 November starts a new four weeks whose first row is 9 November.
    expect(moodCalendar([], '2026-11-30', null).weeks[0]![0]!.date).toBe('2026-11-09');
  });

  it('names the month on the first day shown and where a month begins', () => {
    const { weeks } = moodCalendar([], '2026-12-02', null);
    const labelled = weeks.flat().filter((cell) => cell.month);
    expect(labelled.map((cell) => [cell.date, cell.month])).toEqual([
      ['2026-11-09', 'Nov'],
      ['2026-12-01', 'Dec'],
    ]);
  });

  it('colours each day by its mood band, marks days to come and today', () => {
    const { weeks } = moodCalendar(
      [
        { date: TODAY, mood: 9 },
        { date: addDays(TODAY, -1), mood: 2 },
      ],
      TODAY,
      null,
    );
    const cells = weeks.flat();
    const at = (date: string) => cells.find((cell) => cell.date === date)!;
    expect(at(TODAY)).toMatchObject({ kind: 'mood', mood: 9, isToday: true, band: { words: 'great' } });
    expect(at(addDays(TODAY, -1))).toMatchObject({ kind: 'mood', band: { words: 'very low' } });
    expect(at(addDays(TODAY, -2)).kind).toBe('missed');
    expect(at(addDays(TODAY, 1)).kind).toBe('to-come');
  });

  it('shows days before joining as such and counts only the days since', () => {
    const joined = addDays(TODAY, -4);
    const calendar = moodCalendar(
      [TODAY, addDays(TODAY, -1), joined].map((date) => ({ date, mood: 6 })),
      TODAY,
      joined,
    );
    const cells = calendar.weeks.flat();
    expect(cells.find((cell) => cell.date === addDays(joined, -1))!.kind).toBe('before-joining');
    expect(cells.find((cell) => cell.date === addDays(joined, 1))!.kind).toBe('missed');
    expect(moodCalendarCount(calendar)).toBe('3 of the 5 days since you joined');
  });

  it('counts the days shown up to today when they joined before the first one', () => {
    const calendar = moodCalendar([{ date: '2026-11-02', mood: 5 }], TODAY, '2026-01-01');
    expect(calendar.weeks.flat().some((cell) => cell.kind === 'before-joining')).toBe(false);
    expect(moodCalendarCount(calendar)).toBe('1 of the last 24 days');
  });

  it('takes a check-in before the day they joined as joining then, and ignores moods out of range', () => {
    const calendar = moodCalendar(
      [
        { date: addDays(TODAY, -2), mood: 7 },
        { date: addDays(TODAY, -1), mood: 11 },
      ],
      TODAY,
      TODAY,
    );
    expect(moodCalendarCount(calendar)).toBe('1 of the 3 days since you joined');
    expect(calendar.weeks.flat().find((cell) => cell.date === addDays(TODAY, -1))!.kind).toBe('missed');
  });

  it('says a lone day in the singular', () => {
    expect(moodCalendarCount(moodCalendar([], TODAY, TODAY))).toBe('0 of 1 day since you joined');
  });
});

describe('moodBand and describeCell', () => {
  it('puts every mood 1..10 in one of five bands, and nothing else', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((mood) => moodBand(mood)!.band)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    for (const bad of [0, 11, 5.5, Number.NaN]) expect(moodBand(bad)).toBeNull();
  });

  it('says the mood in words for screen readers', () => {
    const { weeks } = moodCalendar([{ date: TODAY, mood: 7 }], TODAY, '2026-11-24');
    const cells = weeks.flat();
    expect(describeCell(cells.find((c) => c.date === TODAY)!, '2026')).toBe('Wed, Nov 25 (today): mood 7 of 10, good');
    expect(describeCell(cells.find((c) => c.date === '2026-11-23')!, '2026')).toBe('Mon, Nov 23: before you joined');
    expect(describeCell(cells.find((c) => c.date === '2026-11-26')!, '2026')).toBe('Thu, Nov 26: still to come');
  });
});
