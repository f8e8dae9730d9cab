// Cohorts and the four-week clock (decisions 35 and 36, docs/product.md#cohorts): a cohort's state
// from its dates, where a participant stands in it, and when each session opens to them. Days are
// calendar days ('YYYY-MM-DD'): a cohort's start date is a day in the coaches' zone, and a
// participant's "today" is the day in their own zone, so Session 2 opens at 00:00 where they live.
// Pure: no D1, Hono or React here.
import { isSessionCompleted, type SessionCompletions, type SessionNumber } from './session-status';
import { addDays, daysBetween, formatCalendarDay } from './time-zone';

export const COHORT_PACINGS = ['weekly', 'self-paced'] as const;
export type CohortPacing = (typeof COHORT_PACINGS)[number];

/**
 * 'payment-pending': a seat held for a paid join until its `holdUntil` (decision 41); it counts as
 * taken while the hold runs, and is confirmed by the checkout's webhook (src/data/cohort-join.ts).
 */
export const SEATS = ['seated', 'waitlisted', 'payment-pending'] as const;
export type Seat = (typeof SEATS)[number];

const COHORT_STATES = ['upcoming', 'running', 'finished'] as const;
export type CohortState = (typeof COHORT_STATES)[number];

export const COHORT_WEEKS = 4;
export const COHORT_DAYS = COHORT_WEEKS * 7;
export const COHORT_NAME_MAX = 80;
/** The answer (404) wherever a cohort named by id does not exist. */
export const COHORT_NOT_FOUND = 'Cohort not found';
export const COHORT_CAPACITY_MAX = 100_000;

/** What the clock needs of a cohort. */
export interface CohortDates {
  startDate: string;
  pacing: CohortPacing;
}

/** A participant's current cohort and their place in it. */
export interface CohortPlace extends CohortDates {
  id: string;
  name: string;
  seat: Seat;
  /** While 'payment-pending': the hold's end (ISO-8601); null once it has lapsed (decision 41). */
  holdUntil?: string | null;
  /** While 'payment-pending': the plan the hold waits to be paid for. */
  holdPlan?: string | null;
}

/** Day 1 is the start date; 0 and below are before it. */
function cohortDay(startDate: string, today: string): number {
  return daysBetween(startDate, today) + 1;
}

/** The last of the cohort's 28 days. */
export function cohortLastDay(startDate: string): string {
  return addDays(startDate, COHORT_DAYS - 1);
}

/** upcoming before day 1, running on days 1 to 28, finished after. */
export function cohortState(startDate: string, today: string): CohortState {
  const day = cohortDay(startDate, today);
  if (day < 1) return 'upcoming';
  return day > COHORT_DAYS ? 'finished' : 'running';
}

export interface Standing {
  state: CohortState;
  /** 1 to 4 while running; null before the start and after the end. */
  week: number | null;
  /** 1 to 28 while running; null before the start and after the end. */
  day: number | null;
}

export function cohortStanding(startDate: string, today: string): Standing {
  const state = cohortState(startDate, today);
  if (state !== 'running') return { state, week: null, day: null };
  const day = cohortDay(startDate, today);
  return { state, week: Math.ceil(day / 7), day };
}

/** 'Week 2 of 4 · January 2027 · day 9', 'Starts in 3 days', 'Finished on Sun, Feb 1' (decision 36). */
export function standingText(cohort: CohortDates & { name: string }, today: string): string {
  const { state, week, day } = cohortStanding(cohort.startDate, today);
  const currentYear = today.slice(0, 4);
  if (state === 'upcoming') {
    const days = 1 - cohortDay(cohort.startDate, today);
    return `${cohort.name} · Starts ${days === 1 ? 'tomorrow' : `in ${days} days`}, ${formatCalendarDay(cohort.startDate, currentYear)}`;
  }
  if (state === 'finished') return `${cohort.name} · Finished on ${formatCalendarDay(cohortLastDay(cohort.startDate), currentYear)}`;
  return `Week ${week} of ${COHORT_WEEKS} · ${cohort.name} · day ${day}`;
}

/** The day Session n opens under weekly pacing: day 7(n-1) + 1 of the cohort (days 1, 8, 15, 22). */
export function sessionOpensOn(startDate: string, n: SessionNumber): string {
  return addDays(startDate, 7 * (n - 1));
}

/** Why a session is closed to a participant, or that it is open. */
export type SessionGate =
  | { open: true }
  /** Decision 11's rule: the session before is not complete. */
  | { open: false; reason: 'previous'; previous: SessionNumber }
  /** Weekly pacing: the session's day has not come yet in the participant's zone. */
  | { open: false; reason: 'date'; opensOn: string }
  /** Weekly pacing: Sessions 2 to 4 wait for a seat. */
  | { open: false; reason: 'waitlist' };

/** A closed gate: why the session is not open yet. */
export type ClosedGate = Exclude<SessionGate, { open: true }>;

/**
 * Whether Session n is open to a participant on `today` (their zone's day). A completed session
 * stays open (it can be reviewed and edited). Session 1 is open to everyone in a cohort, waitlisted
 * people included. Under weekly pacing Sessions 2 to 4 also wait for their day and a seat; without
 * a cohort (none is known) or when self-paced, decision 11's order alone decides.
 */
export function sessionGate(
  completions: SessionCompletions | null | undefined,
  n: SessionNumber,
  place: Pick<CohortPlace, 'startDate' | 'pacing' | 'seat'> | null,
  today: string,
): SessionGate {
  if (n === 1 || isSessionCompleted(completions, n)) return { open: true };
  if (place?.pacing === 'weekly') {
    // Waitlisted, or a seat still waiting for its payment (decision 41): not seated yet.
    if (place.seat !== 'seated') return { open: false, reason: 'waitlist' };
    const opensOn = sessionOpensOn(place.startDate, n);
    if (today < opensOn) return { open: false, reason: 'date', opensOn };
  }
  const previous = (n - 1) as SessionNumber;
  return isSessionCompleted(completions, previous) ? { open: true } : { open: false, reason: 'previous', previous };
}

/** The card's line for a closed session: 'Opens Mon, Jan 19', 'Opens once you have a seat', 'Complete Session 1 first'. */
export function gateLabel(gate: ClosedGate, today: string): string {
  if (gate.reason === 'date') return `Opens ${formatCalendarDay(gate.opensOn, today.slice(0, 4))}`;
  if (gate.reason === 'waitlist') return 'Opens once you have a seat';
  return `Complete Session ${gate.previous} first`;
}

/** The message of a refused save (409) or a closed page: the card's words with the session named. */
export function gateMessage(gate: ClosedGate, n: SessionNumber, today: string): string {
  if (gate.reason === 'date')
    return `Session ${n} opens ${formatCalendarDay(gate.opensOn, today.slice(0, 4))}, on day ${7 * (n - 1) + 1} of your cohort`;
  if (gate.reason === 'waitlist') return `Session ${n} opens once you have a seat in your cohort: you are on its waitlist`;
  return `Complete Session ${gate.previous} first`;
}

/** A participant's cohort as `GET /api/auth/me` answers it: week and day in their zone, null outside the four weeks. */
export function publicCohort(place: CohortPlace, today: string) {
  const { week, day } = cohortStanding(place.startDate, today);
  return {
    id: place.id,
    name: place.name,
    startDate: place.startDate,
    pacing: place.pacing,
    week,
    day,
    seat: place.seat,
    ...(place.seat === 'payment-pending' && { holdUntil: place.holdUntil ?? null }),
  };
}
