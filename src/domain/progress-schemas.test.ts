import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { answers, FIXTURE_TIME, session1, session2, session3, session4 } from '../../test/oracles/session-fixtures';
import {
  PROGRESS_MESSAGES as M,
  progressPayloadSchema,
  SESSION_FIELDS,
  session1Schema,
  session2Schema,
  session3Schema,
  session4FormSchema,
  session4Schema,
  sessionOfPayload,
  TEXT_MAX,
} from './progress-schemas';

const T = FIXTURE_TIME;
const s1 = session1;
const s2 = session2;
const s3 = session3;
const s4 = session4;

type Issue = { path: PropertyKey[]; message: string };

function issues(schema: z.ZodMiniType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  expect(result.success, 'expected the input to be refused').toBe(false);
  return result.error!.issues.map((i) => ({ path: i.path, message: i.message }));
}

/** The messages at exactly this path. */
function at(list: Issue[], path: PropertyKey[]): string[] {
  return list.filter((i) => JSON.stringify(i.path) === JSON.stringify(path)).map((i) => i.message);
}

describe('session1Schema', () => {
  it('accepts a complete session', () => {
    const result = session1Schema.parse(s1());
    expect(Object.keys(result.questionResponses)).toHaveLength(70);
    expect(result.keystoneArena).toBe('Fitness');
  });

  it('accepts ratings 1 and 10 and no arenaScores or completion time', () => {
    const r = { ...answers(), faith_1: 1, fun_10: 10 };
    const result = session1Schema.parse(s1({ questionResponses: r, arenaScores: undefined, session1CompletedAt: undefined }));
    expect(result.questionResponses.faith_1).toBe(1);
    expect(result.arenaScores).toBeUndefined();
  });

  it('refuses 0, 11, 5.5 and text ratings at the question', () => {
    for (const bad of [0, 11, 5.5, '7', null, Number.NaN]) {
      const list = issues(session1Schema, s1({ questionResponses: { ...answers(), family_4: bad } }));
      expect(at(list, ['questionResponses', 'family_4'])).toEqual([M.answerAll]);
    }
    expect(M.answerAll).toBe('Answer all 70 questions with a whole number from 1 to 10');
  });

  it('refuses a missing question id', () => {
    const r = answers();
    delete r.fun_10;
    expect(at(issues(session1Schema, s1({ questionResponses: r })), ['questionResponses', 'fun_10'])).toEqual([M.answerAll]);
  });

  it('refuses an extra question id', () => {
    const list = issues(session1Schema, s1({ questionResponses: { ...answers(), fun_11: 5 } }));
    expect(at(list, ['questionResponses'])).toEqual([M.answerAll]);
  });

  it('refuses missing answers altogether', () => {
    expect(at(issues(session1Schema, s1({ questionResponses: undefined })), ['questionResponses'])).toEqual([M.answerAll]);
    expect(at(issues(session1Schema, s1({ questionResponses: [] })), ['questionResponses'])).toEqual([M.answerAll]);
  });

  it('checks arenaScores for shape: all 7 arenas, 0..10', () => {
    const scores = { Faith: 0, Family: 10, Fitness: 5.5, Finance: 7, Field: 7, Friends: 7, Fun: 7 };
    expect(session1Schema.parse(s1({ arenaScores: scores })).arenaScores).toEqual(scores);
    expect(at(issues(session1Schema, s1({ arenaScores: { ...scores, Fun: 10.1 } })), ['arenaScores', 'Fun'])).toEqual([M.arenaScores]);
    expect(at(issues(session1Schema, s1({ arenaScores: { ...scores, Fun: -1 } })), ['arenaScores', 'Fun'])).toEqual([M.arenaScores]);
    const { Fun: _fun, ...six } = scores;
    expect(at(issues(session1Schema, s1({ arenaScores: six })), ['arenaScores', 'Fun'])).toEqual([M.arenaScores]);
    expect(issues(session1Schema, s1({ arenaScores: { ...scores, fun: 3 } })).map((i) => i.message)).toContain(M.arenaScores);
  });

  it('requires a known keystone arena, capitalised', () => {
    for (const bad of ['finance', 'Work', '', undefined]) {
      expect(at(issues(session1Schema, s1({ keystoneArena: bad })), ['keystoneArena'])).toEqual([M.keystone]);
    }
  });

  it('requires exactly 3 non-blank reflections', () => {
    expect(at(issues(session1Schema, s1({ reflections: ['One', '   ', 'Three'] })), ['reflections', 1])).toEqual([
      'Please answer this reflection',
    ]);
    expect(at(issues(session1Schema, s1({ reflections: ['One', undefined, 'Three'] })), ['reflections', 1])).toEqual([
      'Please answer this reflection',
    ]);
    expect(at(issues(session1Schema, s1({ reflections: ['', 'Two', 'Three'] })), ['reflections', 0])).toEqual([
      'Please answer this reflection',
    ]);
    expect(at(issues(session1Schema, s1({ reflections: ['One', 'Two'] })), ['reflections'])).toEqual([M.reflections]);
    expect(at(issues(session1Schema, s1({ reflections: ['1', '2', '3', '4'] })), ['reflections'])).toEqual([M.reflections]);
    expect(at(issues(session1Schema, s1({ reflections: undefined })), ['reflections'])).toEqual([M.reflections]);
  });

  it('trims reflections and caps them at 2000 characters', () => {
    expect(session1Schema.parse(s1({ reflections: ['  One ', 'Two', 'Three'] })).reflections[0]).toBe('One');
    expect(session1Schema.safeParse(s1({ reflections: ['x'.repeat(TEXT_MAX), 'Two', 'Three'] })).success).toBe(true);
    expect(at(issues(session1Schema, s1({ reflections: ['x'.repeat(TEXT_MAX + 1), 'Two', 'Three'] })), ['reflections', 0])).toEqual([
      M.tooLong,
    ]);
  });

  it('checks the completion time only when sent', () => {
    expect(session1Schema.safeParse(s1({ session1CompletedAt: '2025-11-12T10:00:00+01:00' })).success).toBe(true);
    expect(at(issues(session1Schema, s1({ session1CompletedAt: 'yesterday' })), ['session1CompletedAt'])).toEqual([M.completedAt]);
  });
});

