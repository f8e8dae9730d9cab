import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QUESTION_COUNT, QUESTIONS, REFLECTION_QUESTIONS } from '../domain/questions';
import { WheelOfTruth } from './WheelOfTruth.server';
import {
  draftKey,
  effectiveKeystone,
  FRESH_STATE,
  initialState,
  isPristine,
  parseDraft,
  reflectionsBlocker,
  serializeDraft,
  type WheelAction,
  type WheelState,
  wheelReducer,
} from './wheel-of-truth-state';

const run = (state: WheelState, ...actions: WheelAction[]) => actions.reduce(wheelReducer, state);

/** Every question answered; Faith gets 2s so it is the lowest arena. */
function allAnswers(value = 7): Record<string, number> {
  return Object.fromEntries(QUESTIONS.map((q) => [q.id, q.arena === 'Faith' ? 2 : value]));
}

function completed(): WheelState {
  return run(FRESH_STATE, ...QUESTIONS.map((q) => ({ type: 'answer', value: q.arena === 'Faith' ? 2 : 7 }) as WheelAction));
}

describe('wheelReducer: questionnaire', () => {
  it('records an answer and advances to the next question', () => {
    const state = run(FRESH_STATE, { type: 'answer', value: 7 });
    expect(state.answers).toEqual({ faith_1: 7 });
    expect(state.index).toBe(1);
    expect(state.stage).toBe('questions');
  });

  it('ignores ratings outside 1..10 and non-integers', () => {
    for (const value of [0, 11, 3.5, Number.NaN]) expect(run(FRESH_STATE, { type: 'answer', value })).toBe(FRESH_STATE);
  });

  it('goes to the results after the 70th answer', () => {
    const state = completed();
    expect(Object.keys(state.answers)).toHaveLength(QUESTION_COUNT);
    expect(state.stage).toBe('results');
  });

  it('back is a no-op on the first question and steps back otherwise', () => {
    expect(run(FRESH_STATE, { type: 'back' })).toBe(FRESH_STATE);
    const state = run(FRESH_STATE, { type: 'answer', value: 4 }, { type: 'back' });
    expect(state.index).toBe(0);
    expect(state.answers).toEqual({ faith_1: 4 });
  });

  it('next moves forward only when the current question is answered', () => {
    expect(run(FRESH_STATE, { type: 'next' })).toBe(FRESH_STATE);
    const back = run(FRESH_STATE, { type: 'answer', value: 4 }, { type: 'back' });
    expect(run(back, { type: 'next' }).index).toBe(1);
  });

  it('re-answering an earlier question changes it and advances', () => {
    const state = run(
      FRESH_STATE,
      { type: 'answer', value: 4 },
      { type: 'answer', value: 5 },
      { type: 'back' },
      { type: 'back' },
      { type: 'answer', value: 9 },
    );
    expect(state.answers).toEqual({ faith_1: 9, faith_2: 5 });
    expect(state.index).toBe(1);
  });
});

describe('wheelReducer: results, reflections, retake', () => {
  it('defaults the keystone to the lowest arena and lets the user choose another', () => {
    const state = completed();
    expect(state.keystone).toBeNull();
    expect(effectiveKeystone(state)).toBe('Faith');
    expect(effectiveKeystone(run(state, { type: 'chooseKeystone', arena: 'Fun' }))).toBe('Fun');
  });

  it('confirm fixes the keystone and opens the reflections; showResults goes back', () => {
    const state = run(completed(), { type: 'chooseKeystone', arena: 'Field' }, { type: 'confirm' });
    expect(state.stage).toBe('reflections');
    expect(state.keystone).toBe('Field');
    expect(run(state, { type: 'showResults' }).stage).toBe('results');
  });

  it('edits one reflection at a time', () => {
    const state = run(completed(), { type: 'confirm' }, { type: 'reflect', index: 1, text: 'Because' });
    expect(state.reflections).toEqual(['', 'Because', '']);
    expect(run(state, { type: 'reflect', index: 5, text: 'x' })).toBe(state);
  });

  it('retake clears answers, keystone and reflections', () => {
    const state = run(
      completed(),
      { type: 'confirm' },
      { type: 'reflect', index: 0, text: 'a' },
      { type: 'showResults' },
      { type: 'retake' },
    );
    expect(state).toEqual(FRESH_STATE);
    expect(isPristine(state)).toBe(true);
  });
});

