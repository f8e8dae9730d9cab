// Arena scores, the total out of 70 and the default Keystone Arena (docs/product.md#session-1-scoring,
// docs/product.md#session-1-scoring).
import { ARENAS, type Arena } from './arenas';
import { questionsForArena, RATING_MAX, RATING_MIN } from './questions';

export type ArenaScores = Record<Arena, number>;

export const SCORE_MIN = 0;
export const SCORE_MAX = 10;
/** A score slider moves in tenths, the precision scores are shown with. */
export const SCORE_STEP = 0.1;
export const TOTAL_MAX = ARENAS.length * SCORE_MAX;

/** Rounds to one decimal place; a half rounds up (2.75 → 2.8, 2.25 → 2.3). */
function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

function isRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= RATING_MIN && value <= RATING_MAX;
}

/**
 * Each arena's score: the average of its answered questions (all 10 once the questionnaire is
 * done), rounded to one decimal place. With 10 whole-number answers the average is already a
 * tenth, so rounding only matters for a partly answered arena. Answers that are not numbers from
 * 1 to 10, and ids that are not questions, are ignored; an arena with no answers scores 0.
 */
export function arenaScores(responses: Readonly<Record<string, number>>): ArenaScores {
  const scores = {} as ArenaScores;
  for (const arena of ARENAS) {
    let sum = 0;
    let count = 0;
    for (const question of questionsForArena(arena)) {
      const answer = responses[question.id];
      if (isRating(answer)) {
        sum += answer;
        count += 1;
      }
    }
    scores[arena] = count === 0 ? 0 : roundToTenth(sum / count);
  }
  return scores;
}

/** A score that is missing or not a finite number counts as 0. */
function scoreOf(scores: Readonly<Partial<Record<Arena, number>>>, arena: Arena): number {
  const value = scores[arena];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The wheel's centre: the sum of the seven scores, out of 70, to one decimal place. */
export function totalScore(scores: Readonly<Partial<Record<Arena, number>>>): number {
  const sum = ARENAS.reduce((total, arena) => total + scoreOf(scores, arena), 0);
  // Summing tenths in binary floating point drifts (0.1 + 0.2); rounding brings it back.
  return roundToTenth(sum);
}

/** Arenas from lowest to highest score; equal scores keep ARENAS order (the sort is stable). */
export function arenasByScore(scores: Readonly<Partial<Record<Arena, number>>>): Arena[] {
  return [...ARENAS].sort((a, b) => scoreOf(scores, a) - scoreOf(scores, b));
}

/** The lowest-scoring arena; a tie goes to the arena that comes first in ARENAS. */
export function defaultKeystone(scores: Readonly<Partial<Record<Arena, number>>>): Arena {
  let lowest: Arena = ARENAS[0];
  for (const arena of ARENAS) if (scoreOf(scores, arena) < scoreOf(scores, lowest)) lowest = arena;
  return lowest;
}

/**
 * The weakest arena marked on the wheel is the same arena as the default keystone: a second name
 * for the one function, on purpose, so a view says what it marks (knip: a deliberate duplicate).
 * @alias
 */
export const weakestArena: (scores: Readonly<Partial<Record<Arena, number>>>) => Arena = defaultKeystone;

/** One decimal place for display: 7 → '7.0'. */
export function formatScore(score: number): string {
  return score.toFixed(1);
}
