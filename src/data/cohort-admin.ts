// The coach's cohorts (decision 35, docs/product.md#cohorts): create one with its four webinars,
// change it (a capacity never under the seats taken; a raised one seats the waitlist; one default
// for sign-ups), and list them all with their seats and figures, each in one D1 batch whatever the
// number of cohorts (seats and waitlist as stored on each cohort, Session 4 and the wheel gain read from the stored reports).
import { and, asc, desc, eq, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cohortReports } from '../db/schema-cohort-reports';
import { cohorts, webinars } from '../db/schema-cohorts';
import { COHORT_REPORT_VERSION } from '../domain/cohort-report';
import type { CohortChange, NewCohortInput } from '../domain/cohort-schema';
import { cohortWebinarSeries } from '../domain/cohort-webinars';
import { type CohortPacing, type CohortState, cohortState } from '../domain/cohorts';
import type { FieldErrors } from '../domain/field-errors';
import { seatFromWaitlistStatement, seatsTaken } from './cohorts';
import { newId } from './ids';

/** A cohort as the admin pages and GET /api/admin/cohorts show it. */
export interface AdminCohort {
  id: string;
  name: string;
  startDate: string;
  capacity: number | null;
  pacing: CohortPacing;
  enrolmentOpen: boolean;
  defaultForSignUps: boolean;
  state: CohortState;
  /** Current members with a seat, and on the waitlist (admins in the cohort count: they hold seats). */
  seated: number;
  waitlisted: number;
  /** Current members with the role user: whom the figures are about. */
  participants: number;
  /** Of them, who completed Session 4, and that share (0 to 1; null without participants). */
  completedSession4: number;
  session4CompletionRate: number | null;
  /** Of them, who have two wheels or more, and their wheels' average gain (latest total minus first; null when none). */
  withTwoWheels: number;
  averageWheelGain: number | null;
  webinars: { id: string; title: string; startTime: string; endTime: string }[];
}

export type CohortOutcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: FieldErrors };

const refused = (status: 400 | 404 | 409, message: string, field?: string): CohortOutcome<never> => ({
  ok: false,
  status,
  message,
  fieldErrors: field ? { [field]: [message] } : undefined,
});

export const COHORT_NOT_FOUND = 'Cohort not found';
const NAME_TAKEN = 'Another cohort has that name';
const DEFAULT_NEEDS_ENROLMENT = 'Only a cohort with enrolment open can take new sign-ups';
const HAS_WEBINARS = 'This cohort has its webinars already: edit them on the Webinars page';
const capacityUnder = (seated: number) => `Capacity cannot be under the ${seated} seat${seated === 1 ? '' : 's'} taken`;

/** D1 refused the name: the unique index on cohorts.name. */
const nameTaken = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: cohorts\.name/.test(`${error.message} ${String(error.cause ?? '')}`);

/**
 * A figure of the cohort's stored report (docs/product.md#the-coachs-desk), null without one of
 * this format: Session 4 and the wheel gain are read from it, never counted over the members here,
 * so the list reads a row per cohort whatever their size and their check-in history.
 */
const stored = (path: string) =>
  sql`CASE WHEN ${cohortReports.version} = ${COHORT_REPORT_VERSION} THEN json_extract(${cohortReports.figures}, ${path}) END`;

const figureColumns = {
  // Kept by triggers on cohort_members (migration 0026): one row per cohort, whatever its size.
  seated: cohorts.seated,
  waitlisted: cohorts.waitlisted,
  participants: sql<number | null>`${stored('$.funnel.signedUp')}`.as('participants'),
  session4: sql<number | null>`${stored('$.funnel.session4')}`.as('session4'),
  twoWheels: sql<number | null>`${stored('$.gain.members')}`.as('two_wheels'),
  // The gain of the wheel's total is the sum of the arenas' average gains (the same members).
  gain: sql<
    number | null
  >`CASE WHEN ${cohortReports.version} = ${COHORT_REPORT_VERSION} THEN (SELECT sum(j.value) FROM json_each(${cohortReports.figures}, '$.gain.arenas') j WHERE j.type IN ('integer', 'real')) END`.as(
    'gain',
  ),
};