describe('initialState', () => {
  it('starts at question 1 without saved progress', () => {
    expect(initialState(null)).toEqual(FRESH_STATE);
  });

  it('opens the results in review mode with the saved keystone and reflections', () => {
    const state = initialState({ questionResponses: allAnswers(), keystoneArena: 'Fun', reflections: ['a', 'b', 'c'] });
    expect(state.stage).toBe('results');
    expect(state.keystone).toBe('Fun');
    expect(state.reflections).toEqual(['a', 'b', 'c']);
  });
});

describe('draft', () => {
  it('is keyed by user', () => {
    expect(draftKey('u1')).toBe('life7:wheel:u1');
  });

  it('round-trips', () => {
    const state = run(
      completed(),
      { type: 'chooseKeystone', arena: 'Fun' },
      { type: 'confirm' },
      { type: 'reflect', index: 2, text: 'step' },
    );
    expect(parseDraft(serializeDraft(state))).toEqual(state);
    const partway = run(FRESH_STATE, { type: 'answer', value: 3 }, { type: 'answer', value: 6 });
    expect(parseDraft(serializeDraft(partway))).toEqual(partway);
  });

  it('rejects garbage and never trusts the stored shape', () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft('{nope')).toBeNull();
    expect(parseDraft('{"v":99}')).toBeNull();
    const tampered = parseDraft(
      JSON.stringify({
        v: 1,
        stage: 'reflections',
        index: 50,
        answers: { faith_1: 5, bogus_1: 3, faith_2: 42 },
        keystone: 'Nope',
        reflections: [1],
      }),
    );
    expect(tampered).toEqual({ stage: 'questions', index: 1, answers: { faith_1: 5 }, keystone: null, reflections: ['', '', ''] });
  });
});

describe('WheelOfTruth server render', () => {
  const props = { userId: 'u1', saveUrl: '/api/progress', doneUrl: '/sessions' };

  it('renders question 1 without saved progress', () => {
    const html = renderToString(createElement(WheelOfTruth, { ...props, saved: null }));
    expect(html).toContain('Question 1 of 70');
    expect(html).toContain(QUESTIONS[0]!.text);
    expect(html).toContain('aria-label="Rate 10 of 10"');
    expect(html).toContain('Low/Least True');
    expect(html).toMatch(/id="wheel-back"[^>]*disabled/);
  });

  it('renders the results in review mode', () => {
    const html = renderToString(
      createElement(WheelOfTruth, {
        ...props,
        saved: { questionResponses: allAnswers(), keystoneArena: 'Fun', reflections: ['a', 'b', 'c'] },
      }),
    );
    expect(html).toContain('Keystone Arena');
    expect(html).toContain('Retake Assessment');
    expect(html).toContain('Your Keystone Arena is Fun. This will be your primary focus area for the next 90 days.');
    expect(html).not.toContain(REFLECTION_QUESTIONS[0]);
  });
});

describe('reflectionsBlocker', () => {
  it('says which reflection keeps the button disabled', () => {
    expect(reflectionsBlocker(['a', ' ', 'c'])).toBe('Reflection 2 is blank: write it to complete Session 1.');
    expect(reflectionsBlocker(['', 'b', ''])).toBe('Reflections 1 and 3 are blank: write them to complete Session 1.');
    expect(reflectionsBlocker(['', '', ''], 'save your changes')).toBe(
      'Reflections 1, 2 and 3 are blank: write them to save your changes.',
    );
    expect(reflectionsBlocker(['a', 'x'.repeat(2001), 'c'])).toBe(
      'Reflection 2 is over 2,000 characters: shorten it to complete Session 1.',
    );
    expect(reflectionsBlocker(['a', 'b', 'c'])).toBeNull();
  });
});
