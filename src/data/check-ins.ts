// Daily check-ins: one row per user and calendar day (the unique index decides, so two tabs
// saving at once edit the same day's entry instead of adding a second one).
import { and, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import { refreshCheckInSummariesSql } from '../db/check-in-summaries';
import type { Db } from '../db/client';
import { type CheckInRow, checkIns } from '../db/schema';
import type { CheckInPayload } from '../domain/check-ins';
import type { ActionAnswer } from '../domain/practice';
import { saveActionAnswers } from './practice';

/**
 * Saves the day's check-in (a second save that day edits it) with its answers to the daily actions
 * (src/data/practice.ts), in one batch. The user's zone is never changed here: the day follows the
 * zone saved in Settings (decision 38).
 */
export async function saveCheckIn(
  db: Db,
  userId: string,
  date: string,
  input: Pick<CheckInPayload, 'mood' | 'drift' | 'win'>,
  answers: readonly Omit<ActionAnswer, 'date'>[] = [],
): Promise<CheckInRow> {
  const now = new Date().toISOString();
  const values = { mood: input.mood, drift: input.drift, win: input.win, updatedAt: now };
  const save = db
    .insert(checkIns)
    .values({ id: crypto.randomUUID(), userId, date, ...values })
    .onConflictDoUpdate({ target: [checkIns.userId, checkIns.date], set: values })
    .returning();
  // The cohort view's summary of this user's check-ins changes in the same batch (src/db/check-in-summaries.ts).
  const summary = refreshCheckInSummary(db, userId);
  const actions = saveActionAnswers(db, userId, date, answers);
  const [[row]] = await (actions ? db.batch([save, summary, actions]) : db.batch([save, summary]));
  return row!;
}

/**
 * Works the user's row of check_in_summaries out again from their check-ins, as a query to batch
 * after any change to them. The id goes in as an SQL string literal: drizzle's batch cannot bind
 * the parameters of raw SQL.
 */
function refreshCheckInSummary(db: Db, userId: string) {
  return db.run(sql.raw(refreshCheckInSummariesSql(`user_id = '${userId.replaceAll("'", "''")}'`)));
}

/** The user's check-ins, newest day first (at most `limit`), as a query to await or batch. */
export function checkInsQuery(db: Db, userId: string | Placeholder, limit: number) {
  return db.select().from(checkIns).where(eq(checkIns.userId, userId)).orderBy(desc(checkIns.date)).limit(limit);
}

export async function listCheckIns(db: Db, userId: string, limit: number): Promise<CheckInRow[]> {
  return checkInsQuery(db, userId, limit);
}

/** Every day the user checked in, newest first, for the streak (a year of days at most). */
export function checkInDaysQuery(db: Db, userId: string | Placeholder) {
  return db.select({ date: checkIns.date }).from(checkIns).where(eq(checkIns.userId, userId)).orderBy(desc(checkIns.date)).limit(366);
}

export async function listCheckInDays(db: Db, userId: string): Promise<string[]> {
  return (await checkInDaysQuery(db, userId)).map((row) => row.date);
}

/** The user's check-in for one calendar day, if any. */
export async function findCheckIn(db: Db, userId: string, date: string): Promise<CheckInRow | null> {
  const [row] = await db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.date, date)))
    .limit(1);
  return row ?? null;
}
