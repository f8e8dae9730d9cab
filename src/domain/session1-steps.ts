// Session 1 without JavaScript (docs/product.md#session-1-without-javascript): the questionnaire
// as one long form, then the results with the Keystone choice, then the reflections. Each step
// has its own address, `/sessions/1?step=...`, so a failed post can come back to it (PRG).
import { type Arena, isArena } from './arenas';
import { QUESTION_IDS, type QuestionId, RATING_MAX, RATING_MIN } from './questions';

const SESSION1_STEPS = ['answers', 'results', 'reflections'] as const;
export type Session1Step = (typeof SESSION1_STEPS)[number];

const SESSION1_PATH = '/sessions/1';

export function isSession1Step(value: unknown): value is Session1Step {
  return typeof value === 'string' && (SESSION1_STEPS as readonly string[]).includes(value);
}

/** A step's address; the reflections step carries the chosen Keystone Arena. */
export function session1StepPath(step: Session1Step, keystone?: Arena): string {
  const query = new URLSearchParams({ step });
  if (keystone) query.set('keystone', keystone);
  return `${SESSION1_PATH}?${query}`;
}

/** The 70 answers as a plain list in question order (what the draft keeps). */
export function answersToList(responses: Readonly<Record<string, number>>): number[] {
  return QUESTION_IDS.map((id) => responses[id] ?? 0);
}

/** The answers back from such a list, or null unless it holds 70 whole numbers from 1 to 10. */
export function answersFromList(list: unknown): Record<QuestionId, number> | null {
  if (!Array.isArray(list) || list.length !== QUESTION_IDS.length) return null;
  const valid = list.every((value) => Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX);
  return valid ? (Object.fromEntries(QUESTION_IDS.map((id, i) => [id, list[i] as number])) as Record<QuestionId, number>) : null;
}

/** The Keystone Arena an address names, if it names one. */
export function keystoneOf(value: unknown): Arena | null {
  return isArena(value) ? value : null;
}

/** The questions a posted (or kept) set of answers leaves without a rating from 1 to 10. */
export function unansweredQuestions(values: Readonly<Record<string, unknown>>): string[] {
  return QUESTION_IDS.filter((id) => {
    const value = Number(values[id]);
    return !(Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX);
  });
}
