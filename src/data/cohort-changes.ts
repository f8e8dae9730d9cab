// Creating and changing cohorts (decision 35, docs/product.md#cohorts): create one with its four
// webinars; change it (a capacity never under the seats taken, a raised one seats the waitlist, one
// default for sign-ups), each in one D1 batch; and who a change seated off the waitlist, to mail them.
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cohorts, webinars } from '../db/schema-cohorts';
import type { CohortChange, NewCohortInput } from '../domain/cohort-schema';
import { cohortWebinarSeries } from '../domain/cohort-webinars';
import { COHORT_NOT_FOUND } from '../domain/cohorts';
import type { FieldErrors } from '../domain/field-errors';
import { type AdminCohort, findAdminCohort } from './cohort-admin';
import { seatFromWaitlistStatement, seatsTaken } from './cohorts';
import { newId } from './ids';

export type CohortOutcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: FieldErrors };

const refused = (status: 400 | 404 | 409, message: string, field?: string): CohortOutcome<never> => ({
  ok: false,
  status,
  message,
  fieldErrors: field ? { [field]: [message] } : undefined,
});

const NAME_TAKEN = 'Another cohort has that name';
const DEFAULT_NEEDS_ENROLMENT = 'Only a cohort with enrolment open can take new sign-ups';
const HAS_WEBINARS = 'This cohort has its webinars already: edit them on the Webinars page';
const capacityUnder = (seated: number) => `Capacity cannot be under the ${seated} seat${seated === 1 ? '' : 's'} taken`;

/** D1 refused the name: the unique index on cohorts.name. */
const nameTaken = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: cohorts\.name/.test(`${error.message} ${String(error.cause ?? '')}`);

/** Rows inserting a series of four webinars for a cohort. */
function seriesStatement(db: Db, cohortId: string, startDate: string, slot: NonNullable<NewCohortInput['webinars']>, coachZone: string) {
  return db.insert(webinars).values(cohortWebinarSeries(startDate, slot, coachZone).map((w) => ({ ...w, id: newId(), cohortId })));
}

/** Unmarks every other cohort as the default for sign-ups when `onlyIf` holds (the partial unique index allows one). */
const clearOtherDefaults = (db: Db, id: string, onlyIf: SQL) =>
  db
    .update(cohorts)
    .set({ defaultForSignUps: false })
    .where(and(eq(cohorts.defaultForSignUps, true), ne(cohorts.id, id), onlyIf));

/** Creates a cohort and, when asked, its four webinars, in one batch. 409 when the name is taken. */
export async function createCohort(db: Db, input: NewCohortInput, today: string, coachZone: string): Promise<CohortOutcome<AdminCohort>> {
  if (input.defaultForSignUps && !input.enrolmentOpen) return refused(400, DEFAULT_NEEDS_ENROLMENT, 'defaultForSignUps');
  const id = newId();
  const { webinars: slot, ...fields } = input;
  try {
    await db.batch([
      clearOtherDefaults(db, id, sql`${input.defaultForSignUps ? 1 : 0}`),
      db.insert(cohorts).values({ id, ...fields }),
      ...(slot ? [seriesStatement(db, id, input.startDate, slot, coachZone)] : []),
    ]);
  } catch (error) {
    if (nameTaken(error)) return refused(409, NAME_TAKEN, 'name');
    throw error;
  }
  return { ok: true, value: (await findAdminCohort(db, id, today))! };
}

export interface CohortUpdate {
  cohort: AdminCohort;
  /** Who the change seated off the waitlist (a raised or removed capacity), to be told. */
  seatedFromWaitlist: string[];
}

/**
 * Changes a cohort in one batch. A capacity under the seats taken is refused (400, also when a
 * sign-up took a seat meanwhile: the condition is part of the UPDATE); a raised one seats the
 * first of the waitlist. Marking it the default for sign-ups unmarks the others; closing its
 * enrolment unmarks it (sign-ups then go to the next cohort open). `webinars` adds the four-webinar
 * series to a cohort that has none (409 when it has some: they are edited on /admin/webinars).
 */
