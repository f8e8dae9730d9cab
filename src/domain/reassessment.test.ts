import { describe, expect, it } from 'vitest';
import { ARENAS } from './arenas';
import { QUESTIONS } from './questions';
import { keystoneProgress, mostMovedQuestions, reassessmentDueAt, reassessmentInvited } from './reassessment';
import type { ArenaScores } from './scoring';

const FIRST = '2026-10-01T12:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('the re-assessment invitation', () => {
  it('comes four weeks after the first Session 1', () => {
    const input = { firstWheelAt: FIRST, latestWheelAt: FIRST, session4CompletedAt: null };
    expect(reassessmentDueAt(input)).toBe('2026-10-29T12:00:00.000Z');
    expect(reassessmentInvited(input, at('2026-10-29T11:59:59.000Z'))).toBe(false);
    expect(reassessmentInvited(input, at('2026-10-29T12:00:00.000Z'))).toBe(true);
  });

  it('comes sooner once Session 4 is done', () => {
    const input = { firstWheelAt: FIRST, latestWheelAt: FIRST, session4CompletedAt: '2026-10-20T09:00:00.000Z' };
    expect(reassessmentInvited(input, at('2026-10-20T10:00:00.000Z'))).toBe(true);
  });

  it('is not shown before any Session 1, nor after a wheel taken since it was due', () => {
    expect(reassessmentInvited({ firstWheelAt: null, latestWheelAt: null, session4CompletedAt: null }, at('2027-01-01T00:00:00Z'))).toBe(
      false,
    );
    expect(
      reassessmentInvited(
        { firstWheelAt: FIRST, latestWheelAt: '2026-11-01T00:00:00.000Z', session4CompletedAt: null },
        at('2026-11-02T00:00:00Z'),
      ),
    ).toBe(false);
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
