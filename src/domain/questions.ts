// The Session 1 question bank (docs/product.md#session-1-wheel-of-truth): 10 questions per arena, 70 in all.
// Question 1 of each arena rates the current state; the other nine are first-person statements
// rated from 1 (Least True) to 10 (Most True).
import { ARENAS, type Arena, type ArenaId, arenaId } from './arenas';

export type QuestionId = `${ArenaId}_${number}`;

export interface Question {
  id: QuestionId;
  arena: Arena;
  text: string;
}

export const QUESTIONS_PER_ARENA = 10;
export const QUESTION_COUNT = ARENAS.length * QUESTIONS_PER_ARENA;

export const RATING_MIN = 1;
export const RATING_MAX = 10;
export const RATING_LOW_LABEL = 'Low/Least True';
export const RATING_HIGH_LABEL = 'High/Most True';
/** The buttons of the questionnaire: 1, 2, ... 10. */
export const RATING_VALUES: readonly number[] = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

const TEXTS: Record<Arena, readonly string[]> = {
  Faith: [
    'How would you rate your current faith life?',
    'I spend at least 20 minutes a day in meditation or prayer.',
    'I read scripture or inspirational material at least a few times a week.',
    'I am part of a faith community that I connect with regularly.',
    'My daily decisions reflect my core beliefs and values.',
    'I feel a sense of peace even when life is difficult.',
    'I practice gratitude every day for what I have.',
    'I give time or money to causes that matter to my faith.',
    'I can clearly explain what I believe and why.',
    'I forgive others rather than holding on to resentment.',
  ],
  Family: [
    'How would you rate your current family situation?',
    'I spend focused, undistracted time with my family every week.',
    'We share at least one meal together as a family most days.',
    'I communicate openly and honestly with my spouse or closest family members.',
    'I resolve conflicts in my family calmly and respectfully.',
    'I have at least one planned one-on-one outing with my spouse or a family member each month.',
    'My family knows they are a higher priority than my work.',
    'I keep the promises I make to my family.',
    'We have family traditions that we enjoy and keep.',
    'I feel supported and appreciated by my family.',
  ],
  Fitness: [
    'How would you rate your current health and fitness?',
    'I do 3 or more exercise sessions per week.',
    'I sleep at least 7 hours most nights.',
    'I eat vegetables, fruit and whole foods most days.',
    'I drink enough water throughout the day.',
    'I am at or near a healthy weight for my body.',
    'I have had a medical check-up within the last 12 months.',
    'I have enough energy to get through the day without relying on caffeine or sugar.',
    'I limit alcohol, sugar and processed food.',
    'I manage stress in healthy ways.',
  ],
  Finance: [
    'How would you rate your current finances?',
    'I save at least 10% of my income.',
    'I invest at least 15% of my income for retirement.',
    'I have an emergency account that covers at least 7 months of expenses.',
    'I follow a written monthly budget.',
    'I pay off my credit cards in full every month.',
    'I know my net worth and review it at least once a year.',
    'I give generously to people or causes I care about.',
    'I have a will and adequate insurance in place.',
    'I feel in control of my money rather than controlled by it.',
  ],
  Field: [
    'How would you rate your current job satisfaction?',
    'My work uses my strengths and talents.',
    'I find my work meaningful and purposeful.',
    'I am paid fairly for the value I create.',
    'I have clear goals for my career over the next 1 to 3 years.',
    'I learn a new skill for my work at least once a year.',
    'I have good working relationships with my colleagues and leaders.',
    'I finish work at a reasonable time and protect my personal time.',
    'I am recognized for the quality of my work.',
    'I look forward to starting my work week.',
  ],
  Friends: [
    'How would you rate your current friendships?',
    'I have at least 3 close friends I could call in a crisis.',
    'I connect with a close friend at least once a week.',
    'My friends encourage me to become a better person.',
    'I make time to be there for my friends when they need me.',
    'I have made a new friend in the last year.',
    'I am honest and open with my friends.',
    'I have friends who share my values.',
    'I take the initiative to plan time with friends.',
    'I rarely feel lonely.',
  ],
  Fun: [
    'How would you rate your current level of fun and enjoyment?',
    'I complete at least one bucket-list item per year.',
    'I have a hobby that I enjoy regularly.',
    'I take a real vacation at least once a year.',
    'I laugh often during a normal week.',
    'I schedule time for fun as seriously as I schedule work.',
    'I try something new or adventurous at least once a month.',
    'I can relax without feeling guilty.',
    'I play and have fun with the people I love.',
    'I have something fun planned that I am looking forward to.',
  ],
};

export function questionId(arena: Arena, index: number): QuestionId {
  return `${arenaId(arena)}_${index}`;
}

/** All 70 questions, arena by arena in ARENAS order, 1..10 within each arena. */
export const QUESTIONS: readonly Question[] = ARENAS.flatMap((arena) =>
  TEXTS[arena].map((text, i) => ({ id: questionId(arena, i + 1), arena, text })),
);

export const QUESTION_IDS: readonly QuestionId[] = QUESTIONS.map((q) => q.id);

const ID_SET: ReadonlySet<string> = new Set(QUESTION_IDS);

export function isQuestionId(value: unknown): value is QuestionId {
  return typeof value === 'string' && ID_SET.has(value);
}

export function questionsForArena(arena: Arena): readonly Question[] {
  return QUESTIONS.filter((q) => q.arena === arena);
}

/** The three prompts after the Keystone Arena is confirmed (docs/product.md#session-1-wheel-of-truth, Session 1). */
export const REFLECTION_QUESTIONS = [
  'Looking at your wheel, what stands out most about the balance of your life right now?',
  'Why did you choose your Keystone Arena, and how would strengthening it lift your other arenas?',
  'What is one step you will take this week to begin strengthening your Keystone Arena?',
] as const;
export const REFLECTION_COUNT = REFLECTION_QUESTIONS.length;