export async function updateCohort(
  db: Db,
  id: string,
  change: CohortChange,
  today: string,
  coachZone: string,
  at = new Date().toISOString(),
): Promise<CohortOutcome<CohortUpdate>> {
  // Seats held for a payment count too (decision 41): a capacity may not go under them either.
  const taken = sql<number>`${seatsTaken(sql`${id}`, at)}`;
  const [[current], [{ seated, webinarCount } = { seated: 0, webinarCount: 0 }]] = await db.batch([
    db.select().from(cohorts).where(eq(cohorts.id, id)).limit(1),
    db
      .select({ seated: taken, webinarCount: sql<number>`(SELECT count(*) FROM webinars w WHERE w.cohort_id = ${id})` })
      .from(sql`(SELECT 1)`),
  ]);
  if (!current) return refused(404, COHORT_NOT_FOUND);
  const enrolmentOpen = change.enrolmentOpen ?? current.enrolmentOpen;
  if (change.defaultForSignUps && !enrolmentOpen) return refused(400, DEFAULT_NEEDS_ENROLMENT, 'defaultForSignUps');
  const defaultForSignUps = enrolmentOpen && (change.defaultForSignUps ?? current.defaultForSignUps);
  const capacity = change.capacity === undefined ? current.capacity : change.capacity;
  if (capacity !== null && capacity < seated) return refused(400, capacityUnder(seated), 'capacity');
  if (change.webinars && webinarCount > 0) return refused(409, HAS_WEBINARS, 'webinars');
  const startDate = change.startDate ?? current.startDate;
  // The capacity holds against the seats taken when the batch runs, not when they were read.
  const fits = capacity === null ? sql`1` : sql`${capacity} >= ${taken}`;
  const { webinars: slot, ...fields } = change;
  let results: readonly unknown[];
  try {
    results = await db.batch([
      clearOtherDefaults(db, id, defaultForSignUps ? fits : sql`0`),
      db
        .update(cohorts)
        .set({ ...fields, capacity, enrolmentOpen, defaultForSignUps, updatedAt: at })
        .where(and(eq(cohorts.id, id), fits))
        .returning({ id: cohorts.id }),
      seatFromWaitlistStatement(db, id, at),
      ...(slot ? [seriesStatement(db, id, startDate, slot, coachZone)] : []),
    ]);
  } catch (error) {
    if (nameTaken(error)) return refused(409, NAME_TAKEN, 'name');
    throw error;
  }
  if ((results[1] as unknown[]).length === 0) {
    const [{ now } = { now: 0 }] = await db.select({ now: taken }).from(sql`(SELECT 1)`);
    return refused(400, capacityUnder(now), 'capacity');
  }
  const seatedRows = results[2] as { userId: string }[];
  return { ok: true, value: { cohort: (await findAdminCohort(db, id, today))!, seatedFromWaitlist: seatedRows.map((r) => r.userId) } };
}

/**
 * Who was seated off a cohort's waitlist at `at` (the moment the freeing batch ran, which
 * seatFromWaitlistStatement stamps on their seat), with the cohort, to mail them. Read by that
 * stamp rather than by a list of ids, which a large capacity raise would take past D1's bound
 * parameters.
 */
export async function seatedFromWaitlistAt(db: Db, cohortId: string, at: string) {
  const [people, [cohort]] = await db.batch([
    db
      .select({ id: sql<string>`u.id`, email: sql<string>`u.email` })
      .from(sql`cohort_members m JOIN users u ON u.id = m.user_id`)
      .where(sql`m.cohort_id = ${cohortId} AND m.left_at IS NULL AND m.seat = 'seated' AND m.seated_at = ${at} AND m.joined_at <> ${at}`),
    db
      .select({ name: cohorts.name, startDate: cohorts.startDate, pacing: cohorts.pacing })
      .from(cohorts)
      .where(eq(cohorts.id, cohortId))
      .limit(1),
  ]);
  return cohort ? { cohort, people } : null;
}
