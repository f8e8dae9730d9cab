import { describe, expect, it } from 'vitest';
import { ARENAS } from './arenas';
import { cohortExportRow, medianOfCounts, zoneDays } from './cohort';
import type { ArenaScores } from './scoring';

const NOW = new Date('2026-11-25T20:00:00Z');
const TODAY = '2026-11-25';
const scores = (value: number): ArenaScores => Object.fromEntries(ARENAS.map((a) => [a, value])) as ArenaScores;

describe('the cohort report from SQL figures', () => {
  it('gives each zone its today, the days the rules count back to and when its stall limit began', () => {
    expect(zoneDays(['UTC', 'Pacific/Auckland', 'UTC'], NOW)).toEqual([
      {
        zone: 'UTC',
        today: TODAY,
        yesterday: '2026-11-24',
        quietOn: '2026-11-22',
        weekStart: '2026-11-19',
        moodFrom: '2026-11-12',
        stallBefore: '2026-11-19T00:00:00.000Z',
      },
      // 20:00 UTC is already Nov 26 in Auckland (UTC+13 in November): its Nov 20 began at 11:00 UTC on Nov 19.
      {
        zone: 'Pacific/Auckland',
        today: '2026-11-26',
        yesterday: TODAY,
        quietOn: '2026-11-23',
        weekStart: '2026-11-20',
        moodFrom: '2026-11-13',
        stallBefore: '2026-11-19T11:00:00.000Z',
      },
    ]);
    // A zone nobody can read falls back to the default, as userTimeZone does.
    expect(zoneDays(['Not/AZone'], NOW)[0]).toMatchObject({ zone: 'Not/AZone' });
  });

  it('takes the median of a histogram: the middle value, or the mean of the middle two', () => {
    const histogram = (values: number[]) =>
      [...new Set(values)].map((value) => ({ value, count: values.filter((v) => v === value).length }));
    expect(medianOfCounts(histogram([]))).toBe(0);
    expect(medianOfCounts(histogram([5, 1, 3]))).toBe(3);
    expect(medianOfCounts(histogram([1, 2]))).toBe(1.5);
    expect(medianOfCounts(histogram([0, 0, 0, 4, 4, 9]))).toBe(2);
    expect(medianOfCounts(histogram([7]))).toBe(7);
    expect(medianOfCounts([{ value: 3, count: 0 }])).toBe(0);
  });

  it('writes an export row from the check-in summary: the streak counts while the newest check-in is today or yesterday', () => {
    const base = {
      name: null,
      email: 'x@example.com',
      timeZone: 'UTC',
      completedAt: ['2026-11-20T00:00:00Z', null, null, null] as const,
      membership: null,
      lastDay: TODAY,
      run: 5,
      latestWheel: scores(6),
    };
    const days = { today: TODAY, yesterday: '2026-11-24' };
    expect(cohortExportRow(base, days, NOW)).toEqual({
      name: '',
      email: 'x@example.com',
      plan: 'No Plan',
      sessionsDone: 1,
      lastCheckIn: TODAY,
      currentStreak: 5,
      latestWheelTotal: '42.0',
    });
    expect(cohortExportRow({ ...base, lastDay: '2026-11-24' }, days, NOW).currentStreak).toBe(5);
    expect(cohortExportRow({ ...base, lastDay: '2026-11-23' }, days, NOW).currentStreak).toBe(0);
    expect(cohortExportRow({ ...base, lastDay: null, run: null, latestWheel: null }, days, NOW)).toMatchObject({
      lastCheckIn: '',
      currentStreak: 0,
      latestWheelTotal: '',
    });
    // A payment in grace still opens its plan; after the grace, nothing.
    const grace = { plan: 'premium' as const, status: 'past_due' as const, graceUntil: '2026-11-27T00:00:00Z' };
    expect(cohortExportRow({ ...base, membership: grace }, days, NOW).plan).toBe('Premium');
    expect(cohortExportRow({ ...base, membership: { ...grace, graceUntil: '2026-11-25T00:00:00Z' } }, days, NOW).plan).toBe('No Plan');
  });
});
