import { describe, expect, it } from 'vitest';
import { cohortToShow } from './schedule-cohort';

const TODAY = '2027-02-10';
const finished = { id: 'jan-2026', startDate: '2026-01-05' };
const lastFinished = { id: 'dec-2026', startDate: '2026-12-01' };
const running = { id: 'feb-2027', startDate: '2027-02-01' };
const laterRunning = { id: 'feb-2027-b', startDate: '2027-02-08' };
const next = { id: 'mar-2027', startDate: '2027-03-01' };
const afterNext = { id: 'apr-2027', startDate: '2027-04-05' };

describe('the cohort the admin schedule shows first', () => {
  it('is the running one, the latest started when two run at once', () => {
    expect(cohortToShow([next, running, finished], TODAY)).toBe(running);
    expect(cohortToShow([laterRunning, running, next], TODAY)).toBe(laterRunning);
    // Day 28 still runs; day 29 does not.
    expect(cohortToShow([running, next], '2027-02-28')).toBe(running);
    expect(cohortToShow([running, next], '2027-03-01')).toBe(next);
  });

  it('prefers a running weekly cohort to a self-paced one that started later', () => {
    const selfPaced = { id: 'self', startDate: '2027-02-09', pacing: 'self-paced' as const };
    const weekly = { ...running, pacing: 'weekly' as const };
    expect(cohortToShow([selfPaced, weekly], TODAY)).toBe(weekly);
    expect(cohortToShow([selfPaced, next], TODAY)).toBe(selfPaced);
  });

  it('else the next to start, else the latest', () => {
    expect(cohortToShow([afterNext, finished, next], TODAY)).toBe(next);
    expect(cohortToShow([finished, lastFinished], TODAY)).toBe(lastFinished);
    expect(cohortToShow([], TODAY)).toBeNull();
  });
});
