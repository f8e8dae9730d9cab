// The re-assessment (docs/product.md#re-assessment): when the dashboard invites the participant to
// take the Wheel of Truth again, and what /summary shows of the first wheel against the latest:
// the questions whose answers moved most, and whether the Keystone arena improved more than the others.
import { ARENAS, type Arena } from './arenas';
import { COHORT_DAYS, type CohortDates } from './cohorts';
import { QUESTIONS, type QuestionId } from './questions';
import type { ArenaScores } from './scoring';
import { addDays, startOfDay } from './time-zone';

/** The wheels kept per participant, each with its answers and reflections; beyond it the oldest goes (decision 39). */
export const WHEEL_SNAPSHOTS_MAX = 100;

/** Self-paced: the invitation comes four weeks after the first Session 1. */
const REASSESS_AFTER_DAYS = 28;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReassessmentInput {
  /** The first completed Session 1 (its wheel is the baseline). */
  firstWheelAt: string | null;
  /** The latest completed Session 1. */
  latestWheelAt: string | null;
  /** The participant's current cohort (null when none holds them: as self-paced). */
  cohort: CohortDates | null;
  /** The participant's zone: a weekly cohort's week 4 ends at midnight there. */
  timeZone: string;
}

/**
 * When the re-assessment is due (ISO), or null before the first Session 1 (decision 36). Weekly
 * pacing: at the end of the cohort's week 4, 00:00 of day 29 in the participant's zone (a first
 * wheel taken only after that, by someone who joined late, counts as self-paced). Self-paced: four
 * weeks after the first wheel.
 */
export function reassessmentDueAt({ firstWheelAt, cohort, timeZone }: ReassessmentInput): string | null {
  const first = firstWheelAt ? Date.parse(firstWheelAt) : NaN;
  if (Number.isNaN(first)) return null;
  if (cohort?.pacing === 'weekly') {
    const weekFourEnds = startOfDay(addDays(cohort.startDate, COHORT_DAYS), timeZone).getTime();
    if (first < weekFourEnds) return new Date(weekFourEnds).toISOString();
  }
  return new Date(first + REASSESS_AFTER_DAYS * DAY_MS).toISOString();
}

/** Invited once due, until a wheel is taken after that moment. */
export function reassessmentInvited(input: ReassessmentInput, now: Date): boolean {
  const due = reassessmentDueAt(input);
  if (!due || now.getTime() < Date.parse(due)) return false;
  return !input.latestWheelAt || Date.parse(input.latestWheelAt) < Date.parse(due);
}

export interface QuestionMove {
  id: QuestionId;
  arena: Arena;
  text: string;
  first: number;
  latest: number;
  /** latest − first */
  change: number;
}

/**
 * The `count` questions whose answers moved most from the first wheel to the latest, biggest move
 * first (up or down); ties keep the questionnaire's order. Questions unanswered in either are skipped.
 */
export function mostMovedQuestions(
  first: Readonly<Record<string, number>>,
  latest: Readonly<Record<string, number>>,
  count = 5,
): QuestionMove[] {
  const moves: QuestionMove[] = [];
  for (const question of QUESTIONS) {
    const a = first[question.id];
    const b = latest[question.id];
    if (typeof a !== 'number' || typeof b !== 'number' || a === b) continue;
    moves.push({ id: question.id, arena: question.arena, text: question.text, first: a, latest: b, change: b - a });
  }
  // Array.prototype.sort is stable: equal moves keep the questionnaire's order.
  return moves.sort((x, y) => Math.abs(y.change) - Math.abs(x.change)).slice(0, count);
}

export interface KeystoneProgress {
  keystone: Arena;
  /** The Keystone arena's change, first to latest. */
  keystoneChange: number;
  /** The average change of the other six arenas. */
  othersChange: number;
  /** The Keystone arena improved, and by more than the others did on average. */
  improvedMore: boolean;
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

export function keystoneProgress(first: ArenaScores, latest: ArenaScores, keystone: Arena): KeystoneProgress {
  const change = (arena: Arena) => latest[arena] - first[arena];
  const others = ARENAS.filter((arena) => arena !== keystone);
  const keystoneChange = round1(change(keystone));
  const othersChange = round1(others.reduce((sum, arena) => sum + change(arena), 0) / others.length);
  return { keystone, keystoneChange, othersChange, improvedMore: keystoneChange > 0 && keystoneChange > othersChange };
}
