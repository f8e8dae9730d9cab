// The coach's CSV export (docs/product.md#the-coachs-desk): one row per current member of the
// cohort, read a page at a time from the same summaries the cohort report counts (no check-ins).
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkInSummaries, memberships, progress, users, wheelSnapshots } from '../db/schema';
import { cohortMembers } from '../db/schema-cohorts';
import { type CohortExportInput, type ZoneDay, zoneDays } from '../domain/cohort';
import type { Plan } from '../domain/plans';
import { scoresFromJson } from '../domain/progress-view';
import { memberZones, rawBatch } from './cohort';

/** The export reads participants this many at a time (one D1 round trip each). */
const EXPORT_PAGE_SIZE = 1000;

/** Today and yesterday in each zone the cohort's members live in, for the export's streaks. */
export async function readExportDays(db: Db, cohortId: string, now: Date): Promise<ZoneDay[]> {
  const [zones] = (await rawBatch(db, [memberZones(cohortId)])) as [{ zone: string }[]];
  return zoneDays(
    zones.map((z) => z.zone),
    now,
  );
}

/**
 * One page of the export (docs/product.md#the-coachs-desk): the cohort's current members in
 * sign-up order (SQLite's rowid) after `afterRowId`, each with their membership, sessions, check-in
 * summary and latest wheel (one indexed lookup each). No check-in is read, nor anyone outside the cohort.
 */
export async function readExportPage(
  db: Db,
  cohortId: string,
  afterRowId: number,
  size = EXPORT_PAGE_SIZE,
): Promise<{ rows: CohortExportInput[]; lastRowId: number | null }> {
  const rowId = sql<number>`${users}.rowid`;
  const latestWheel = sql<
    string | null
  >`(SELECT ${wheelSnapshots.arenaScores} FROM ${wheelSnapshots} WHERE ${wheelSnapshots.userId} = ${users.id} ORDER BY ${wheelSnapshots.completedAt} DESC LIMIT 1)`;
  const page = await db
    .select({
      rowId,
      name: users.name,
      email: users.email,
      timeZone: users.timeZone,
      s1: progress.session1CompletedAt,
      s2: progress.session2CompletedAt,
      s3: progress.session3CompletedAt,
      s4: progress.session4CompletedAt,
      membership: {
        plan: memberships.plan,
        status: memberships.status,
        graceUntil: memberships.graceUntil,
        afterGracePlan: memberships.afterGracePlan,
      },
      lastDay: checkInSummaries.lastDay,
      run: checkInSummaries.run,
      latestWheel,
    })
    .from(cohortMembers)
    .innerJoin(users, eq(users.id, cohortMembers.userId))
    .leftJoin(progress, eq(progress.userId, users.id))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(checkInSummaries, eq(checkInSummaries.userId, users.id))
    .where(and(eq(cohortMembers.cohortId, cohortId), isNull(cohortMembers.leftAt), eq(users.role, 'user'), gt(rowId, afterRowId)))
    .orderBy(asc(rowId))
    .limit(size);
  return {
    rows: page.map((p) => ({
      name: p.name,
      email: p.email,
      timeZone: p.timeZone,
      completedAt: [p.s1, p.s2, p.s3, p.s4] as const,
      membership: p.membership?.plan ? { ...p.membership, plan: p.membership.plan as Plan, status: p.membership.status! } : null,
      lastDay: p.lastDay,
      run: p.run,
      latestWheel: p.latestWheel ? scoresFromJson(p.latestWheel) : null,
    })),
    lastRowId: page.length === size ? page[page.length - 1]!.rowId : null,
  };
}
