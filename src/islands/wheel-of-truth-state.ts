// Session 1, Wheel of Truth: the island's state as a pure reducer (questionnaire, results,
// reflections), plus the localStorage draft format. No React and no DOM here, so it is unit-tested
// directly and every transition costs a few object spreads at most.
import { type Arena, isArena } from '../domain/arenas';
import { isQuestionId, QUESTION_COUNT, QUESTIONS, RATING_MAX, RATING_MIN, REFLECTION_COUNT } from '../domain/questions';
import { arenaScores, defaultKeystone } from '../domain/scoring';
import { TEXT_LIMIT } from '../domain/text-limit';

type WheelStage = 'questions' | 'results' | 'reflections';

export interface WheelState {
  stage: WheelStage;
  /** The question shown, 0..69 (meaningful in the questions stage). */
  index: number;
  /** Question id → rating 1..10; only valid ids and ratings. */
  answers: Readonly<Record<string, number>>;
  /** The chosen Keystone Arena; null means the default (the lowest score). */
  keystone: Arena | null;
  /** Always REFLECTION_COUNT strings. */
  reflections: readonly string[];
}

export interface SavedSession1 {
  questionResponses: Record<string, number>;
  keystoneArena: string;
  reflections: string[];
}

export type WheelAction =
  | { type: 'answer'; value: number }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'retake' }
  | { type: 'chooseKeystone'; arena: Arena }
  | { type: 'confirm' }
  | { type: 'showResults' }
  | { type: 'reflect'; index: number; text: string }
  | { type: 'restore'; state: WheelState };

const LAST_INDEX = QUESTION_COUNT - 1;
const EMPTY_REFLECTIONS: readonly string[] = Array.from({ length: REFLECTION_COUNT }, () => '');

function isRating(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX;
}

/** Keeps only answers to real questions with whole-number ratings 1..10. */
function cleanAnswers(raw: unknown): Record<string, number> {
  const answers: Record<string, number> = {};
  if (!raw || typeof raw !== 'object') return answers;
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    if (isQuestionId(id) && isRating(value)) answers[id] = value;
  }
  return answers;
}

function cleanReflections(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [];
  return EMPTY_REFLECTIONS.map((_, i) => (typeof list[i] === 'string' ? (list[i] as string) : ''));
}

export function answeredCount(answers: Readonly<Record<string, number>>): number {
  return Object.keys(answers).length;
}

function isComplete(answers: Readonly<Record<string, number>>): boolean {
  return QUESTIONS.every((q) => answers[q.id] !== undefined);
}

/** The first unanswered question, or the last one when all are answered. */
function firstUnanswered(answers: Readonly<Record<string, number>>): number {
  const index = QUESTIONS.findIndex((q) => answers[q.id] === undefined);
  return index === -1 ? LAST_INDEX : index;
}

export function reflectionsComplete(reflections: readonly string[]): boolean {
  return reflections.length === REFLECTION_COUNT && reflections.every((text) => text.trim() !== '' && text.trim().length <= TEXT_LIMIT);
}

