import { describe, expect, it } from 'vitest';
import { ARENAS } from './arenas';
import { QUESTIONS } from './questions';
import { keystoneProgress, mostMovedQuestions, reassessmentDueAt, reassessmentInvited } from './reassessment';
import type { ArenaScores } from './scoring';

const FIRST = '2026-10-01T12:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('the re-assessment invitation', () => {
  const selfPaced = {
    firstWheelAt: FIRST,
    latestWheelAt: FIRST,
    cohort: { startDate: '2026-09-01', pacing: 'self-paced' as const },
    timeZone: 'UTC',
  };

  it('comes four weeks after the first Session 1 when self-paced', () => {
    expect(reassessmentDueAt(selfPaced)).toBe('2026-10-29T12:00:00.000Z');
    expect(reassessmentInvited(selfPaced, at('2026-10-29T11:59:59.000Z'))).toBe(false);
    expect(reassessmentInvited(selfPaced, at('2026-10-29T12:00:00.000Z'))).toBe(true);
    expect(reassessmentDueAt({ ...selfPaced, cohort: null })).toBe('2026-10-29T12:00:00.000Z');
  });

  it('no longer comes early when Session 4 is done the same afternoon', () => {
    // The old shortcut invited at Session 4's completion; the input no longer has it.
    expect(reassessmentInvited(selfPaced, at('2026-10-02T12:00:00.000Z'))).toBe(false);
  });

  it("comes at the end of a weekly cohort's week 4, midnight of day 29 in the participant's zone", () => {
    // A cohort starting Mon 2027-01-04: day 29 is Mon 2027-02-01.
    const weekly = {
      firstWheelAt: '2027-01-04T20:00:00.000Z',
      latestWheelAt: '2027-01-04T20:00:00.000Z',
      cohort: { startDate: '2027-01-04', pacing: 'weekly' as const },
    };
    expect(reassessmentDueAt({ ...weekly, timeZone: 'America/Los_Angeles' })).toBe('2027-02-01T08:00:00.000Z');
    expect(reassessmentDueAt({ ...weekly, timeZone: 'Pacific/Auckland' })).toBe('2027-01-31T11:00:00.000Z');
    const la = { ...weekly, timeZone: 'America/Los_Angeles' };
    expect(reassessmentInvited(la, at('2027-02-01T07:59:59.000Z'))).toBe(false);
    expect(reassessmentInvited(la, at('2027-02-01T08:00:00.000Z'))).toBe(true);
    // A wheel taken on day 20 changes nothing: week 4 is what the cohort shares.
    expect(reassessmentDueAt({ ...la, firstWheelAt: '2027-01-23T20:00:00.000Z' })).toBe('2027-02-01T08:00:00.000Z');
  });

  it('counts four weeks from a first wheel taken after the cohort ended', () => {
    const late = {
      firstWheelAt: '2027-03-01T20:00:00.000Z',
      latestWheelAt: '2027-03-01T20:00:00.000Z',
      cohort: { startDate: '2027-01-04', pacing: 'weekly' as const },
      timeZone: 'UTC',
    };
    expect(reassessmentDueAt(late)).toBe('2027-03-29T20:00:00.000Z');
  });

  it('is not shown before any Session 1, nor after a wheel taken since it was due', () => {
    expect(reassessmentInvited({ ...selfPaced, firstWheelAt: null, latestWheelAt: null }, at('2027-01-01T00:00:00Z'))).toBe(false);
    expect(reassessmentInvited({ ...selfPaced, latestWheelAt: '2026-11-01T00:00:00.000Z' }, at('2026-11-02T00:00:00Z'))).toBe(false);
  });
});

describe('mostMovedQuestions', () => {
  const all = (value: number) => Object.fromEntries(QUESTIONS.map((q) => [q.id, value]));

  it('names the five questions that moved most, with their text, biggest first, up or down', () => {
    const first = all(5);
    const latest = { ...all(5), fun_3: 9, faith_2: 1, family_4: 8, field_1: 7, fitness_5: 6, finance_6: 4 };
    const moves = mostMovedQuestions(first, latest);
    expect(moves.map((m) => [m.id, m.change])).toEqual([
      ['faith_2', -4],
      ['fun_3', 4],
      ['family_4', 3],
      ['field_1', 2],
      ['fitness_5', 1],
    ]);
    expect(moves[0]!.text).toBe(QUESTIONS.find((q) => q.id === 'faith_2')!.text);
    expect(moves[0]).toMatchObject({ arena: 'Faith', first: 5, latest: 1 });
  });

  it('is empty when nothing moved or the first answers were not kept', () => {
    expect(mostMovedQuestions(all(5), all(5))).toEqual([]);
    expect(mostMovedQuestions({}, all(5))).toEqual([]);
  });
});

describe('keystoneProgress', () => {
  const scores = (value: number): ArenaScores => Object.fromEntries(ARENAS.map((a) => [a, value])) as ArenaScores;

  it('says whether the Keystone arena improved more than the others on average', () => {
    const latest = { ...scores(5), Fitness: 8, Fun: 6 };
    expect(keystoneProgress(scores(5), latest, 'Fitness')).toEqual({
      keystone: 'Fitness',
      keystoneChange: 3,
      othersChange: 0.2,
      improvedMore: true,
    });
    expect(keystoneProgress(scores(5), latest, 'Faith').improvedMore).toBe(false);
    expect(keystoneProgress(scores(5), scores(4), 'Faith').improvedMore).toBe(false);
  });
});
