// The coach's list of cohorts (decision 35, docs/product.md#cohorts): every cohort with its seats
// and figures, in one D1 batch whatever the number of cohorts (seats and waitlist as stored on each
// cohort, Session 4 and the wheel gain read from the stored reports), and one cohort the same way.
// Creating and changing them: src/data/cohort-changes.ts.
import { asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cohortReports } from '../db/schema-cohort-reports';
import { cohorts, webinars } from '../db/schema-cohorts';
import { COHORT_REPORT_VERSION } from '../domain/cohort-report';
import { type CohortPacing, type CohortState, cohortState } from '../domain/cohorts';

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
export async function findAdminCohort(db: Db, id: string, today: string): Promise<AdminCohort | null> {
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