describe('session2Schema', () => {
  it('accepts blockers with and without arenas, defaulting missing arenas to none', () => {
    const result = session2Schema.parse(s2({ blockers: [{ name: 'Doubt', reflection: ' I hesitate ' }] }));
    expect(result.blockers).toEqual([{ name: 'Doubt', reflection: 'I hesitate', arenas: [] }]);
    expect(session2Schema.parse(s2()).blockers[0]!.arenas).toEqual(['Finance', 'Field']);
  });

  it('requires at least one blocker', () => {
    expect(at(issues(session2Schema, s2({ blockers: [] })), ['blockers'])).toEqual(['Select at least one blocker']);
    expect(at(issues(session2Schema, s2({ blockers: undefined })), ['blockers'])).toEqual(['Select at least one blocker']);
  });

  it('requires a reflection for each blocker, blank or missing', () => {
    for (const reflection of ['', '  \n ', undefined]) {
      const list = issues(
        session2Schema,
        s2({
          blockers: [
            { name: 'Fear', reflection: 'ok', arenas: [] },
            { name: 'Guilt', reflection, arenas: [] },
          ],
        }),
      );
      expect(at(list, ['blockers', 1, 'reflection'])).toEqual(['Write a reflection for this blocker']);
    }
  });

  it('refuses unknown blockers and arenas', () => {
    expect(at(issues(session2Schema, s2({ blockers: [{ name: 'Pride', reflection: 'x', arenas: [] }] })), ['blockers', 0, 'name'])).toEqual(
      [M.blockerName],
    );
    expect(at(issues(session2Schema, s2({ blockers: [{ name: 'fear', reflection: 'x', arenas: [] }] })), ['blockers', 0, 'name'])).toEqual([
      M.blockerName,
    ]);
    expect(
      at(issues(session2Schema, s2({ blockers: [{ name: 'Fear', reflection: 'x', arenas: ['Field', 'Work'] }] })), [
        'blockers',
        0,
        'arenas',
        1,
      ]),
    ).toEqual([M.arena]);
  });

  it('refuses the same blocker twice and the same arena twice', () => {
    const twice = [
      { name: 'Fear', reflection: 'a', arenas: [] },
      { name: 'Fear', reflection: 'b', arenas: [] },
    ];
    expect(at(issues(session2Schema, s2({ blockers: twice })), ['blockers', 1, 'name'])).toEqual([M.blockerTwice]);
    const arenas = [{ name: 'Fear', reflection: 'a', arenas: ['Fun', 'Faith', 'Fun'] }];
    expect(at(issues(session2Schema, s2({ blockers: arenas })), ['blockers', 0, 'arenas', 2])).toEqual([M.arenaTwice]);
  });

  it('accepts all eight blockers', () => {
    const all = ['Fear', 'Guilt', 'Anger', 'Shame', 'Envy', 'Laziness', 'Doubt', 'Control'].map((name) => ({
      name,
      reflection: 'r',
      arenas: [],
    }));
    expect(session2Schema.parse(s2({ blockers: all })).blockers).toHaveLength(8);
  });
});

