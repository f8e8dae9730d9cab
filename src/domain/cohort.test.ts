import { describe, expect, it } from 'vitest';
import { ARENAS } from './arenas';
import { checkInWindowStart, cohortExportRow, cohortReport, median, medianOfCounts, zoneDays, type CohortCheckIn, type CohortParticipant } from './cohort';
import type { ArenaScores } from './scoring';
import { addDays } from './time-zone';

const NOW = new Date('2026-11-25T20:00:00Z');
const TODAY = '2026-11-25';
const scores = (value: number): ArenaScores => Object.fromEntries(ARENAS.map((a) => [a, value])) as ArenaScores;

function participant(id: string, change: Partial<CohortParticipant> = {}): CohortParticipant {
  return {
    id,
    name: `Name ${id}`,
    email: `${id}@example.com`,
    verified: true,
    createdAt: '2026-11-24T12:00:00Z',
    timeZone: 'UTC',
    completedAt: [null, null, null, null],
    plan: 'challenge',
    lastCheckIn: null,
    firstWheel: null,
    latestWheel: null,
    ...change,
  };
}

const days = (userId: string, moods: number[], endingDaysAgo = 0): CohortCheckIn[] =>
  moods.map((mood, i) => ({ userId, date: addDays(TODAY, -(endingDaysAgo + moods.length - 1 - i)), mood }));

describe('the cohort report', () => {
  it('counts the funnel, the average wheels and the check-in activity', () => {
    const { report, rows } = cohortReport(
      {
        participants: [
          participant('a', { completedAt: ['2026-11-20T00:00:00Z', '2026-11-24T00:00:00Z', null, null], firstWheel: scores(4), latestWheel: scores(6), lastCheckIn: TODAY }),
          participant('b', { verified: false, completedAt: ['2026-11-23T00:00:00Z', null, null, null], firstWheel: scores(2), latestWheel: scores(2), lastCheckIn: addDays(TODAY, -1) }),
          participant('c'),
        ],
        checkIns: [...days('a', [5, 6, 7]), ...days('b', [5, 5], 1)],
        grace: [],
      },
      NOW,
    );
    expect(report.funnel).toEqual({ signedUp: 3, verified: 2, session1: 2, session2: 1, session3: 0, session4: 0 });
    expect(report.arenas.Faith).toEqual({ first: 3, latest: 4 });
    expect(Object.keys(report.arenas)).toEqual([...ARENAS]);
    // a checked in today (streak 3); b yesterday (streak 2); c never (not in the median).
    expect(report.checkIns).toEqual({ today: 1, last7Days: 2, medianStreak: 2.5 });
    expect(report.needsAttention).toEqual([]);
    expect(rows[0]).toEqual({ name: 'Name a', email: 'a@example.com', plan: 'Challenge', sessionsDone: 2, lastCheckIn: TODAY, currentStreak: 3, latestWheelTotal: '42.0' });
  });

  it('gives each needs-attention reason in words, most reasons first', () => {
    const { report } = cohortReport(
      {
        participants: [
          participant('quiet', { lastCheckIn: addDays(TODAY, -4), completedAt: ['2026-11-24T00:00:00Z', null, null, null] }),
          participant('slipping', { lastCheckIn: TODAY, completedAt: ['2026-11-24T00:00:00Z', null, null, null] }),
          participant('stalled', { createdAt: '2026-11-01T10:00:00Z', completedAt: ['2026-11-10T09:00:00Z', null, null, null] }),
          participant('never', { createdAt: '2026-11-10T10:00:00Z' }),
          participant('finished', { createdAt: '2026-10-01T10:00:00Z', completedAt: ['2026-10-02T00:00:00Z', '2026-10-09T00:00:00Z', '2026-10-16T00:00:00Z', '2026-10-23T00:00:00Z'] }),
          participant('unpaid', { plan: 'premium' }),
        ],
        // 7 days at 8, then 7 days at 5: down 3 points.
        checkIns: [...days('quiet', [6], 4), ...days('slipping', [8, 8, 8, 8, 8, 8, 8, 5, 5, 5, 5, 5, 5, 5])],
        grace: [{ userId: 'unpaid', source: 'stripe', plan: 'premium', graceUntil: '2026-11-29T12:00:00Z' }],
      },
      NOW,
    );
    const reasons = Object.fromEntries(report.needsAttention.map((n) => [n.userId, n.reasons]));
    expect(reasons).toEqual({
      quiet: ['No check-in for 4 days (last on Sat, Nov 21)'],
      slipping: ['Mood down 3.0 points: 5.0 on average over the last 7 days, 8.0 the 7 days before'],
      stalled: ['On Session 2 for 15 days'],
      never: ['On Session 1 for 15 days since signing up'],
      unpaid: ['Payment failed: Stripe Premium in grace until Sun, Nov 29'],
    });
    expect(report.needsAttention.find((n) => n.userId === 'unpaid')).toMatchObject({ name: 'Name unpaid', email: 'unpaid@example.com' });
  });

  it('flags each reason from exactly its threshold', () => {
    const { report } = cohortReport(
      {
        participants: [
          participant('three-quiet-days', { lastCheckIn: addDays(TODAY, -3) }),
          participant('two-points', { lastCheckIn: TODAY }),
          participant('seven-days', { createdAt: addDays(TODAY, -7) + 'T12:00:00Z' }),
        ],
        checkIns: [...days('three-quiet-days', [5], 3), ...days('two-points', [7, 7, 7, 7, 7, 7, 7, 5, 5, 5, 5, 5, 5, 5])],
        grace: [],
      },
      NOW,
    );
    expect(Object.fromEntries(report.needsAttention.map((n) => [n.userId, n.reasons]))).toEqual({
      'three-quiet-days': ['No check-in for 3 days (last on Sun, Nov 22)'],
      'two-points': ['Mood down 2.0 points: 5.0 on average over the last 7 days, 7.0 the 7 days before'],
      'seven-days': ['On Session 1 for 7 days since signing up'],
    });
  });

  it('leaves out what is just under each threshold', () => {
    const { report } = cohortReport(
      {
        participants: [
          participant('two-quiet-days', { lastCheckIn: addDays(TODAY, -2) }),
          participant('small-dip', { lastCheckIn: TODAY }),
          participant('six-days', { createdAt: addDays(TODAY, -6) + 'T12:00:00Z' }),
        ],
        checkIns: [...days('two-quiet-days', [5], 2), ...days('small-dip', [7, 7, 7, 7, 7, 7, 7, 6, 5, 5, 5, 5, 5, 5])],
        grace: [],
      },
      NOW,
    );
    expect(report.needsAttention).toEqual([]);
  });

  it('works out each participant’s day in their own zone', () => {
    // 20:00 UTC is already tomorrow in Auckland.
    const { report } = cohortReport({ participants: [participant('nz', { timeZone: 'Pacific/Auckland', lastCheckIn: TODAY })], checkIns: days('nz', [6]), grace: [] }, NOW);
    expect(report.checkIns).toMatchObject({ today: 0, last7Days: 1, medianStreak: 1 });
  });

  it('takes the median of the streaks, and reads check-ins from a bounded window', () => {
    expect(median([])).toBe(0);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([1, 2])).toBe(1.5);
    expect(checkInWindowStart(NOW)).toBe('2026-09-25');
  });
});

