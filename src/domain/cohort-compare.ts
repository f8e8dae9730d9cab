// The coach's desk per cohort and the comparison of cohorts (docs/product.md#the-coachs-desk,
// decision 37): which cohort a desk address names, the coaches' day the cohorts' states are
// reckoned in, and one cohort's line of the comparison (completion, median streak, wheel gain per
// arena) from its stored report. Pure.
import * as z from 'zod/mini';
import { funnelShare, type WheelGain } from './cohort';
import type { CohortFigures } from './cohort-report';
import { type CohortState, cohortState, standingText } from './cohorts';
import { calendarDay } from './time-zone';

/** The 15-minute run works out at most this many cohorts' reports (the rest wait for the next run, oldest report first). */
export const REPORTS_PER_RUN = 12;
/** A read of the comparison works out at most this many missing reports itself (the rest show as not yet worked out). */
export const REPORTS_PER_READ = 3;

/** Today in the coaches' zone (decision 35): the day a cohort's start date and state are reckoned in. */
export function coachToday(now: Date, coachZone: string): string {
  return calendarDay(now, coachZone);
}

/** ?cohort=ID on the desk, its JSON and its CSV: absent means the default (the running cohort, else the next, else the latest). */
export const cohortQuerySchema = z.object({
  cohort: z.optional(z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/))),
});

/** A cohort as the desk's selector and the comparison name it. */
export interface DeskCohort {
  id: string;
  name: string;
  startDate: string;
  pacing: 'weekly' | 'self-paced';
}

const STATE_WORDS: Record<CohortState, string> = { upcoming: 'upcoming', running: 'running', finished: 'finished' };

/** The selector's option: 'January 2027 (running)'. */
export function cohortOptionLabel(cohort: DeskCohort, today: string): string {
  return `${cohort.name} (${STATE_WORDS[cohortState(cohort.startDate, today)]})`;
}

/** The desk's line under its heading: 'Week 2 of 4 · January 2027 · day 9', 'January 2027 · Starts in 3 days, …'. */
export function cohortStandingLine(cohort: DeskCohort, today: string): string {
  return standingText(cohort, today);
}

/** One cohort side by side with the others: null figures when its report is not worked out yet. */
export interface ComparedCohort {
  id: string;
  name: string;
  startDate: string;
  state: CohortState;
  computedAt: string | null;
  /** Current members counted (role user). */
  members: number | null;
  /** Session 4 completed, of the members. */
  completion: { completed: number; percent: number } | null;
  /** The median current streak of those who ever checked in. */
  medianStreak: number | null;
  gain: WheelGain | null;
}

export function comparedCohort(
  cohort: DeskCohort,
  report: { computedAt: string; figures: CohortFigures } | null,
  today: string,
): ComparedCohort {
  const figures = report?.figures ?? null;
  return {
    id: cohort.id,
    name: cohort.name,
    startDate: cohort.startDate,
    state: cohortState(cohort.startDate, today),
    computedAt: report?.computedAt ?? null,
    members: figures ? figures.funnel.signedUp : null,
    completion: figures
      ? { completed: figures.funnel.session4, percent: funnelShare(figures.funnel.session4, figures.funnel.signedUp) }
      : null,
    medianStreak: figures ? figures.checkIns.medianStreak : null,
    gain: figures ? figures.gain : null,
  };
}

/** A gain in words for the table: '+1.5', '-0.3', '0.0', '—' when nobody has two wheels. */
export function gainText(gain: number | null): string {
  if (gain === null) return '—';
  return gain > 0 ? `+${gain.toFixed(1)}` : gain.toFixed(1);
}
