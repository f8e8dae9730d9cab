// Joining a cohort from /join and POST /api/cohorts/:id/join, and the seat a payment holds
// (decision 41, docs/product.md#joining-and-paying). A paid join holds a seat ('payment-pending')
// for 30 minutes, counted as taken while the hold runs (seatsTaken in src/data/cohorts.ts); the
// checkout's webhook confirms it; the scheduled run releases the holds that ran out and gives their
// seats to the waitlist. Every step is one conditional statement or batch, so two tabs, a webhook
// arriving twice or late, and the run racing a payment each end with exactly one place.
import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cohortMembers, cohorts } from '../db/schema-cohorts';
import type { CohortPlace } from '../domain/cohorts';
import { findCurrentPlace, moveToCohort, type SeatHold, seatFromWaitlistStatement, seatsTaken } from './cohorts';

export type JoinOutcome =
  | { ok: true; place: CohortPlace; seatedFromWaitlist: { cohortId: string; count: number } | null }
  | { ok: false; reason: 'no-cohort' | 'closed' };

/** A hold still running at `at`. */
function holdRuns(place: Pick<CohortPlace, 'seat' | 'holdUntil'>, at: string): boolean {
  return place.seat === 'payment-pending' && Boolean(place.holdUntil) && place.holdUntil! > at;
}

/**
 * Puts the user in the cohort: seated (or waitlisted) when no payment is needed, else with the
 * seat held for it (`hold`). Joining the cohort they are in already answers the place they hold,
 * never a second one; a hold of theirs that ran out is taken again while a seat is free (else they
 * go on the waitlist). A cohort that does not exist is 'no-cohort'; one whose enrolment is closed,
 * 'closed' (unless they are in it already).
 */
export async function joinCohort(db: Db, userId: string, cohortId: string, at: string, hold?: SeatHold): Promise<JoinOutcome> {
  const [[cohort], current] = await Promise.all([
    db.select({ id: cohorts.id, open: cohorts.enrolmentOpen }).from(cohorts).where(eq(cohorts.id, cohortId)).limit(1),
    findCurrentPlace(db, userId),
  ]);
  if (!cohort) return { ok: false, reason: 'no-cohort' };
  if (current?.id === cohortId) {
    if (!hold || current.seat !== 'payment-pending' || holdRuns(current, at)) return { ok: true, place: current, seatedFromWaitlist: null };
    await holdAgainStatement(db, userId, cohortId, at, hold);
    return { ok: true, place: (await findCurrentPlace(db, userId)) ?? current, seatedFromWaitlist: null };
  }
  if (!cohort.open) return { ok: false, reason: 'closed' };
  const moved = await moveToCohort(db, userId, cohortId, at, undefined, hold);
  // A join racing this one got there first: answer the place it made.
  const place = moved.ok ? moved.to : await findCurrentPlace(db, userId);
  if (!place) return { ok: false, reason: 'no-cohort' };
  const seated = moved.ok && moved.from ? { cohortId: moved.from.id, count: moved.seatedFromWaitlist.length } : null;
  return { ok: true, place, seatedFromWaitlist: seated };
}

/** A lapsed hold taken again: held anew while a seat is free at `at`, else a place on the waitlist. */
function holdAgainStatement(db: Db, userId: string, cohortId: string, at: string, hold: SeatHold) {
  const free = sql`((SELECT c.capacity FROM cohorts c WHERE c.id = ${cohortId}) IS NULL OR ${seatsTaken(sql`${cohortId}`, at)} < (SELECT c.capacity FROM cohorts c WHERE c.id = ${cohortId}))`;
  return db
    .update(cohortMembers)
    .set({
      seat: sql`CASE WHEN ${free} THEN 'payment-pending' ELSE 'waitlisted' END`,
      holdUntil: sql`CASE WHEN ${free} THEN ${hold.until} END`,
      holdPlan: sql`CASE WHEN ${free} THEN ${hold.plan} END`,
    })
    .where(
      and(
        eq(cohortMembers.userId, userId),
        eq(cohortMembers.cohortId, cohortId),
        isNull(cohortMembers.leftAt),
        eq(cohortMembers.seat, 'payment-pending'),
        sql`(${cohortMembers.holdUntil} IS NULL OR ${cohortMembers.holdUntil} <= ${at})`,
      ),
    );
}

/** What a paid checkout did to the member's place: seated, waitlisted (the cohort filled after the hold ran out), or nothing held. */
export type PaidSeat = { seat: 'seated' | 'waitlisted'; cohortId: string; cohortName: string } | null;

/**
 * Confirms the seat a payment was held for (decision 41), in one batch: seated while the hold runs,
 * or after it ran out while a seat is still free; else on the waitlist (the caller marks the
 * event 'needs review'). Only a 'payment-pending' place changes, so a second checkout, a replay
 * or a member with no hold changes nothing (null).
 */
export async function confirmPaidSeat(db: Db, userId: string, at: string): Promise<PaidSeat> {
  const m = cohortMembers;
  const pending = and(eq(m.userId, userId), isNull(m.leftAt), eq(m.seat, 'payment-pending'));
  const capacity = sql`(SELECT c.capacity FROM cohorts c WHERE c.id = ${m.cohortId})`;
  const stillFree = sql`(${m.holdUntil} > ${at} OR ${capacity} IS NULL OR ${seatsTaken(sql`${m.cohortId}`, at)} < ${capacity})`;
  const returning = { cohortId: m.cohortId, cohortName: sql<string>`(SELECT c.name FROM cohorts c WHERE c.id = ${m.cohortId})` };
  const [seated, waitlisted] = await db.batch([
    db.update(m).set({ seat: 'seated', seatedAt: at, holdUntil: null, holdPlan: null }).where(and(pending, stillFree)).returning(returning),
    db.update(m).set({ seat: 'waitlisted', holdUntil: null, holdPlan: null }).where(pending).returning(returning),
  ]);
  if (seated[0]) return { seat: 'seated', ...seated[0] };
  if (waitlisted[0]) return { seat: 'waitlisted', ...waitlisted[0] };
  return null;
}

/**
 * The scheduled run's part (src/jobs/seat-holds.ts): every hold that ran out by `at` is released
 * (its place stays 'payment-pending', no longer counted, so 'Finish payment' can take it again),
 * and then each cohort that had one seats the first of its waitlist (a hundred cohorts a run).
 * Answers the cohorts whose waitlist moved, to mail who got a seat.
 */
export async function releaseLapsedHolds(db: Db, at: string): Promise<string[]> {
  const m = cohortMembers;
  // One statement when nothing ran out (the usual run): the release answers the cohorts it touched.
  const released = await db
    .update(m)
    .set({ holdUntil: null })
    .where(and(isNotNull(m.holdUntil), lte(m.holdUntil, at)))
    .returning({ cohortId: m.cohortId, leftAt: m.leftAt });
  const cohortIds = [...new Set(released.filter((r) => r.leftAt === null).map((r) => r.cohortId))].slice(0, 100);
  if (cohortIds.length === 0) return [];
  const seated = await db.batch(
    cohortIds.map((id) => seatFromWaitlistStatement(db, id, at)) as [ReturnType<typeof seatFromWaitlistStatement>],
  );
  return cohortIds.filter((_, i) => (seated[i] as unknown[]).length > 0);
}