describe('session3Schema', () => {
  it('accepts exactly three distinct accelerators', () => {
    expect(session3Schema.parse(s3()).accelerators.map((a) => a.name)).toEqual(['Gratitude', 'Discipline', 'Focus']);
  });

  it('refuses 2 or 4 accelerators, or none', () => {
    const three = s3().accelerators as unknown[];
    expect(at(issues(session3Schema, s3({ accelerators: three.slice(0, 2) })), ['accelerators'])).toEqual([
      'Choose exactly 3 accelerators',
    ]);
    const fourth = { name: 'Focus', dailyAction: 'a', measurement: 'b' };
    expect(at(issues(session3Schema, s3({ accelerators: [...three, fourth] })), ['accelerators'])).toEqual([
      'Choose exactly 3 accelerators',
    ]);
    expect(at(issues(session3Schema, s3({ accelerators: undefined })), ['accelerators'])).toEqual(['Choose exactly 3 accelerators']);
  });

  it('refuses a duplicate accelerator', () => {
    const dup = [
      { name: 'Faith', dailyAction: 'a', measurement: 'b' },
      { name: 'Focus', dailyAction: 'a', measurement: 'b' },
      { name: 'Faith', dailyAction: 'c', measurement: 'd' },
    ];
    expect(at(issues(session3Schema, s3({ accelerators: dup })), ['accelerators', 2, 'name'])).toEqual([M.acceleratorTwice]);
  });

  it('refuses an unknown accelerator', () => {
    const list = [
      { name: 'Fear', dailyAction: 'a', measurement: 'b' },
      { name: 'Focus', dailyAction: 'a', measurement: 'b' },
      { name: 'Faith', dailyAction: 'c', measurement: 'd' },
    ];
    expect(at(issues(session3Schema, s3({ accelerators: list })), ['accelerators', 0, 'name'])).toEqual([M.acceleratorName]);
  });

  it('requires a daily action and a measurement, not just spaces', () => {
    const list = [
      { name: 'Faith', dailyAction: '   ', measurement: 'b' },
      { name: 'Focus', dailyAction: 'a' },
      { name: 'Purpose', dailyAction: 'c', measurement: '' },
    ];
    const result = issues(session3Schema, s3({ accelerators: list }));
    expect(at(result, ['accelerators', 0, 'dailyAction'])).toEqual(['Add a daily action']);
    expect(at(result, ['accelerators', 1, 'measurement'])).toEqual(['Add a measurement']);
    expect(at(result, ['accelerators', 2, 'measurement'])).toEqual(['Add a measurement']);
  });
});