interface FigureRow {
  seated: number | null;
  waitlisted: number | null;
  participants: number | null;
  session4: number | null;
  twoWheels: number | null;
  gain: number | null;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

function adminCohort(
  row: typeof cohorts.$inferSelect & FigureRow,
  today: string,
  webinarRows: { id: string; cohortId: string | null; title: string; startTime: string; endTime: string }[],
): AdminCohort {
  const participants = row.participants ?? 0;
  const completedSession4 = row.session4 ?? 0;
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    capacity: row.capacity,
    pacing: row.pacing,
    enrolmentOpen: row.enrolmentOpen,
    defaultForSignUps: row.defaultForSignUps,
    state: cohortState(row.startDate, today),
    seated: row.seated ?? 0,
    waitlisted: row.waitlisted ?? 0,
    participants,
    completedSession4,
    session4CompletionRate: participants === 0 ? null : completedSession4 / participants,
    withTwoWheels: row.twoWheels ?? 0,
    averageWheelGain: row.gain === null ? null : oneDecimal(row.gain),
    webinars: webinarRows
      .filter((w) => w.cohortId === row.id)
      .map(({ id, title, startTime, endTime }) => ({ id, title, startTime, endTime })),
  };
}

/** The webinars of every cohort, or of one. */
export const cohortWebinarsQuery = (db: Db, cohortId?: string) =>
  db
    .select({
      id: webinars.id,
      cohortId: webinars.cohortId,
      title: webinars.title,
      startTime: webinars.startTime,
      endTime: webinars.endTime,
    })
    .from(webinars)
    .where(cohortId ? eq(webinars.cohortId, cohortId) : isNotNull(webinars.cohortId))
    .orderBy(asc(webinars.startTime));

export type CohortWebinarRow = Awaited<ReturnType<typeof cohortWebinarsQuery>>[number];

/** Every cohort, newest start first, with its seats and stored figures: a row per cohort (a page read, src/data/auth-sessions.ts). */
export const adminCohortsQuery = (db: Db) =>
  db
    .select({ ...cohortColumns(), ...figureColumns })
    .from(cohorts)
    .leftJoin(cohortReports, eq(cohortReports.cohortId, cohorts.id))
    .orderBy(desc(cohorts.startDate), asc(cohorts.name));

export type AdminCohortRow = Awaited<ReturnType<typeof adminCohortsQuery>>[number];

/** A cohort with no stored report (or one of an older format): its figures read as none. */
export const withoutReport = (row: AdminCohortRow) => row.participants === null;

/** The cohorts as the list shows them, from the rows of adminCohortsQuery and cohortWebinarsQuery. */
export const adminCohorts = (rows: AdminCohortRow[], webinarRows: CohortWebinarRow[], today: string): AdminCohort[] =>
  rows.map((row) => adminCohort(row, today, webinarRows));

/** Every cohort, newest start first, with its seats, figures and webinars; `today` is the coaches' day. */
export async function listCohorts(db: Db, today: string): Promise<AdminCohort[]> {
  const [rows, webinarRows] = await db.batch([adminCohortsQuery(db), cohortWebinarsQuery(db)]);
  return adminCohorts(rows, webinarRows, today);
}

/** One cohort as listCohorts shows it, or null. */
async function findAdminCohort(db: Db, id: string, today: string): Promise<AdminCohort | null> {
  const [rows, webinarRows] = await db.batch([
    db
      .select({ ...cohortColumns(), ...figureColumns })
      .from(cohorts)
      .leftJoin(cohortReports, eq(cohortReports.cohortId, cohorts.id))
      .where(eq(cohorts.id, id))
      .limit(1),
    cohortWebinarsQuery(db, id),
  ]);
  return rows[0] ? adminCohort(rows[0], today, webinarRows) : null;
}

function cohortColumns() {
  return {
    id: cohorts.id,
    name: cohorts.name,
    startDate: cohorts.startDate,
    capacity: cohorts.capacity,
    enrolmentOpen: cohorts.enrolmentOpen,
    pacing: cohorts.pacing,
    defaultForSignUps: cohorts.defaultForSignUps,
    createdAt: cohorts.createdAt,
    updatedAt: cohorts.updatedAt,
  };
}

/** The cohorts a participant can be moved to, for the participant page's list: id, name, start. */
export function cohortChoicesQuery(db: Db) {
  return db
    .select({ id: cohorts.id, name: cohorts.name, startDate: cohorts.startDate })
    .from(cohorts)
    .orderBy(desc(cohorts.startDate), asc(cohorts.name));
}

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
