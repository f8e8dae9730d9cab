// Who is in which cohort (decision 35, docs/product.md#cohorts). Seats are taken and freed by
// single SQL statements that count the seats they guard, so capacity holds under any race: D1 runs
// one statement at a time, and a statement sees the rows the one before it wrote.
import { and, desc, eq, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { cohortMembers, cohorts } from '../db/schema-cohorts';
import { AUDIT_ACTIONS } from '../domain/audit';
import type { CohortPacing, CohortPlace, Seat } from '../domain/cohorts';
import { appendAudit } from './audit';
import { forgetCohortReport } from './cohort-report';
import { newId } from './ids';

/**
 * The cohort sign-up places a new participant in (decision 35): the one the coach marked as the
 * default for sign-ups; when none is marked, the next to start with enrolment open (a cohort
 * starting on the coaches' `today` included), else the latest to have started. A scalar subquery,
 * so it rides inside the enrolling statement. `today` is the coaches' day (coachToday), not
 * SQLite's UTC date('now'): in the coaches' evening that is already tomorrow.
 */
export const defaultCohortId = (today: string) =>
  sql`(SELECT id FROM cohorts ORDER BY default_for_sign_ups DESC, enrolment_open DESC, (start_date >= ${today}) DESC, CASE WHEN start_date >= ${today} THEN start_date END ASC, start_date DESC, id LIMIT 1)`;

/**
 * Seats taken in a cohort at `at`, counted in SQL (`cohort` is a column or a bound value): the
 * seated, as the cohort stores them (kept by triggers in the same statement: migration 0026), and
 * the seats held for a payment whose hold still runs (decision 41), counted from the members'
 * index (only the holds are read). The one count every statement that takes or frees a seat uses,
 * and the public list shows.
 */
export const seatsTaken = (cohort: SQL, at: string) =>
  sql`((SELECT taken_c.seated FROM cohorts taken_c WHERE taken_c.id = ${cohort}) + (SELECT count(*) FROM cohort_members taken_m WHERE taken_m.cohort_id = ${cohort} AND taken_m.left_at IS NULL AND taken_m.seat = 'payment-pending' AND taken_m.hold_until > ${at}))`;

/** A seat held for a payment (decision 41): until when, and for which plan. */
export interface SeatHold {
  until: string;
  plan: string;
}

/**
 * One statement placing a user in a cohort (`cohort` is an id, or the SQL of one such as
 * defaultCohortId(today)): seated while the capacity allows at that instant (with a `hold`, the seat is
 * held for a payment instead: 'payment-pending' until `hold.until`), else on the waitlist. Inserts
 * nothing when the cohort does not exist, or when the user already has a current cohort (end it
 * first, as moveToCohort does), so a second join racing the first adds no second place.
 */
export function enrolStatement(db: Db, userId: string, cohort: string | SQL, at: string, hold?: SeatHold) {
  const chosen = typeof cohort === 'string' ? sql`${cohort}` : cohort;
  const free = sql`(${cohorts.capacity} IS NULL OR ${seatsTaken(sql`${cohorts.id}`, at)} < ${cohorts.capacity})`;
  const taken = hold ? sql`'payment-pending'` : sql`'seated'`;
  return db.insert(cohortMembers).select(
    db
      .select({
        id: sql`${newId()}`.as('id'),
        userId: sql`${userId}`.as('user_id'),
        cohortId: cohorts.id,
        seat: sql`CASE WHEN ${free} THEN ${taken} ELSE 'waitlisted' END`.as('seat'),
        joinedAt: sql`${at}`.as('joined_at'),
        seatedAt: sql`CASE WHEN ${free} AND ${hold ? 0 : 1} THEN ${at} END`.as('seated_at'),
        leftAt: sql`NULL`.as('left_at'),
        holdUntil: sql`CASE WHEN ${free} THEN ${hold?.until ?? null} END`.as('hold_until'),
        holdPlan: sql`CASE WHEN ${free} THEN ${hold?.plan ?? null} END`.as('hold_plan'),
      })
      .from(cohorts)
      .where(
        sql`${cohorts.id} = ${chosen} AND NOT EXISTS (SELECT 1 FROM cohort_members x WHERE x.user_id = ${userId} AND x.left_at IS NULL)`,
      ),
  );
}

/**
 * One statement seating the first of a cohort's waitlist (first come, first served) as many as
 * its free seats allow; answers the user ids seated. Run after anything that frees a seat or
 * raises the capacity. A cohort that does not exist seats nobody (LIMIT NULL would be an error).
 */
export function seatFromWaitlistStatement(db: Db, cohortId: string, at: string) {
  const free = sql`(SELECT CASE WHEN c.capacity IS NULL THEN -1 ELSE max(c.capacity - ${seatsTaken(sql`c.id`, at)}, 0) END FROM cohorts c WHERE c.id = ${cohortId})`;
  return db
    .update(cohortMembers)
    .set({ seat: 'seated', seatedAt: at })
    .where(
      sql`${cohortMembers.id} IN (SELECT w.id FROM cohort_members w WHERE w.cohort_id = ${cohortId} AND w.left_at IS NULL AND w.seat = 'waitlisted' ORDER BY w.joined_at, w.id LIMIT coalesce(${free}, 0))`,
    )
    .returning({ userId: cohortMembers.userId });
}

/** A seat a deletion freed: its batch ran at `at` and seated the first of `cohortId`'s waitlist (docs/product.md#cohorts). */
export interface FreedSeat {
  cohortId: string;
  at: string;
  seatedFromWaitlist: number;
}

/**
 * The user's current cohort and seat, as every signed-in request reads it (src/data/auth-sessions.ts).
 * Aliased: D1's batch answers rows keyed by column name, where `id` and `name` would meet the user's.
 */
export const currentPlaceColumns = {
  id: sql<string>`${cohorts.id}`.as('cohort_id'),
  name: sql<string>`${cohorts.name}`.as('cohort_name'),
  startDate: sql<string>`${cohorts.startDate}`.as('cohort_start_date'),
  pacing: sql<CohortPacing>`${cohorts.pacing}`.as('cohort_pacing'),
  seat: sql<Seat>`${cohortMembers.seat}`.as('cohort_seat'),
  holdUntil: sql<string | null>`${cohortMembers.holdUntil}`.as('cohort_hold_until'),
  holdPlan: sql<string | null>`${cohortMembers.holdPlan}`.as('cohort_hold_plan'),
};

function currentPlaceQuery(db: Db, userId: string | Placeholder) {
  return db
    .select(currentPlaceColumns)
    .from(cohortMembers)
    .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    .where(and(eq(cohortMembers.userId, userId), isNull(cohortMembers.leftAt)))
    .limit(1);
}

export async function findCurrentPlace(db: Db, userId: string): Promise<CohortPlace | null> {
  const [row] = await currentPlaceQuery(db, userId);
  return row ?? null;
}

/** Every cohort the user has been in, newest first (the current one has no `leftAt`). */
export function cohortHistoryQuery(db: Db, userId: string) {
  return db
    .select({ ...currentPlaceColumns, joinedAt: cohortMembers.joinedAt, seatedAt: cohortMembers.seatedAt, leftAt: cohortMembers.leftAt })
    .from(cohortMembers)
    .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    .where(eq(cohortMembers.userId, userId))
    .orderBy(desc(cohortMembers.joinedAt), desc(cohortMembers.id));
}

export type MoveOutcome =
  | { ok: true; from: CohortPlace | null; to: CohortPlace; seatedFromWaitlist: string[] }
  | { ok: false; reason: 'no-user' | 'no-cohort' | 'same-cohort' };

/** A membership of the user's as the trail names it, 'January 2027 (seated)', picked by `which` (SQL over `m`). */
const placeWords = (userId: string, which: SQL) =>
  sql`(SELECT c.name || ' (' || m.seat || ')' FROM cohort_members m JOIN cohorts c ON c.id = m.cohort_id WHERE m.user_id = ${userId} AND ${which} ORDER BY m.joined_at DESC LIMIT 1)`;

/**
 * Moves a user to another cohort in one batch: the current membership ends, the new one starts
 * (seated or waitlisted by the new cohort's capacity; with a `hold`, held for a payment instead of
 * seated: src/data/cohort-join.ts), and the seat freed in the old cohort goes to
 * the first on its waitlist. With an `actor` (an admin's move) the audit trail gets 'Cohort
 * changed', from and to the cohort and seat, in the same batch (decision 25). Answers who was
 * seated off the waitlist, so the caller can tell them.
 */
export async function moveToCohort(
  db: Db,
  userId: string,
  cohortId: string,
  at = new Date().toISOString(),
  actor?: string,
  hold?: SeatHold,
): Promise<MoveOutcome> {
  const [[target], [user], from] = await Promise.all([
    db.select({ id: cohorts.id }).from(cohorts).where(eq(cohorts.id, cohortId)).limit(1),
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    findCurrentPlace(db, userId),
  ]);
  if (!user) return { ok: false, reason: 'no-user' };
  if (!target) return { ok: false, reason: 'no-cohort' };
  if (from?.id === cohortId) return { ok: false, reason: 'same-cohort' };
  // Only a place elsewhere ends: a move (or join) racing this one into the same cohort, which got
  // there first, is left as it is and this batch adds nothing (enrolStatement's guard).
  const end = db
    .update(cohortMembers)
    .set({ leftAt: at })
    .where(and(eq(cohortMembers.userId, userId), isNull(cohortMembers.leftAt), ne(cohortMembers.cohortId, cohortId)));
  // The stored reports of both cohorts go (docs/product.md#the-coachs-desk): the next read or run
  // counts the participant in the new cohort only.
  const audit = actor
    ? [
        appendAudit(db, {
          userId,
          actor,
          action: AUDIT_ACTIONS.cohort,
          from: placeWords(userId, sql`m.left_at = ${at}`),
          to: placeWords(userId, sql`m.left_at IS NULL`),
        }),
      ]
    : [];
  const results = await db.batch([
    forgetCohortReport(db, userId),
    end,
    enrolStatement(db, userId, cohortId, at, hold),
    forgetCohortReport(db, userId),
    ...(from ? [seatFromWaitlistStatement(db, from.id, at)] : []),
    ...audit,
  ]);
  const seated = from ? (results[4] as { userId: string }[]) : [];
  const to = await findCurrentPlace(db, userId);
  return { ok: true, from, to: to!, seatedFromWaitlist: seated.map((r) => r.userId) };
}

/** Whether sign-up may place someone in this cohort (`/join/:cohort`): it exists and its enrolment is open. */
export async function isOpenForEnrolment(db: Db, cohortId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(and(eq(cohorts.id, cohortId), eq(cohorts.enrolmentOpen, true)))
    .limit(1);
  return Boolean(row);
}
