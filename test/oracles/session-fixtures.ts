// Test data shared by the domain tests and the Worker tests: one valid payload per session and
// the stored progress row. Only tests import this file.
import type { ProgressRecord } from '../../src/domain/progress-view';
import { QUESTION_IDS } from '../../src/domain/questions';

export const FIXTURE_TIME = '2025-11-12T02:00:00.000Z';

/** Answers where each arena's ten answers are its position (faith 1, family 2, ...), so scores are known. */
export function answers(rate: (id: string, index: number) => unknown = (_, i) => Math.floor(i / 10) + 1): Record<string, number> {
  return Object.fromEntries(QUESTION_IDS.map((id, i) => [id, rate(id, i)])) as Record<string, number>;
}

type Payload = Record<string, unknown>;

export const session1 = (overrides: Payload = {}) => ({
  questionResponses: answers(),
  arenaScores: { Faith: 9, Family: 9, Fitness: 9, Finance: 9, Field: 9, Friends: 9, Fun: 9 },
  keystoneArena: 'Fitness',
  reflections: ['What surprised me', 'Why it matters', 'First step'],
  session1CompletedAt: FIXTURE_TIME,
  ...overrides,
});

export const session2 = (overrides: Payload = {}) => ({
  blockers: [
    { name: 'Fear', reflection: 'Fear of failing', arenas: ['Finance', 'Field'] },
    { name: 'Envy', reflection: 'I compare', arenas: [] as string[] },
  ],
  session2CompletedAt: FIXTURE_TIME,
  ...overrides,
});

export const session3 = (overrides: Payload = {}) => ({
  accelerators: [
    { name: 'Gratitude', dailyAction: 'Three thanks', measurement: 'Journal' },
    { name: 'Discipline', dailyAction: 'Up at six', measurement: 'Streak' },
    { name: 'Focus', dailyAction: 'No phone mornings', measurement: 'Screen time' },
  ],
  session3CompletedAt: FIXTURE_TIME,
  ...overrides,
});

export const session4 = (overrides: Payload = {}) => ({
  vision90Day: 'Calm, fit and present',
  target90Day: 'Run 10k',
  milestones: [
    { week: 30, goal: 'Run 3k' },
    { week: 60, goal: 'Run 6k' },
    { week: 90, goal: 'Run 10k' },
  ],
  session4CompletedAt: FIXTURE_TIME,
  ...overrides,
});

/** A stored progress row as D1 returns it before anything was saved, with the given columns set. */
export function storedProgress(overrides: Partial<ProgressRecord> = {}): ProgressRecord {
  return {
    questionResponses: null,
    arenaScores: null,
    keystoneArena: null,
    reflections: null,
    session1CompletedAt: null,
    blockers: null,
    session2CompletedAt: null,
    accelerators: null,
    session3CompletedAt: null,
    vision90Day: null,
    target90Day: null,
    milestones: '[]',
    session4CompletedAt: null,
    ...overrides,
  };
}
