// The daily practice (decision 38, docs/product.md#the-daily-practice): once Session 3 is done,
// each check-in asks whether each of the participant's three daily actions was done. Each action
// has a streak and a habit strength from 0 to 100. Pure: days are 'YYYY-MM-DD' in the zone saved
// in Settings.
import { checkInStreak } from './check-ins';
import { consistencyScore } from './consistency';
import { type ActionAnswerInput, PRACTICE_MESSAGES as M } from './practice-schema';
import type { ProgressView } from './progress-view';

/**
 * Loop Habit Tracker's multiplier for a habit done `frequency` times a day: 0.5^(√frequency / 13).
 * For a daily action (frequency 1) it is 0.5^(1/13), the check-in consistency's own
 * (CONSISTENCY_DECAY in src/domain/consistency.ts): a day's weight halves in 13 days.
 */
export function habitMultiplier(frequency = 1): number {
  return 0.5 ** (Math.sqrt(frequency) / 13);
}

/**
 * An action's habit strength, 0 to 100: from the first day it was done, each day
 * strength = previous × multiplier + (done that day ? 1 − multiplier : 0), rounded. Today counts
 * once it is marked done; until then the walk stops at yesterday. The same walk as the check-in
 * consistency, over the days the action was done.
 */
export function habitStrength(doneDays: readonly string[], today: string): number {
  return consistencyScore(doneDays, today);
}

/** One of the participant's three daily actions, as Session 3 holds it now. */
export interface PracticeAction {
  accelerator: string;
  dailyAction: string;
}

/** A check-in's answer for one action, with the words it had that day. */
export interface ActionAnswer extends PracticeAction {
  date: string;
  done: boolean;
}

/** The per-action figures of GET /api/check-ins' `practice`. */
export interface ActionProgress extends PracticeAction {
  streak: number;
  strength: number;
}

/** The participant's three daily actions once Session 3 is done (as it holds them now), else null. */
export function practiceOf(view: ProgressView): PracticeAction[] | null {
  const session3 = view.session3;
  if (!session3?.completedAt || session3.accelerators.length === 0) return null;
  return session3.accelerators.map((a) => ({ accelerator: a.name, dailyAction: a.dailyAction }));
}

/** Where a posted answer names something that is not one of the participant's actions. */
export interface ActionsProblem {
  message: string;
  field: string;
}

/**
 * Checks posted answers against the participant's actions (`null` before Session 3 is done):
 * the first problem, or null when every answer names one of them.
 */
export function actionsProblem(answers: readonly ActionAnswerInput[], practice: readonly PracticeAction[] | null): ActionsProblem | null {
  if (answers.length === 0) return null;
  if (practice === null) return { message: M.beforeSession3, field: 'actions' };
  const names = practice.map((action) => action.accelerator);
  const index = answers.findIndex((answer) => !names.includes(answer.accelerator));
  if (index < 0) return null;
  return { message: M.unknown(answers[index]!.accelerator, names), field: `actions[${index}].accelerator` };
}

/** The rows a check-in stores: each answer with its action's words as they are today. */
export function answersToStore(answers: readonly ActionAnswerInput[], practice: readonly PracticeAction[]): Omit<ActionAnswer, 'date'>[] {
  return answers.flatMap((answer) => {
    const action = practice.find((p) => p.accelerator === answer.accelerator);
    return action ? [{ accelerator: action.accelerator, dailyAction: action.dailyAction, done: answer.done }] : [];
  });
}

/**
 * Each current action's streak (consecutive days done, ending today or yesterday, as the check-in
 * streak) and habit strength, from every answer the participant gave for that accelerator (a
 * Session 3 edit of its daily action keeps its history).
 */
export function practiceProgress(practice: readonly PracticeAction[], answers: readonly ActionAnswer[], today: string): ActionProgress[] {
  return practice.map((action) => {
    const done = answers.filter((a) => a.accelerator === action.accelerator && a.done).map((a) => a.date);
    return { ...action, streak: checkInStreak(done, today), strength: habitStrength(done, today) };
  });
}

/** Today's answer per accelerator (true: done), for filling the form again. */
export function answersOn(answers: readonly ActionAnswer[], day: string): Record<string, boolean> {
  return Object.fromEntries(answers.filter((a) => a.date === day).map((a) => [a.accelerator, a.done]));
}

/** 'Done' / 'Not today', as the check-in lists show an answer. */
export function answerLabel(done: boolean): string {
  return done ? 'Done' : 'Not today';
}
