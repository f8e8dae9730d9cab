// The daily practice's answers (decision 38, docs/product.md#the-daily-practice): check_in_actions,
// one row per check-in and accelerator, written in the same batch as the check-in itself
// (saveCheckIn in src/data/check-ins.ts).
import { asc, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkInActions } from '../db/schema-practice';
import type { ActionAnswer } from '../domain/practice';

/** A year of answers to three actions at most: bounded work per request (decision 27). */
const ACTION_ANSWERS_MAX = 3 * 366;

/** The user's action answers, newest day first, as a query to await or batch. */
export function actionAnswersQuery(db: Db, userId: string | Placeholder) {
  return db
    .select({
      date: checkInActions.date,
      accelerator: checkInActions.accelerator,
      dailyAction: checkInActions.dailyAction,
      done: checkInActions.done,
    })
    .from(checkInActions)
    .where(eq(checkInActions.userId, userId))
    .orderBy(desc(checkInActions.date), asc(checkInActions.accelerator))
    .limit(ACTION_ANSWERS_MAX);
}

export async function listActionAnswers(db: Db, userId: string): Promise<ActionAnswer[]> {
  return actionAnswersQuery(db, userId);
}

/**
 * Saves a day's answers (a second save that day edits them), each with the daily action's words of
 * that day; a row for an accelerator no longer in Session 3 stays as it was. Batch it after the
 * check-in's own row, which it belongs to.
 */
export function saveActionAnswers(db: Db, userId: string, date: string, answers: readonly Omit<ActionAnswer, 'date'>[]) {
  if (answers.length === 0) return null;
  const now = new Date().toISOString();
  return db
    .insert(checkInActions)
    .values(answers.map((a) => ({ userId, date, accelerator: a.accelerator, dailyAction: a.dailyAction, done: a.done, updatedAt: now })))
    .onConflictDoUpdate({
      target: [checkInActions.userId, checkInActions.date, checkInActions.accelerator],
      set: { dailyAction: sql`excluded.daily_action`, done: sql`excluded.done`, updatedAt: now },
    });
}
