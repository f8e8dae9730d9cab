import { describe, expect, it } from 'vitest';
import { ARENAS } from './arenas';
import { coachToday, cohortOptionLabel, cohortQuerySchema, comparedCohort, gainText } from './cohort-compare';
import type { CohortFigures } from './cohort-report';

const cohort = { id: 'jan-2027', name: 'January 2027', startDate: '2027-01-05', pacing: 'weekly' as const };
const figures = (change: Partial<CohortFigures> = {}): CohortFigures => ({
  funnel: { signedUp: 40, verified: 38, session1: 30, session2: 25, session3: 20, session4: 12 },
  arenas: Object.fromEntries(ARENAS.map((a) => [a, { first: 5, latest: 6 }])) as CohortFigures['arenas'],
  checkIns: { today: 10, last7Days: 30, medianStreak: 4.5 },
  gain: { members: 9, arenas: Object.fromEntries(ARENAS.map((a) => [a, 1.2])) as CohortFigures['gain']['arenas'] },
  ...change,
});

describe('a cohort side by side with the others', () => {
  it('reads completion (Session 4 of the members), the median streak and the gain from the stored figures', () => {
    expect(comparedCohort(cohort, { computedAt: '2027-01-20T10:00:00.000Z', figures: figures() }, '2027-01-20')).toEqual({
      id: 'jan-2027',
      name: 'January 2027',
      startDate: '2027-01-05',
      state: 'running',
      computedAt: '2027-01-20T10:00:00.000Z',
      members: 40,
      completion: { completed: 12, percent: 30 },
      medianStreak: 4.5,
      gain: figures().gain,
    });
  });

  it('has no figures before its report is worked out, and a state from the coaches’ day', () => {
    expect(comparedCohort(cohort, null, '2027-01-04')).toMatchObject({ state: 'upcoming', members: null, completion: null, gain: null });
    expect(comparedCohort(cohort, null, '2027-02-02').state).toBe('finished');
    const empty = figures({ funnel: { signedUp: 0, verified: 0, session1: 0, session2: 0, session3: 0, session4: 0 } });
    expect(comparedCohort(cohort, { computedAt: 'x', figures: empty }, '2027-01-05').completion).toEqual({ completed: 0, percent: 0 });
  });

  it('writes a gain with its sign, and a dash when nobody has two wheels', () => {
    expect([gainText(1.5), gainText(-0.3), gainText(0), gainText(-0), gainText(null)]).toEqual(['+1.5', '-0.3', '0.0', '0.0', '—']);
  });
});

describe('which cohort the desk shows', () => {
  it('takes an id of letters, digits, - and _ (at most 64), or none', () => {
    expect(cohortQuerySchema.parse({ cohort: 'jan-2027_b' })).toEqual({ cohort: 'jan-2027_b' });
    expect(cohortQuerySchema.parse({})).toEqual({});
    for (const bad of ['', 'a b', "x'; DROP", 'x'.repeat(65), '../x'])
      expect(cohortQuerySchema.safeParse({ cohort: bad }).success, bad).toBe(false);
  });

  it('names each option with its state, and reckons the day in the coaches’ zone', () => {
    expect(cohortOptionLabel(cohort, '2027-01-01')).toBe('January 2027 (upcoming)');
    expect(cohortOptionLabel(cohort, '2027-02-01')).toBe('January 2027 (running)');
    expect(cohortOptionLabel(cohort, '2027-02-02')).toBe('January 2027 (finished)');
    // 03:00 UTC is still the evening before in Los Angeles.
    expect(coachToday(new Date('2027-01-05T03:00:00Z'), 'America/Los_Angeles')).toBe('2027-01-04');
  });
});
