// Saving a check-in with its daily practice (decision 38, docs/product.md#the-daily-practice), for
// the check-in form and API (src/routes/check-ins.tsx) and a reminder's one-tap page
// (src/routes/reminder-links.tsx): the answers must name the participant's own three actions, as
// their Session 3 holds them now (read afresh: a write never trusts the session's reads).
import { listCheckInDays, saveCheckIn } from '../data/check-ins';
import { listActionAnswers } from '../data/practice';
import { readProgress } from '../data/progress';
import type { Db } from '../db/client';
import type { CheckInRow } from '../db/schema';
import { type CheckInPayload, checkInStreak } from '../domain/check-ins';
import {
  type ActionAnswer,
  type ActionProgress,
  type ActionsProblem,
  actionsProblem,
  answersToStore,
  type PracticeAction,
  practiceOf,
  practiceProgress,
} from '../domain/practice';
import { toClientView } from '../domain/progress-view';

export type PracticeSave =
  | { ok: false; problem: ActionsProblem }
  | { ok: true; saved: CheckInRow; answers: ActionAnswer[]; streak: number; practice: ActionProgress[] };

/** The participant's three actions now, null before Session 3 is complete. */
export async function currentPractice(db: Db, userId: string): Promise<PracticeAction[] | null> {
  return practiceOf(toClientView(await readProgress(db, userId)));
}

/**
 * Saves `input` for `day` with its answers, then reads back the streak (as of `today`) and each
 * action's progress; or says what is wrong with the answers, saving nothing.
 */
export async function saveCheckInWithPractice(
  db: Db,
  userId: string,
  day: string,
  today: string,
  input: Pick<CheckInPayload, 'mood' | 'drift' | 'win' | 'actions'>,
): Promise<PracticeSave> {
  const practice = await currentPractice(db, userId);
  const problem = actionsProblem(input.actions, practice);
  if (problem) return { ok: false, problem };
  const saved = await saveCheckIn(db, userId, day, input, answersToStore(input.actions, practice ?? []));
  const [days, answers] = await Promise.all([listCheckInDays(db, userId), listActionAnswers(db, userId)]);
  return {
    ok: true,
    saved,
    answers,
    streak: checkInStreak(days, today),
    practice: practice ? practiceProgress(practice, answers, today) : [],
  };
}