describe('session4Schema', () => {
  it('accepts a complete Legacy Map, trimmed, target included', () => {
    const result = session4Schema.parse(s4({ vision90Day: '  Present ' }));
    expect(result.vision90Day).toBe('Present');
    expect(result.target90Day).toBe('Run 10k');
    expect(result.milestones.map((m) => m.week)).toEqual([30, 60, 90]);
  });

  it('requires vision and target, not just spaces', () => {
    expect(at(issues(session4Schema, s4({ vision90Day: '  ' })), ['vision90Day'])).toEqual(['Write your vision']);
    expect(at(issues(session4Schema, s4({ vision90Day: undefined })), ['vision90Day'])).toEqual(['Write your vision']);
    expect(at(issues(session4Schema, s4({ target90Day: '' })), ['target90Day'])).toEqual(['Set your 90-day target']);
    // The API takes the original payload without a target (decision 9); the form asks for it.
    expect(session4Schema.safeParse(s4({ target90Day: undefined })).success).toBe(true);
    expect(at(issues(session4FormSchema, s4({ target90Day: undefined })), ['target90Day'])).toEqual(['Set your 90-day target']);
    expect(at(issues(session4Schema, s4({ vision90Day: 'v'.repeat(TEXT_MAX + 1) })), ['vision90Day'])).toEqual([M.tooLong]);
  });

  it('requires a goal for each milestone', () => {
    const list = issues(session4Schema, s4({ milestones: [{ week: 30, goal: 'a' }, { week: 60, goal: ' ' }, { week: 90 }] }));
    expect(at(list, ['milestones', 1, 'goal'])).toEqual(['Add a goal for this milestone']);
    expect(at(list, ['milestones', 2, 'goal'])).toEqual(['Add a goal for this milestone']);
  });

  it('requires weeks 30, 60 and 90 in that order', () => {
    const swapped = issues(
      session4Schema,
      s4({
        milestones: [
          { week: 60, goal: 'a' },
          { week: 30, goal: 'b' },
          { week: 90, goal: 'c' },
        ],
      }),
    );
    expect(at(swapped, ['milestones', 0, 'week'])).toEqual([M.milestoneWeek]);
    expect(at(swapped, ['milestones', 1, 'week'])).toEqual([M.milestoneWeek]);
    const wrong = issues(
      session4Schema,
      s4({
        milestones: [
          { week: 30, goal: 'a' },
          { week: 45, goal: 'b' },
          { week: '90', goal: 'c' },
        ],
      }),
    );
    expect(at(wrong, ['milestones', 1, 'week'])).toEqual([M.milestoneWeek]);
    expect(at(wrong, ['milestones', 2, 'week'])).toEqual([M.milestoneWeek]);
  });

  it('requires exactly 3 milestones', () => {
    const two = [
      { week: 30, goal: 'a' },
      { week: 60, goal: 'b' },
    ];
    expect(at(issues(session4Schema, s4({ milestones: two })), ['milestones'])).toEqual([M.milestones]);
    const four = [...two, { week: 90, goal: 'c' }, { week: 90, goal: 'd' }];
    expect(at(issues(session4Schema, s4({ milestones: four })), ['milestones'])).toEqual([M.milestones]);
    expect(at(issues(session4Schema, s4({ milestones: undefined })), ['milestones'])).toEqual([M.milestones]);
  });
});

describe('progressPayloadSchema', () => {
  it('accepts each session on its own and tells which one it is', () => {
    const payloads = [s1(), s2(), s3(), s4()];
    expect(payloads.map((p) => sessionOfPayload(progressPayloadSchema.parse(p)))).toEqual([1, 2, 3, 4]);
  });

  it('knows each session by any of its fields, even without the completion time', () => {
    expect(sessionOfPayload(progressPayloadSchema.parse(s2({ session2CompletedAt: undefined })))).toBe(2);
    // Only the completion time: session 2 is meant, and its blockers are missing.
    expect(at(issues(progressPayloadSchema, { session2CompletedAt: T }), ['blockers'])).toEqual(['Select at least one blocker']);
    expect(at(issues(progressPayloadSchema, { target90Day: 'x' }), ['vision90Day'])).toEqual(['Write your vision']);
  });

  it('keeps the session schema paths', () => {
    const bad = s2({ blockers: [{ name: 'Fear', reflection: ' ', arenas: [] }] });
    expect(at(issues(progressPayloadSchema, bad), ['blockers', 0, 'reflection'])).toEqual(['Write a reflection for this blocker']);
    const r = answers();
    delete r.faith_3;
    expect(at(issues(progressPayloadSchema, s1({ questionResponses: r })), ['questionResponses', 'faith_3'])).toEqual([M.answerAll]);
  });

  it('refuses two sessions at once', () => {
    expect(at(issues(progressPayloadSchema, { ...s2(), ...s3() }), [])).toEqual([M.mixedSessions]);
    expect(at(issues(progressPayloadSchema, { ...s4(), session1CompletedAt: T }), [])).toEqual([M.mixedSessions]);
  });

  it('refuses a body with no session, or not an object', () => {
    for (const body of [{}, { other: 1 }, null, [], 'x', 3]) expect(at(issues(progressPayloadSchema, body), [])).toEqual([M.oneSession]);
  });

  it('drops keys that belong to no session', () => {
    const result = progressPayloadSchema.parse({ ...s3(), userId: 'someone-else' });
    expect(result).not.toHaveProperty('userId');
  });

  it('lists each session’s fields with the API’s names', () => {
    expect(SESSION_FIELDS[1]).toEqual(['questionResponses', 'arenaScores', 'keystoneArena', 'reflections', 'session1CompletedAt']);
    expect(SESSION_FIELDS[2]).toEqual(['blockers', 'session2CompletedAt']);
    expect(SESSION_FIELDS[3]).toEqual(['accelerators', 'session3CompletedAt']);
    expect(SESSION_FIELDS[4]).toEqual(['vision90Day', 'target90Day', 'milestones', 'session4CompletedAt']);
  });
});
