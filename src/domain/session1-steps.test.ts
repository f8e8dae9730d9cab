import { describe, expect, it } from 'vitest';
import { answers } from '../../test/oracles/session-fixtures';
import { QUESTION_IDS } from './questions';
import { answersFromList, answersToList, isSession1Step, keystoneOf, session1StepPath, unansweredQuestions } from './session1-steps';

describe('Session 1 steps without JavaScript', () => {
  it('names each step by its own address', () => {
    expect(session1StepPath('answers')).toBe('/sessions/1?step=answers');
    expect(session1StepPath('reflections', 'Fun')).toBe('/sessions/1?step=reflections&keystone=Fun');
    expect(isSession1Step('results')).toBe(true);
    expect(isSession1Step('save')).toBe(false);
    expect(keystoneOf('Faith')).toBe('Faith');
    expect(keystoneOf('faith')).toBeNull();
  });

  it('keeps the 70 answers as a list and reads back only a complete, valid one', () => {
    const list = answersToList(answers());
    expect(list).toHaveLength(70);
    expect(answersFromList(list)).toEqual(answers());
    expect(answersFromList(list.slice(1))).toBeNull();
    expect(answersFromList([...list.slice(1), 11])).toBeNull();
    expect(answersFromList([...list.slice(1), 2.5])).toBeNull();
    expect(answersFromList('1,2,3')).toBeNull();
    expect(answersFromList(answersToList({ [QUESTION_IDS[0]!]: 4 }))).toBeNull();
  });
});

describe('unansweredQuestions', () => {
  it('names every question without a whole rating from 1 to 10', () => {
    const all = Object.fromEntries(QUESTION_IDS.map((id) => [id, '5']));
    expect(unansweredQuestions(all)).toEqual([]);
    const [a, b, c] = QUESTION_IDS;
    expect(unansweredQuestions({ ...all, [a!]: '0', [b!]: '5.5', [c!]: '' })).toEqual([a, b, c]);
  });
});
