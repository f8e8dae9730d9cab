import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { actionsProblem, answersOn, answersToStore, habitMultiplier, habitStrength, practiceOf, practiceProgress } from './practice';
import { actionsFormField, actionsJsonField, PRACTICE_MESSAGES } from './practice-schema';
import { addDays } from './time-zone';

const TODAY = '2026-11-25';
/** The `n` days ending `end`, oldest first. */
const run = (n: number, end = TODAY) => Array.from({ length: n }, (_, i) => addDays(end, i - (n - 1)));
const PRACTICE = [
  { accelerator: 'Gratitude', dailyAction: 'Write three thanks' },
  { accelerator: 'Focus', dailyAction: 'One hour, phone away' },
  { accelerator: 'Service', dailyAction: 'Help one person' },
];

describe('habit strength (Loop Habit Tracker’s score)', () => {
  it('uses 0.5^(sqrt(frequency)/13): a daily day’s weight halves in 13 days', () => {
    expect(habitMultiplier()).toBeCloseTo(0.948, 3);
    expect(habitMultiplier(1) ** 13).toBeCloseTo(0.5, 10);
    expect(habitMultiplier(4)).toBeCloseTo(0.5 ** (2 / 13), 10);
  });

  it('pins the worked examples', () => {
    const m = habitMultiplier();
    // 1 day done: 1 − m = 0.0519…
    expect(habitStrength([TODAY], TODAY)).toBe(5);
    // 7 days in a row: 1 − m^7 = 0.3118…
    expect(habitStrength(run(7), TODAY)).toBe(31);
    expect(habitStrength(run(7), TODAY)).toBe(Math.round((1 - m ** 7) * 100));
    // 7 done, then 3 missed days (today the 4th, not done yet): (1 − m^7) × m^3 = 0.2659…
    const sevenThenThreeMissed = run(7, addDays(TODAY, -4));
    expect(habitStrength(sevenThenThreeMissed, TODAY)).toBe(27);
    // Nothing done yet: 0.
    expect(habitStrength([], TODAY)).toBe(0);
  });

  it('fades slowly on missed days and rises with each day done', () => {
    const done = run(7, addDays(TODAY, -4));
    expect(habitStrength(done, TODAY)).toBeLessThan(habitStrength(done, addDays(TODAY, -3)));
    expect(habitStrength([...done, TODAY], TODAY)).toBeGreaterThan(habitStrength(done, TODAY));
  });
});

describe('the actions a check-in sends', () => {
  it('takes up to three answers, each once, with a boolean in JSON', () => {
    expect(z.parse(actionsJsonField, undefined)).toEqual([]);
    expect(z.parse(actionsJsonField, [{ accelerator: ' Focus ', done: true }])).toEqual([{ accelerator: 'Focus', done: true }]);
    const twice = z.safeParse(actionsJsonField, [
      { accelerator: 'Focus', done: true },
      { accelerator: 'Focus', done: false },
    ]);
    expect(twice.error?.issues[0]?.message).toBe(PRACTICE_MESSAGES.twice);
    const four = z.safeParse(
      actionsJsonField,
      ['a', 'b', 'c', 'd'].map((accelerator) => ({ accelerator, done: true })),
    );
    expect(four.error?.issues[0]?.message).toBe(PRACTICE_MESSAGES.tooMany);
    expect(z.safeParse(actionsJsonField, [{ accelerator: 'Focus', done: 'yes' }]).error?.issues[0]?.message).toBe(PRACTICE_MESSAGES.done);
    expect(z.safeParse(actionsJsonField, [{ accelerator: 'Focus' }]).success).toBe(false);
    expect(z.safeParse(actionsJsonField, [{ accelerator: 7, done: true }]).error?.issues[0]?.message).toBe(PRACTICE_MESSAGES.accelerator);
    expect(z.safeParse(actionsJsonField, 'Focus').error?.issues[0]?.message).toBe(PRACTICE_MESSAGES.actions);
  });

  it('reads a missing answer in a form post as not done', () => {
    expect(z.parse(actionsFormField, [{ accelerator: 'Focus' }])).toEqual([{ accelerator: 'Focus', done: false }]);
  });

  it('names only the participant’s own accelerators, and none before Session 3', () => {
    expect(actionsProblem([], null)).toBeNull();
    expect(actionsProblem([{ accelerator: 'Focus', done: true }], null)).toEqual({
      message: PRACTICE_MESSAGES.beforeSession3,
      field: 'actions',
    });
    expect(actionsProblem([{ accelerator: 'Focus', done: true }], PRACTICE)).toBeNull();
    expect(
      actionsProblem(
        [
          { accelerator: 'Focus', done: true },
          { accelerator: 'Faith', done: true },
        ],
        PRACTICE,
      ),
    ).toEqual({ message: 'Faith is not one of your daily actions: answer Gratitude, Focus, Service', field: 'actions[1].accelerator' });
  });

  it('stores each answer with its daily action’s words of today', () => {
    expect(answersToStore([{ accelerator: 'Service', done: false }], PRACTICE)).toEqual([
      { accelerator: 'Service', dailyAction: 'Help one person', done: false },
    ]);
  });
});

describe('practiceProgress', () => {
  it('gives each current action its streak and strength, history kept across a Session 3 edit', () => {
    const answers = [
      ...run(3, addDays(TODAY, -1)).map((date) => ({ date, accelerator: 'Focus', dailyAction: 'Old words', done: true })),
      { date: TODAY, accelerator: 'Focus', dailyAction: 'One hour, phone away', done: true },
      { date: TODAY, accelerator: 'Gratitude', dailyAction: 'Write three thanks', done: false },
      { date: TODAY, accelerator: 'Discipline', dailyAction: 'Dropped in Session 3', done: true },
    ];
    expect(practiceProgress(PRACTICE, answers, TODAY)).toEqual([
      { accelerator: 'Gratitude', dailyAction: 'Write three thanks', streak: 0, strength: 0 },
      { accelerator: 'Focus', dailyAction: 'One hour, phone away', streak: 4, strength: habitStrength(run(4), TODAY) },
      { accelerator: 'Service', dailyAction: 'Help one person', streak: 0, strength: 0 },
    ]);
    expect(answersOn(answers, TODAY)).toEqual({ Focus: true, Gratitude: false, Discipline: true });
  });
});

describe('practiceOf', () => {
  it('is the three actions once Session 3 is complete, else null', () => {
    const accelerators = PRACTICE.map((p) => ({ name: p.accelerator as 'Focus', dailyAction: p.dailyAction, measurement: 'm' }));
    expect(practiceOf({})).toBeNull();
    expect(practiceOf({ session3: { accelerators, completedAt: null } })).toBeNull();
    expect(practiceOf({ session3: { accelerators, completedAt: '2026-11-20T10:00:00Z' } })).toEqual(PRACTICE);
  });
});
