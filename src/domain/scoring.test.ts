import { describe, expect, it } from 'vitest';
import { ARENAS, type Arena } from './arenas';
import { QUESTION_IDS, questionsForArena } from './questions';
import { type ArenaScores, arenaScores, arenasByScore, defaultKeystone, formatScore, TOTAL_MAX, totalScore, weakestArena } from './scoring';

function allAnswers(value: number): Record<string, number> {
  return Object.fromEntries(QUESTION_IDS.map((id) => [id, value]));
}

function withArena(responses: Record<string, number>, arena: Arena, answers: number[]): Record<string, number> {
  const next = { ...responses };
  questionsForArena(arena).forEach((q, i) => {
    const answer = answers[i];
    if (answer === undefined) delete next[q.id];
    else next[q.id] = answer;
  });
  return next;
}

function scores(values: number[]): ArenaScores {
  return Object.fromEntries(ARENAS.map((arena, i) => [arena, values[i]!])) as ArenaScores;
}

describe('arenaScores', () => {
  it('gives 10 to every arena when every answer is 10', () => {
    expect(arenaScores(allAnswers(10))).toEqual(scores([10, 10, 10, 10, 10, 10, 10]));
  });

  it('averages each arena on its own', () => {
    let responses = allAnswers(5);
    responses = withArena(responses, 'Faith', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]); // 55 / 10
    responses = withArena(responses, 'Fun', [10, 10, 10, 10, 10, 10, 10, 10, 10, 9]); // 99 / 10
    const result = arenaScores(responses);
    expect(result.Faith).toBe(5.5);
    expect(result.Fun).toBe(9.9);
    expect(result.Family).toBe(5);
    expect(Object.keys(result)).toEqual([...ARENAS]);
  });

  it('rounds to one decimal place, halves up', () => {
    // 3 answers: 1 + 1 + 2 = 4 → 1.333… → 1.3
    expect(arenaScores(withArena({}, 'Field', [1, 1, 2])).Field).toBe(1.3);
    // 3 answers: 2 + 2 + 1 = 5 → 1.666… → 1.7
    expect(arenaScores(withArena({}, 'Field', [2, 2, 1])).Field).toBe(1.7);
    // 4 answers: 11 / 4 = 2.75 → 2.8 (not 2.7)
    expect(arenaScores(withArena({}, 'Field', [2, 3, 3, 3])).Field).toBe(2.8);
    // 8 answers: 21 / 8 = 2.625 → 2.6
    expect(arenaScores(withArena({}, 'Field', [2, 2, 2, 3, 3, 3, 3, 3])).Field).toBe(2.6);
    // 4 answers: 9 / 4 = 2.25 → 2.3
    expect(arenaScores(withArena({}, 'Field', [2, 2, 2, 3])).Field).toBe(2.3);
  });

  it('scores an arena with no answers 0 and ignores unknown ids and out-of-range answers', () => {
    const responses = { ...withArena({}, 'Friends', [4, 6]), friends_11: 1, faith_1: 0, faith_2: 11, faith_3: Number.NaN, Faith_4: 9 };
    const result = arenaScores(responses);
    expect(result.Friends).toBe(5);
    expect(result.Faith).toBe(0);
    expect(result.Family).toBe(0);
  });
});

describe('totalScore', () => {
  it('sums the seven scores out of 70', () => {
    expect(TOTAL_MAX).toBe(70);
    expect(totalScore(arenaScores(allAnswers(10)))).toBe(70);
    expect(totalScore(scores([1, 2, 3, 4, 5, 6, 7]))).toBe(28);
  });

  it('keeps one decimal place without float drift', () => {
    expect(totalScore(scores([0.1, 0.2, 0, 0, 0, 0, 0]))).toBe(0.3);
    expect(totalScore(scores([5.5, 6.1, 7.3, 2.2, 9.9, 1.1, 3.3]))).toBe(35.4);
  });

  it('counts missing or non-numeric scores as 0', () => {
    expect(totalScore({ Faith: 4.5, Fun: Number.NaN })).toBe(4.5);
    expect(totalScore({})).toBe(0);
  });
});

describe('defaultKeystone and arenasByScore', () => {
  it('picks the lowest arena', () => {
    expect(defaultKeystone(scores([5, 6, 7, 2, 8, 9, 3]))).toBe('Finance');
    expect(defaultKeystone(scores([9, 9, 9, 9, 9, 9, 1]))).toBe('Fun');
  });

  it('breaks ties in favour of the earlier arena', () => {
    expect(defaultKeystone(scores([5, 3, 7, 3, 8, 3, 9]))).toBe('Family');
    expect(defaultKeystone(scores([10, 10, 10, 10, 10, 10, 10]))).toBe('Faith');
    expect(defaultKeystone(scores([4, 6, 6, 6, 6, 6, 4]))).toBe('Faith');
  });

  it('marks the same arena as weakest', () => {
    const s = scores([6, 4, 4, 8, 5, 9, 7]);
    expect(weakestArena(s)).toBe('Family');
    expect(weakestArena(s)).toBe(defaultKeystone(s));
  });

  it('sorts ascending with ties in arena order, for the keystone dropdown', () => {
    expect(arenasByScore(scores([5, 3, 7, 3, 8, 1, 5]))).toEqual(['Friends', 'Family', 'Finance', 'Faith', 'Fun', 'Fitness', 'Field']);
    expect(arenasByScore(scores([7, 7, 7, 7, 7, 7, 7]))).toEqual([...ARENAS]);
    expect(arenasByScore(scores([10, 9, 8, 7, 6, 5, 4]))).toEqual([...ARENAS].reverse());
  });

  it('does not change the scores it sorts', () => {
    const s = scores([3, 2, 1, 4, 5, 6, 7]);
    arenasByScore(s);
    expect(Object.keys(s)).toEqual([...ARENAS]);
  });
});

describe('formatScore', () => {
  it('always shows one decimal', () => {
    expect(formatScore(7)).toBe('7.0');
    expect(formatScore(5.5)).toBe('5.5');
  });
});
