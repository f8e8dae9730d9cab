// Reading the stored cohort report (docs/product.md#the-coachs-desk): the report row and a range of
// its needs-attention rows, each with the participant's name and email as they are now. Both are
// queries a page can read in its session's batch (src/data/auth-sessions.ts), so /admin/cohort is
// one D1 round trip; rows read: the report's one row and the listed people, whatever the cohort's
// size. Worked out and stored by src/data/cohort.ts.
import { and, asc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { type CohortReportRow, cohortAttention, cohortReports } from '../db/schema-cohort-reports';
import { ATTENTION_PAGE_SIZE, ATTENTION_SHOWN, type StoredAttention } from '../domain/cohort-report';

export const REPORT_ID = 1;

export function cohortReportQuery(db: Db) {
  return db.select().from(cohortReports).where(eq(cohortReports.id, REPORT_ID)).limit(1);
}

/**
 * The needs-attention rows at positions after `after` up to `upTo`, in order. Only participants:
 * someone made an admin since the report was worked out is left out, and a deleted participant's
 * row went with their account (ON DELETE CASCADE).
 */
function attentionQuery(db: Db, after: number, upTo: number) {
  return db
    .select({
      userId: cohortAttention.userId,
      name: users.name,
      email: users.email,
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
    })
    .from(cohortAttention)
    .innerJoin(users, and(eq(users.id, cohortAttention.userId), eq(users.role, 'user')))
    .where(and(gt(cohortAttention.position, after), lte(cohortAttention.position, upTo)))
    .orderBy(asc(cohortAttention.position));
}

export type AttentionRow = Awaited<ReturnType<typeof attentionQuery>>[number];

/** The page's list: the first ATTENTION_SHOWN. */
export const shownAttentionQuery = (db: Db) => attentionQuery(db, 0, ATTENTION_SHOWN);
/** The JSON API's first page. */
export const firstAttentionPageQuery = (db: Db) => attentionQuery(db, 0, ATTENTION_PAGE_SIZE);

export function storedAttention(row: AttentionRow): StoredAttention {
  const { s1, s2, s3, s4, ...rest } = row;
  return { ...rest, completedAt: [s1, s2, s3, s4] };
}

export interface StoredReport {
  report: CohortReportRow | null;
  attention: AttentionRow[];
}

/** The report row and the needs-attention rows in (after, upTo], in one round trip. */
export async function readStoredReport(db: Db, after: number, upTo: number): Promise<StoredReport> {
  const [[report], attention] = await db.batch([cohortReportQuery(db), attentionQuery(db, after, upTo)]);
  return { report: report ?? null, attention };
}

export async function readAttention(db: Db, after: number, upTo: number): Promise<AttentionRow[]> {
  return attentionQuery(db, after, upTo);
}

/**
 * A statement for the batch of a change the coach would see at once (deleting a participant,
 * changing a role), when `when` holds: the stored report goes, so the next read works it out afresh.
 */
export function forgetCohortReport(db: Db, when?: SQL) {
  return db.delete(cohortReports).where(and(eq(cohortReports.id, REPORT_ID), when));
}
