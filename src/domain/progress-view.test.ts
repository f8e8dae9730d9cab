import { describe, expect, it } from 'vitest';
import { storedProgress } from '../../test/oracles/session-fixtures';
import { toClientView } from './progress-view';

const T1 = '2025-11-12T02:00:00.000Z';
const T2 = '2025-11-19T02:00:00.000Z';

const empty = storedProgress;

const scores = { Faith: 7, Family: 6.5, Fitness: 5, Finance: 3.2, Field: 8, Friends: 9, Fun: 4 };
const blockers = [{ name: 'Fear', reflection: 'I hold back', arenas: ['Field'] }];
const accelerators = [
  { name: 'Gratitude', dailyAction: 'List 3', measurement: 'Journal' },
  { name: 'Focus', dailyAction: 'One task', measurement: 'Done' },
  { name: 'Service', dailyAction: 'Help', measurement: 'Count' },
];
const milestones = [
  { week: 30, goal: 'a' },
  { week: 60, goal: 'b' },
  { week: 90, goal: 'c' },
];

const full = empty({
  questionResponses: JSON.stringify({ faith_1: 7, fun_10: 4 }),
  arenaScores: JSON.stringify(scores),
  keystoneArena: 'Finance',
  reflections: JSON.stringify(['r1', 'r2', 'r3']),
  session1CompletedAt: T1,
  blockers: JSON.stringify(blockers),
  session2CompletedAt: T2,
  accelerators: JSON.stringify(accelerators),
  session3CompletedAt: T2,
  vision90Day: 'Vision',
  target90Day: 'Target',
  milestones: JSON.stringify(milestones),
  session4CompletedAt: T2,
});

describe('toClientView', () => {
  it('is empty without a record, or with nothing saved', () => {
    expect(toClientView(null)).toEqual({});
    expect(toClientView(undefined)).toEqual({});
    expect(toClientView(empty())).toEqual({});
  });

  it('maps every session of a full record', () => {
    expect(toClientView(full)).toEqual({
      session1: {
        questionResponses: { faith_1: 7, fun_10: 4 },
        scores,
        keystoneArena: 'Finance',
        reflections: ['r1', 'r2', 'r3'],
        completedAt: T1,
      },
      session2: { blockers, completedAt: T2 },
      session3: { accelerators, completedAt: T2 },
      session4: { vision90Day: 'Vision', target90Day: 'Target', milestones, milestonesDone: {}, completedAt: T2 },
    });
  });

  it('reads when each milestone was marked done, known days only', () => {
    const view = toClientView({ ...full, milestonesDone: JSON.stringify({ 30: T1, 60: 5, 45: T2, 90: T2 }) });
    expect(view.session4!.milestonesDone).toEqual({ 30: T1, 90: T2 });
    expect(toClientView({ ...full, milestonesDone: '[1]' }).session4!.milestonesDone).toEqual({});
  });

  it('shows a session only when its main field is stored', () => {
    // Answers and reflections without arenaScores: no session 1.
    const noScores = toClientView(empty({ questionResponses: '{"faith_1":3}', reflections: '["a","b","c"]', session1CompletedAt: T1 }));
    expect(noScores.session1).toBeUndefined();
    // The default '[]' milestones alone: no session 4.
    expect(toClientView(empty({ milestones: JSON.stringify(milestones) })).session4).toBeUndefined();
    const only2 = toClientView(empty({ blockers: JSON.stringify(blockers) }));
    expect(Object.keys(only2)).toEqual(['session2']);
    expect(only2.session2!.completedAt).toBeNull();
    expect(Object.keys(toClientView(empty({ accelerators: '[]' })))).toEqual(['session3']);
    expect(Object.keys(toClientView(empty({ vision90Day: 'v' })))).toEqual(['session4']);
  });

  it('treats JSON that does not parse as absent', () => {
    const view = toClientView({ ...full, arenaScores: '{not json', blockers: 'nope', accelerators: '' });
    expect(view.session1).toBeUndefined();
    expect(view.session2).toBeUndefined();
    expect(view.session3).toBeUndefined();
    expect(view.session4).toBeDefined();
  });

  it('treats JSON of the wrong kind as absent', () => {
    const view = toClientView({ ...full, arenaScores: '[1,2]', blockers: '{"name":"Fear"}', accelerators: 'null' });
    expect(view).toEqual({ session4: expect.anything() });
    expect(toClientView({ ...full, arenaScores: 'null' }).session1).toBeUndefined();
  });

  it('repairs the inner fields of a present session', () => {
    const view = toClientView({
      ...full,
      questionResponses: '{"faith_1":7,"faith_11":3,"fun_2":"9"}',
      arenaScores: '{"Faith":7,"Fun":"x","Work":3}',
      keystoneArena: 'finance',
      reflections: '{oops',
      milestones: 'bad',
    });
    expect(view.session1).toEqual({
      questionResponses: { faith_1: 7 },
      scores: { Faith: 7, Family: 0, Fitness: 0, Finance: 0, Field: 0, Friends: 0, Fun: 0 },
      keystoneArena: null,
      reflections: [],
      completedAt: T1,
    });
    expect(view.session4!.milestones).toEqual([]);
  });

  it('drops list items of the wrong shape and unknown names', () => {
    const view = toClientView({
      ...full,
      blockers: JSON.stringify([
        { name: 'Fear', reflection: 'ok', arenas: ['Field', 'Work', 7] },
        { name: 'Pride', reflection: 'x', arenas: [] },
        { name: 'Doubt', reflection: 'no arenas' },
        'Envy',
      ]),
      accelerators: JSON.stringify([
        accelerators[0],
        { name: 'Focus', dailyAction: 'x' },
        { name: 'Luck', dailyAction: 'a', measurement: 'b' },
      ]),
      milestones: JSON.stringify([{ week: 30, goal: 'a' }, { week: 45, goal: 'b' }, { week: 90 }]),
    });
    expect(view.session2!.blockers).toEqual([
      { name: 'Fear', reflection: 'ok', arenas: ['Field'] },
      { name: 'Doubt', reflection: 'no arenas', arenas: [] },
    ]);
    expect(view.session3!.accelerators).toEqual([accelerators[0]]);
    expect(view.session4!.milestones).toEqual([{ week: 30, goal: 'a' }]);
  });

  it('keeps a null milestones column and a missing target', () => {
    const view = toClientView(empty({ vision90Day: 'v', milestones: null }));
    expect(view.session4).toEqual({ vision90Day: 'v', target90Day: null, milestones: [], milestonesDone: {}, completedAt: null });
  });
});
