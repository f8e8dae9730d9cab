// The cohorts side by side (docs/product.md#the-coachs-desk): every cohort with its stored report,
// one row each, so the comparison reads as many rows as there are cohorts, never their members;
// and which cohorts the 15-minute run works out (src/jobs/cohort-report.ts).
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cohortReports } from '../db/schema-cohort-reports';
import { cohorts } from '../db/schema-cohorts';
import { COHORT_REPORT_VERSION } from '../domain/cohort-report';
import { COHORT_DAYS } from '../domain/cohorts';
import { computeCohortReport } from './cohort';

/** Every cohort, oldest first, with its stored report (null columns when none is stored). */
export function comparisonQuery(db: Db) {
  return db
    .select({
      id: cohorts.id,
      name: cohorts.name,
      startDate: cohorts.startDate,
      pacing: cohorts.pacing,
      version: cohortReports.version,
      computedAt: cohortReports.computedAt,
      figures: cohortReports.figures,
    })
    .from(cohorts)
    .leftJoin(cohortReports, eq(cohortReports.cohortId, cohorts.id))
    .orderBy(asc(cohorts.startDate), asc(cohorts.id));
}

export type ComparisonRow = Awaited<ReturnType<typeof comparisonQuery>>[number];

async function readComparison(db: Db): Promise<ComparisonRow[]> {
  return comparisonQuery(db);
}

/**
 * The cohorts the 15-minute run works out as of the coaches' day `today`, at most `limit`: the
 * running and upcoming cohorts first, then any finished one whose report is missing (or of an
 * older format); within each, those with no report first, then the oldest report, so a run that
 * cannot do them all leaves the freshest for the next.
 */
export async function cohortsToRefresh(db: Db, today: string, limit: number): Promise<string[]> {
  const live = sql`${cohorts.startDate} > date(${today}, ${`-${COHORT_DAYS} days`})`;
  const rows = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .leftJoin(cohortReports, eq(cohortReports.cohortId, cohorts.id))
    .where(sql`${live} OR ${cohortReports.cohortId} IS NULL OR ${cohortReports.version} <> ${COHORT_REPORT_VERSION}`)
    .orderBy(sql`${live} DESC`, sql`${cohortReports.computedAt} IS NOT NULL`, asc(cohortReports.computedAt), asc(cohorts.startDate))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Whether a row's stored report is missing or of an older format. */
export const reportMissing = (row: ComparisonRow) => row.version !== COHORT_REPORT_VERSION || row.figures === null;

/**
 * Works out, at most `limit`, the cohorts' reports that are missing or of an older format (a new
 * cohort, a move that dropped two, a first `npm run dev`), so a page listing every cohort's figures
 * shows them; the 15-minute run keeps the others fresh. `rows` are the comparison rows when already
 * read (with the session); answers the rows as they are afterwards (read again only when some were
 * worked out).
 */
export async function workOutMissingReports(db: Db, now: Date, limit: number, rows?: ComparisonRow[]): Promise<ComparisonRow[]> {
  const read = rows ?? (await readComparison(db));
  const missing = read.filter(reportMissing).slice(0, limit);
  if (missing.length === 0) return read;
  for (const row of missing) await computeCohortReport(db, row.id, now);
  return readComparison(db);
}
