// The reference cohort report (test/oracles/cohort-report.ts), in plain Node beside it: the
// figures and the needs-attention reasons on cohorts whose answers are known, and the production
// pieces that must agree with it (medianOfCounts, attentionInWords).
import { describe, expect, it } from 'vitest';
import { ARENAS } from '../../src/domain/arenas';
import { type CohortParticipant, medianOfCounts } from '../../src/domain/cohort';
import { attentionInWords, type StoredAttention } from '../../src/domain/cohort-report';
import type { ArenaScores } from '../../src/domain/scoring';
import { addDays } from '../../src/domain/time-zone';
import { type CohortCheckIn, checkInWindowStart, cohortReport, median } from './cohort-report';

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

/** A stored needs-attention row (src/domain/cohort-report.ts), for attentionInWords. */
function stored(userId: string, change: Partial<StoredAttention> = {}): StoredAttention {
  return {
    userId,
    name: `Name ${userId}`,
    email: `${userId}@example.com`,
    today: TODAY,
    timeZone: 'UTC',
    createdAt: '2026-11-24T12:00:00Z',
    completedAt: [null, null, null, null],
    lastDay: null,
    moods: null,
    grace: null,
    ...change,
  };
}

const asParticipant = (row: StoredAttention): CohortParticipant => ({
  id: row.userId,
  name: row.name,
  email: row.email,
  verified: true,
  createdAt: row.createdAt,
  timeZone: row.timeZone,
  completedAt: row.completedAt,
  plan: null,
  lastCheckIn: row.lastDay,
  firstWheel: null,
  latestWheel: null,
});

describe('the cohort report', () => {
  it('counts the funnel, the average wheels and the check-in activity', () => {
    const { report, rows } = cohortReport(
      {
        participants: [
          participant('a', {
            completedAt: ['2026-11-20T00:00:00Z', '2026-11-24T00:00:00Z', null, null],
            firstWheel: scores(4),
            latestWheel: scores(6),
            lastCheckIn: TODAY,
          }),
          participant('b', {
            verified: false,
            completedAt: ['2026-11-23T00:00:00Z', null, null, null],
            firstWheel: scores(2),
            latestWheel: scores(2),
            lastCheckIn: addDays(TODAY, -1),
          }),
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
    expect(rows[0]).toEqual({
      name: 'Name a',
      email: 'a@example.com',
      plan: 'Challenge',
      sessionsDone: 2,
      lastCheckIn: TODAY,
      currentStreak: 3,
      latestWheelTotal: '42.0',
    });
  });

  it('gives each needs-attention reason in words, most reasons first', () => {
    const { report } = cohortReport(
      {
        participants: [
          participant('quiet', { lastCheckIn: addDays(TODAY, -4), completedAt: ['2026-11-24T00:00:00Z', null, null, null] }),
          participant('slipping', { lastCheckIn: TODAY, completedAt: ['2026-11-24T00:00:00Z', null, null, null] }),
          participant('stalled', { createdAt: '2026-11-01T10:00:00Z', completedAt: ['2026-11-10T09:00:00Z', null, null, null] }),
          participant('never', { createdAt: '2026-11-10T10:00:00Z' }),
          participant('finished', {
            createdAt: '2026-10-01T10:00:00Z',
            completedAt: ['2026-10-02T00:00:00Z', '2026-10-09T00:00:00Z', '2026-10-16T00:00:00Z', '2026-10-23T00:00:00Z'],
          }),
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
          participant('seven-days', { createdAt: `${addDays(TODAY, -7)}T12:00:00Z` }),
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
          participant('six-days', { createdAt: `${addDays(TODAY, -6)}T12:00:00Z` }),
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
    const { report } = cohortReport(
      { participants: [participant('nz', { timeZone: 'Pacific/Auckland', lastCheckIn: TODAY })], checkIns: days('nz', [6]), grace: [] },
      NOW,
    );
    expect(report.checkIns).toMatchObject({ today: 0, last7Days: 1, medianStreak: 1 });
  });

  it('takes the median of the streaks, and reads check-ins from a bounded window', () => {
    expect(median([])).toBe(0);
    expect(median([5, 1, 3])).toBe(3);
    expect(median([1, 2])).toBe(1.5);
    expect(checkInWindowStart(NOW)).toBe('2026-09-25');
  });
});

describe('the production pieces that must agree with it', () => {
  it('takes the median of a histogram as median() of the values it counts', () => {
    const cases = [[], [5, 1, 3], [1, 2], [0, 0, 0, 4, 4, 9], [7]];
    for (const values of cases) {
      const counts = new Map<number, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      expect(medianOfCounts([...counts].map(([value, count]) => ({ value, count })))).toBe(median(values));
    }
    expect(medianOfCounts([{ value: 3, count: 0 }])).toBe(0);
  });

  it('writes a stored needs-attention row in the words cohortReport gives the same participant on the same day', () => {
    const moods = Array.from({ length: 14 }, (_, i): [string, number] => [addDays(TODAY, i - 13), i < 7 ? 8 : 5]);
    const rows = [
      stored('quiet', { lastDay: addDays(TODAY, -4), completedAt: ['2026-11-24T00:00:00Z', null, null, null] }),
      stored('dip', { lastDay: TODAY, moods: JSON.stringify(moods), completedAt: ['2026-11-24T00:00:00Z', null, null, null] }),
      stored('stalled', { createdAt: '2026-11-01T10:00:00Z', completedAt: ['2026-11-10T09:00:00Z', null, null, null] }),
      stored('grace', { grace: JSON.stringify([{ source: 'stripe', plan: 'premium', graceUntil: '2026-11-28T00:00:00Z' }]) }),
    ];
    const reference = cohortReport(
      {
        participants: rows.map(asParticipant),
        checkIns: [...moods.map(([date, mood]) => ({ userId: 'dip', date, mood })), { userId: 'quiet', date: addDays(TODAY, -4), mood: 6 }],
        grace: [{ userId: 'grace', source: 'stripe', plan: 'premium', graceUntil: '2026-11-28T00:00:00Z' }],
      },
      NOW,
    ).report.needsAttention;
    for (const row of rows) expect(attentionInWords(row), row.userId).toEqual(reference.find((n) => n.userId === row.userId));
    expect(attentionInWords(rows[2]!).reasons).toEqual(['On Session 2 for 15 days']);
  });
});
