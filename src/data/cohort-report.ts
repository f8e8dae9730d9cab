// Reading the stored cohort reports (docs/product.md#the-coachs-desk): which cohort a desk shows,
// the cohorts for its selector, that cohort's report row and a range of its needs-attention rows,
// each with the participant's name and email as they are now. Each is a query a page can read in
// its session's batch (src/data/auth-sessions.ts), with the cohort and the coaches' day as
// placeholders, so /admin/cohort is one D1 round trip; rows read: the cohorts' rows, the report's
// one row and the listed people, whatever the size of this or any other cohort. Worked out and
// stored by src/data/cohort.ts.
import { and, asc, desc, eq, gt, inArray, isNull, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { type CohortReportRow, cohortAttention, cohortReports } from '../db/schema-cohort-reports';
import { cohortMembers, cohorts } from '../db/schema-cohorts';
import type { DeskCohort } from '../domain/cohort-compare';
import { ATTENTION_PAGE_SIZE, type StoredAttention } from '../domain/cohort-report';
import { COHORT_DAYS } from '../domain/cohorts';

export type Value = string | null | Placeholder;

/**
 * The id of the cohort a desk shows, as SQL: the one `cohortId` names (null: none, when no such
 * cohort), or without one (`cohortId` null) the running cohort (a weekly one before a self-paced
 * one, then the latest to start, when several run), else the next to start, else the latest to
 * have started; `today` is the coaches' day. The same rule as cohortToShow (src/domain/schedule-cohort.ts).
 */
export function deskCohortId(cohortId: Value, today: Value): SQL {
  const running = sql`(c.start_date <= ${today} AND c.start_date > date(${today}, ${`-${COHORT_DAYS} days`}))`;
  return sql`(SELECT c.id FROM ${cohorts} c WHERE ${cohortId} IS NULL OR c.id = ${cohortId}
    ORDER BY CASE WHEN ${running} THEN 0 WHEN c.start_date > ${today} THEN 1 ELSE 2 END, CASE WHEN ${running} AND c.pacing = 'weekly' THEN 0 ELSE 1 END, CASE WHEN c.start_date > ${today} THEN c.start_date END, c.start_date DESC, c.id LIMIT 1)`;
}

/** Every cohort, newest first, with the one the desk shows marked (`shown` 1). */
export function deskCohortsQuery(db: Db, cohortId: Value, today: Value) {
  return db
    .select({
      id: cohorts.id,
      name: cohorts.name,
      startDate: cohorts.startDate,
      pacing: cohorts.pacing,
      shown: sql<number>`${cohorts.id} = ${deskCohortId(cohortId, today)}`.as('shown'),
    })
    .from(cohorts)
    .orderBy(desc(cohorts.startDate), asc(cohorts.id));
}

export type DeskCohortRow = DeskCohort & { shown: number | boolean };

export function cohortReportQuery(db: Db, cohortId: Value, today: Value) {
  return db
    .select()
    .from(cohortReports)
    .where(eq(cohortReports.cohortId, deskCohortId(cohortId, today)))
    .limit(1);
}

/** What a person's reasons are worded from (attentionInWords), as their stored needs-attention row holds it. */
export const attentionFacts = {
  today: cohortAttention.today,
  timeZone: cohortAttention.timeZone,
  createdAt: cohortAttention.createdAt,
  s1: cohortAttention.session1CompletedAt,
  s2: cohortAttention.session2CompletedAt,
  s3: cohortAttention.session3CompletedAt,
  s4: cohortAttention.session4CompletedAt,
  lastDay: cohortAttention.lastDay,
  moods: cohortAttention.moods,
  grace: cohortAttention.grace,
};

/**
 * The cohort's needs-attention rows at positions after `after` up to `upTo`, in order. Only
 * participants: someone made an admin since the report was worked out is left out, and a deleted
 * participant's row went with their account (ON DELETE CASCADE).
 */
function attentionQuery(db: Db, cohort: SQL | string, after: number, upTo: number) {
  return db
    .select({
      userId: cohortAttention.userId,
      name: users.name,
      email: users.email,
      ...attentionFacts,
      words: cohortAttention.words,
    })
    .from(cohortAttention)
    .innerJoin(users, and(eq(users.id, cohortAttention.userId), eq(users.role, 'user')))
    .where(and(eq(cohortAttention.cohortId, cohort), gt(cohortAttention.position, after), lte(cohortAttention.position, upTo)))
    .orderBy(asc(cohortAttention.position));
}

export type AttentionRow = Awaited<ReturnType<typeof attentionQuery>>[number];

/** The JSON API's first page. */
export const firstAttentionPageQuery = (db: Db, cohortId: Value, today: Value) =>
  attentionQuery(db, deskCohortId(cohortId, today), 0, ATTENTION_PAGE_SIZE);

export function storedAttention(row: AttentionRow): StoredAttention {
  const { s1, s2, s3, s4, ...rest } = row;
  return { ...rest, completedAt: [s1, s2, s3, s4] };
}

export interface StoredReport {
  report: CohortReportRow | null;
  attention: AttentionRow[];
}

/** The cohort's report row and its needs-attention rows in (after, upTo], in one round trip. */
export async function readStoredReport(db: Db, cohortId: string, after: number, upTo: number): Promise<StoredReport> {
  const [[report], attention] = await db.batch([
    db.select().from(cohortReports).where(eq(cohortReports.cohortId, cohortId)).limit(1),
    attentionQuery(db, cohortId, after, upTo),
  ]);
  return { report: report ?? null, attention };
}

export async function readAttention(db: Db, cohortId: string, after: number, upTo: number): Promise<AttentionRow[]> {
  return attentionQuery(db, cohortId, after, upTo);
}

/** The cohorts for a desk, the one it shows marked, in one round trip (the CSV and 'Refresh now', which read no report). */
export async function readDeskCohorts(db: Db, cohortId: string | null, today: string): Promise<DeskCohortRow[]> {
  return deskCohortsQuery(db, cohortId, today);
}

/**
 * A statement for the batch of a change the coach would see at once (deleting a participant,
 * changing a role, a move), when `when` holds: the stored report of the cohort the user is in now
 * goes, so the next read works it out afresh. Run it while the user's membership row is there
 * (before a deletion, before and after a move).
 */
export function forgetCohortReport(db: Db, userId: string, when?: SQL) {
  const current = db
    .select({ cohortId: cohortMembers.cohortId })
    .from(cohortMembers)
    .where(and(eq(cohortMembers.userId, userId), isNull(cohortMembers.leftAt)));
  return db.delete(cohortReports).where(and(inArray(cohortReports.cohortId, current), when));
}
