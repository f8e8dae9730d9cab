// Which cohort the admin schedule (/admin/webinars) shows when none is asked for (decision 37): the
// running one (a weekly one before a self-paced one, then the latest started, when runs overlap),
// else the next to start, else the latest. The desk's copy of the rule is SQL (deskCohortId in
// src/data/cohort-report.ts).
// Pure: no D1, Hono or React here.
import { type CohortDates, cohortState } from './cohorts';

export function cohortToShow<C extends Partial<Pick<CohortDates, 'pacing'>> & Pick<CohortDates, 'startDate'> & { id: string }>(
  cohorts: readonly C[],
  today: string,
): C | null {
  const byStart = [...cohorts].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id));
  const running = byStart.filter((c) => cohortState(c.startDate, today) === 'running');
  const weekly = running.filter((c) => c.pacing === 'weekly');
  if (weekly.length > 0) return weekly[weekly.length - 1]!;
  if (running.length > 0) return running[running.length - 1]!;
  const upcoming = byStart.find((c) => cohortState(c.startDate, today) === 'upcoming');
  return upcoming ?? byStart[byStart.length - 1] ?? null;
}
