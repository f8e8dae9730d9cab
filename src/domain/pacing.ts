// What the four-week clock (decision 36, docs/product.md#session-order-and-status) means on one
// participant's pages: each session's status as its card shows it, the line saying where they
// stand in their cohort, what the waitlist means and how weekly pacing opens the sessions. Whether
// a session is open is sessionGate's to say (./cohorts.ts); everything here asks it. Pure.
import { type ClosedGate, type CohortPlace, sessionGate, standingText } from './cohorts';
import { isSessionCompleted, type SessionCompletions, type SessionNumber } from './session-status';

/** A participant on the clock: their current cohort and seat (null when no cohort holds them) and today in their own zone. */
export interface SessionClock {
  place: CohortPlace | null;
  /** 'YYYY-MM-DD' in the participant's zone. */
  today: string;
}

/** A session as its card shows it: done, open, or closed and why (the gate's reason). */
export type SessionStatus = { status: 'completed' } | { status: 'available' } | { status: 'locked'; gate: ClosedGate };

export function sessionStatus(completions: SessionCompletions | null | undefined, n: SessionNumber, clock: SessionClock): SessionStatus {
  if (isSessionCompleted(completions, n)) return { status: 'completed' };
  const gate = sessionGate(completions, n, clock.place, clock.today);
  return gate.open ? { status: 'available' } : { status: 'locked', gate };
}

/**
 * Where a participant stands, as the dashboard says it: 'Week 2 of 4 · January 2027 · day 9',
 * 'January 2027 · Starts in 3 days, Tue, Jan 12', 'January 2027 · Finished on Mon, Feb 8' under
 * weekly pacing, 'Self-paced · Founding cohort' otherwise; null without a cohort.
 */
export function placeText(place: CohortPlace | null, today: string): string | null {
  if (!place) return null;
  return place.pacing === 'weekly' ? standingText(place, today) : `Self-paced · ${place.name}`;
}

/** What being on the waitlist means for this participant; null when seated (or without a cohort). */
export function waitlistText(place: CohortPlace | null): string | null {
  if (place?.seat !== 'waitlisted') return null;
  const meanwhile =
    place.pacing === 'weekly'
      ? 'Session 1 is open to you now; Sessions 2, 3 and 4 open once you have a seat.'
      : 'Your sessions are open to you meanwhile.';
  return `You are on the waitlist of ${place.name}: seats go first come, first served as they free up. ${meanwhile}`;
}

/** How the sessions open under weekly pacing, for /sessions; null when self-paced (the order alone decides). */
export function pacingText(place: CohortPlace | null): string | null {
  if (place?.pacing !== 'weekly') return null;
  return `${place.name} moves a week at a time: Session 1 is open from the day you join, and Sessions 2, 3 and 4 open on days 8, 15 and 22 of the cohort at midnight where you are, each once the one before is complete.`;
}
