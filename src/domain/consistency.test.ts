import { describe, expect, it } from 'vitest';
import { CONSISTENCY_DECAY, consistencyScore } from './consistency';
import { addDays } from './time-zone';

const TODAY = '2026-11-25';
/** The `n` days ending `end`, oldest first. */
const run = (n: number, end = TODAY) => Array.from({ length: n }, (_, i) => addDays(end, i - (n - 1)));

describe('consistencyScore (habit strength)', () => {
  it('is 0 without check-ins, and builds up slowly with daily ones', () => {
    expect(consistencyScore([], TODAY)).toBe(0);
    expect(consistencyScore([TODAY], TODAY)).toBe(Math.round((1 - CONSISTENCY_DECAY) * 100));
    expect(consistencyScore(run(7), TODAY)).toBe(31);
    expect(consistencyScore(run(28), TODAY)).toBe(78);
    expect(consistencyScore(run(366), TODAY)).toBe(100);
  });

  it('is dented by a missed day, not wiped (the streak is)', () => {
    const all = run(28);
    const missedOne = all.filter((day) => day !== addDays(TODAY, -3));
    const score = consistencyScore(missedOne, TODAY);
    expect(score).toBeLessThan(consistencyScore(all, TODAY));
    expect(score).toBeGreaterThan(consistencyScore(all, TODAY) - 10);
    expect(score).toBeGreaterThan(60);
  });

  it("does not drop in the morning before today's check-in, and then falls day by day", () => {
    const upToYesterday = run(20, addDays(TODAY, -1));
    expect(consistencyScore(upToYesterday, TODAY)).toBe(consistencyScore(upToYesterday, addDays(TODAY, -1)));
    const later = consistencyScore(upToYesterday, addDays(TODAY, 5));
    expect(later).toBeLessThan(consistencyScore(upToYesterday, TODAY));
    expect(later).toBeGreaterThan(0);
  });

  it('ignores repeats, order, future days and text that is not a day', () => {
    const days = run(10);
    expect(consistencyScore([...days].reverse().concat(days, [addDays(TODAY, 3), 'nope']), TODAY)).toBe(consistencyScore(days, TODAY));
    expect(consistencyScore(days, 'not a day')).toBe(0);
  });

  it('stays between 0 and 100', () => {
    for (const n of [1, 2, 50, 400]) {
      const score = consistencyScore(run(n), TODAY);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
    }
  });
});
