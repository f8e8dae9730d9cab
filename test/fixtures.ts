// Session payloads shared by the Worker tests.
import { QUESTION_IDS } from '../src/domain/questions';

/** Answers where each arena's ten answers are `base` (faith 1, family 2, ...), so scores are known. */
export function answers(rate: (id: string, index: number) => number = (_, i) => Math.floor(i / 10) + 1): Record<string, number> {
  return Object.fromEntries(QUESTION_IDS.map((id, i) => [id, rate(id, i)]));
}

export const session1 = (overrides: Record<string, unknown> = {}) => ({
  questionResponses: answers(),
  arenaScores: { Faith: 9, Family: 9, Fitness: 9, Finance: 9, Field: 9, Friends: 9, Fun: 9 },
  keystoneArena: 'Fitness',
  reflections: ['What surprised me', 'Why it matters', 'First step'],
  session1CompletedAt: new Date().toISOString(),
  ...overrides,
});
export const session2 = { blockers: [{ name: 'Fear', reflection: 'Fear of failing', arenas: ['Finance', 'Field'] }], session2CompletedAt: new Date().toISOString() };
export const session3 = {
  accelerators: [
    { name: 'Gratitude', dailyAction: 'Three thanks', measurement: 'Journal' },
    { name: 'Discipline', dailyAction: 'Up at six', measurement: 'Streak' },
    { name: 'Focus', dailyAction: 'No phone mornings', measurement: 'Screen time' },
  ],
};
export const session4 = {
  vision90Day: 'Calm, fit and present',
  target90Day: 'Run 10k',
  milestones: [
    { week: 30, goal: 'Run 3k' },
    { week: 60, goal: 'Run 6k' },
    { week: 90, goal: 'Run 10k' },
  ],
};

