import { describe, expect, it } from 'vitest';
import { ARENAS } from './arenas';
import {
  isQuestionId,
  QUESTION_COUNT,
  QUESTION_IDS,
  QUESTIONS,
  QUESTIONS_PER_ARENA,
  questionId,
  questionsForArena,
  RATING_HIGH_LABEL,
  RATING_LOW_LABEL,
  RATING_MAX,
  RATING_MIN,
  RATING_VALUES,
  REFLECTION_COUNT,
  REFLECTION_QUESTIONS,
} from './questions';

describe('question bank', () => {
  it('has 70 questions, 10 per arena, in arena order', () => {
    expect(QUESTION_COUNT).toBe(70);
    expect(QUESTIONS_PER_ARENA).toBe(10);
    expect(QUESTIONS).toHaveLength(70);
    expect(QUESTIONS.map((q) => q.arena)).toEqual(ARENAS.flatMap((arena) => Array<string>(10).fill(arena)));
  });

  it('names ids lowercase arena then 1..10', () => {
    expect(QUESTION_IDS[0]).toBe('faith_1');
    expect(QUESTION_IDS[9]).toBe('faith_10');
    expect(QUESTION_IDS[10]).toBe('family_1');
    expect(QUESTION_IDS[69]).toBe('fun_10');
    expect(new Set(QUESTION_IDS).size).toBe(70);
    for (const q of QUESTIONS) expect(q.id).toMatch(new RegExp(`^${q.arena.toLowerCase()}_([1-9]|10)$`));
    expect(questionId('Field', 4)).toBe('field_4');
  });

  it('recognises known ids only', () => {
    expect(isQuestionId('finance_10')).toBe(true);
    expect(isQuestionId('finance_11')).toBe(false);
    expect(isQuestionId('Finance_1')).toBe(false);
    expect(isQuestionId('finance_0')).toBe(false);
    expect(isQuestionId(7)).toBe(false);
  });

  it('returns one arena at a time', () => {
    const field = questionsForArena('Field');
    expect(field.map((q) => q.id)).toEqual(Array.from({ length: 10 }, (_, i) => `field_${i + 1}`));
    expect(field.every((q) => q.arena === 'Field')).toBe(true);
  });

  it('opens each arena by rating the current state', () => {
    const firsts = ARENAS.map((arena) => questionsForArena(arena)[0]!.text);
    for (const text of firsts) expect(text).toMatch(/^How would you rate your current .+\?$/);
    expect(firsts[0]).toMatch(/faith/);
    expect(firsts[1]).toMatch(/family situation/);
    expect(firsts[2]).toMatch(/health/);
    expect(firsts[3]).toMatch(/finances/);
    expect(firsts[4]).toMatch(/job satisfaction/);
    expect(firsts[5]).toMatch(/friend/);
    expect(firsts[6]).toMatch(/fun/);
  });

  it('makes the other nine first-person statements, all different', () => {
    const rest = QUESTIONS.filter((q) => !q.id.endsWith('_1'));
    expect(rest).toHaveLength(63);
    for (const q of rest) {
      expect(q.text).toMatch(/^(I|I'm|My|We)\b/);
      expect(q.text).toMatch(/\.$/);
    }
    expect(new Set(QUESTIONS.map((q) => q.text)).size).toBe(70);
  });

  it('includes the statements docs/product.md#session-1-wheel-of-truth names, in the right arena', () => {
    const arenaOf = (pattern: RegExp) => QUESTIONS.find((q) => pattern.test(q.text))?.arena;
    expect(arenaOf(/save at least 10% of my income/)).toBe('Finance');
    expect(arenaOf(/invest at least 15% .*retirement/)).toBe('Finance');
    expect(arenaOf(/emergency account .*at least 7 months of expenses/)).toBe('Finance');
    expect(arenaOf(/20 minutes a day .*meditation or prayer/)).toBe('Faith');
    expect(arenaOf(/3 or more exercise sessions per week/)).toBe('Fitness');
    expect(arenaOf(/at least one bucket-list item per year/)).toBe('Fun');
  });
});

describe('rating scale', () => {
  it('runs 1..10 with the product’s labels', () => {
    expect([RATING_MIN, RATING_MAX]).toEqual([1, 10]);
    expect(RATING_VALUES).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(RATING_LOW_LABEL).toBe('Low/Least True');
    expect(RATING_HIGH_LABEL).toBe('High/Most True');
  });
});

describe('reflection questions', () => {
  it('has three distinct prompts about the wheel and the keystone', () => {
    expect(REFLECTION_COUNT).toBe(3);
    expect(new Set(REFLECTION_QUESTIONS).size).toBe(3);
    for (const prompt of REFLECTION_QUESTIONS) expect(prompt).toMatch(/\?$/);
    expect(REFLECTION_QUESTIONS[0]).toMatch(/wheel/);
    expect(REFLECTION_QUESTIONS.filter((p) => p.includes('Keystone Arena')).length).toBeGreaterThanOrEqual(2);
  });
});