describe('the cohort report from SQL figures', () => {
  it('gives each zone its today, the days the rules count back to and when its stall limit began', () => {
    expect(zoneDays(['UTC', 'Pacific/Auckland', 'UTC'], NOW)).toEqual([
      { zone: 'UTC', today: TODAY, yesterday: '2026-11-24', quietOn: '2026-11-22', weekStart: '2026-11-19', moodFrom: '2026-11-12', stallBefore: '2026-11-19T00:00:00.000Z' },
      // 20:00 UTC is already Nov 26 in Auckland (UTC+13 in November): its Nov 20 began at 11:00 UTC on Nov 19.
      { zone: 'Pacific/Auckland', today: '2026-11-26', yesterday: TODAY, quietOn: '2026-11-23', weekStart: '2026-11-20', moodFrom: '2026-11-13', stallBefore: '2026-11-19T11:00:00.000Z' },
    ]);
    // A zone nobody can read falls back to the default, as userTimeZone does.
    expect(zoneDays(['Not/AZone'], NOW)[0]).toMatchObject({ zone: 'Not/AZone' });
  });

  it('takes the median of a histogram as median() of the values it counts', () => {
    const cases = [[], [5, 1, 3], [1, 2], [0, 0, 0, 4, 4, 9], [7]];
    for (const values of cases) {
      const counts = new Map<number, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      expect(medianOfCounts([...counts].map(([value, count]) => ({ value, count })))).toBe(median(values));
    }
    expect(medianOfCounts([{ value: 3, count: 0 }])).toBe(0);
  });

  it('writes an export row from the check-in summary: the streak counts while the newest check-in is today or yesterday', () => {
    const base = { name: null, email: 'x@example.com', timeZone: 'UTC', completedAt: ['2026-11-20T00:00:00Z', null, null, null] as const, membership: null, lastDay: TODAY, run: 5, latestWheel: scores(6) };
    const days = { today: TODAY, yesterday: '2026-11-24' };
    expect(cohortExportRow(base, days, NOW)).toEqual({ name: '', email: 'x@example.com', plan: 'No Plan', sessionsDone: 1, lastCheckIn: TODAY, currentStreak: 5, latestWheelTotal: '42.0' });
    expect(cohortExportRow({ ...base, lastDay: '2026-11-24' }, days, NOW).currentStreak).toBe(5);
    expect(cohortExportRow({ ...base, lastDay: '2026-11-23' }, days, NOW).currentStreak).toBe(0);
    expect(cohortExportRow({ ...base, lastDay: null, run: null, latestWheel: null }, days, NOW)).toMatchObject({ lastCheckIn: '', currentStreak: 0, latestWheelTotal: '' });
    // A payment in grace still opens its plan; after the grace, nothing.
    const grace = { plan: 'premium' as const, status: 'past_due' as const, graceUntil: '2026-11-27T00:00:00Z' };
    expect(cohortExportRow({ ...base, membership: grace }, days, NOW).plan).toBe('Premium');
    expect(cohortExportRow({ ...base, membership: { ...grace, graceUntil: '2026-11-25T00:00:00Z' } }, days, NOW).plan).toBe('No Plan');
  });
});