/** 'reflection 2', 'reflections 1 and 3', 'reflections 1, 2 and 3' (1-based numbers). */
function reflectionNames(numbers: readonly number[]): string {
  if (numbers.length === 1) return `Reflection ${numbers[0]}`;
  return `Reflections ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
}

/**
 * Why the last button is disabled, in words beside it ('Reflection 2 is blank: write it to
 * complete Session 1.'); null once every reflection is written and within the limit.
 */
export function reflectionsBlocker(reflections: readonly string[], action = 'complete Session 1'): string | null {
  const texts = EMPTY_REFLECTIONS.map((_, i) => (reflections[i] ?? '').trim());
  const blank = texts.flatMap((text, i) => (text === '' ? [i + 1] : []));
  if (blank.length > 0) {
    const one = blank.length === 1;
    return `${reflectionNames(blank)} ${one ? 'is' : 'are'} blank: write ${one ? 'it' : 'them'} to ${action}.`;
  }
  const long = texts.flatMap((text, i) => (text.length > TEXT_LIMIT ? [i + 1] : []));
  if (long.length > 0) {
    const one = long.length === 1;
    return `${reflectionNames(long)} ${one ? 'is' : 'are'} over ${TEXT_LIMIT.toLocaleString('en-US')} characters: shorten ${one ? 'it' : 'them'} to ${action}.`;
  }
  return null;
}

/** The keystone in effect: the chosen one, else the lowest-scoring arena. */
export function effectiveKeystone(state: Pick<WheelState, 'answers' | 'keystone'>): Arena {
  return state.keystone ?? defaultKeystone(arenaScores(state.answers));
}

export function currentAnswer(state: WheelState): number | undefined {
  const question = QUESTIONS[state.index];
  return question ? state.answers[question.id] : undefined;
}

export const FRESH_STATE: WheelState = {
  stage: 'questions',
  index: 0,
  answers: {},
  keystone: null,
  reflections: EMPTY_REFLECTIONS,
};

/** The first render (server and hydration): question 1, or the saved results in review mode. */
export function initialState(saved: SavedSession1 | null): WheelState {
  if (!saved) return FRESH_STATE;
  const answers = cleanAnswers(saved.questionResponses);
  const complete = isComplete(answers);
  return {
    stage: complete ? 'results' : 'questions',
    index: complete ? 0 : firstUnanswered(answers),
    answers,
    keystone: isArena(saved.keystoneArena) ? saved.keystoneArena : null,
    reflections: cleanReflections(saved.reflections),
  };
}

function advance(state: WheelState, answers: Readonly<Record<string, number>>): WheelState {
  if (state.index < LAST_INDEX) return { ...state, answers, index: state.index + 1 };
  // After the last question: the results, or (never through the UI) the first gap.
  return isComplete(answers) ? { ...state, answers, stage: 'results' } : { ...state, answers, index: firstUnanswered(answers) };
}

export function wheelReducer(state: WheelState, action: WheelAction): WheelState {
  switch (action.type) {
    case 'answer': {
      const question = QUESTIONS[state.index];
      if (state.stage !== 'questions' || !question || !isRating(action.value)) return state;
      const answers = state.answers[question.id] === action.value ? state.answers : { ...state.answers, [question.id]: action.value };
      return advance(state, answers);
    }
    case 'next': {
      if (state.stage !== 'questions' || currentAnswer(state) === undefined) return state;
      return advance(state, state.answers);
    }
    case 'back':
      if (state.stage !== 'questions' || state.index === 0) return state;
      return { ...state, index: state.index - 1 };
    case 'retake':
      return FRESH_STATE;
    case 'chooseKeystone':
      if (state.stage !== 'results' || !isArena(action.arena) || state.keystone === action.arena) return state;
      return { ...state, keystone: action.arena };
    case 'confirm':
      if (state.stage !== 'results') return state;
      return { ...state, stage: 'reflections', keystone: effectiveKeystone(state) };
    case 'showResults':
      if (state.stage !== 'reflections') return state;
      return { ...state, stage: 'results' };
    case 'reflect': {
      if (state.stage !== 'reflections' || action.index < 0 || action.index >= REFLECTION_COUNT) return state;
      if (state.reflections[action.index] === action.text) return state;
      const reflections = state.reflections.map((text, i) => (i === action.index ? action.text : text));
      return { ...state, reflections };
    }
    case 'restore':
      return action.state;
  }
}

// The localStorage draft ---------------------------------------------------------------------------

const DRAFT_VERSION = 1;

export function draftKey(userId: string): string {
  return `life7:wheel:${userId}`;
}

/** A state with nothing entered: no draft is kept for it (so Retake clears the draft). */
export function isPristine(state: WheelState): boolean {
  return state.stage === 'questions' && answeredCount(state.answers) === 0 && state.reflections.every((text) => text === '');
}

export function serializeDraft(state: WheelState): string {
  return JSON.stringify({
    v: DRAFT_VERSION,
    stage: state.stage,
    index: state.index,
    answers: state.answers,
    keystone: state.keystone,
    reflections: state.reflections,
  });
}

/** A stored draft back to a state; null when absent or unusable. Never trusts its shape. */
export function parseDraft(raw: string | null): WheelState | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const draft = data as Record<string, unknown>;
  if (draft.v !== DRAFT_VERSION) return null;
  const answers = cleanAnswers(draft.answers);
  const complete = isComplete(answers);
  const wanted = draft.stage === 'results' || draft.stage === 'reflections' ? draft.stage : 'questions';
  const stage: WheelStage = complete ? wanted : 'questions';
  // Every question before the one shown is answered: never land past the first gap.
  const gap = complete ? LAST_INDEX : firstUnanswered(answers);
  const rawIndex = typeof draft.index === 'number' && Number.isInteger(draft.index) ? draft.index : 0;
  const index = Math.min(Math.max(rawIndex, 0), gap);
  return {
    stage,
    index,
    answers,
    keystone: isArena(draft.keystone) ? draft.keystone : null,
    reflections: cleanReflections(draft.reflections),
  };
}
