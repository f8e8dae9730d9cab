import { describe, expect, it } from 'vitest';
import {
  completedCount,
  isChallengeComplete,
  isSessionNumber,
  progressPercent,
  resumeTarget,
  SESSION_COUNT,
  SESSIONS,
  type SessionCompletions,
  sessionInfo,
} from './session-status';

const T = '2025-11-12T02:00:00.000Z';

function done(count: number): SessionCompletions {
  return {
    session1CompletedAt: count >= 1 ? T : null,
    session2CompletedAt: count >= 2 ? T : null,
    session3CompletedAt: count >= 3 ? T : null,
    session4CompletedAt: count >= 4 ? T : null,
  };
}

describe('session metadata', () => {
  it('names the four sessions as docs/product.md#session-order-and-status does', () => {
    expect(SESSION_COUNT).toBe(4);
    expect(SESSIONS.map((s) => s.number)).toEqual([1, 2, 3, 4]);
    expect(SESSIONS.map((s) => s.title)).toEqual(['Wheel of Truth', 'Break the Chains', 'Fuel & Accelerate', 'The Life7 Path']);
    expect(SESSIONS.map((s) => s.badge)).toEqual(['Week 1', 'Week 2', 'Week 3', 'Week 4']);
  });

  it("titles Session 4's page with the product name", () => {
    expect(sessionInfo(4).pageTitle).toBe('The Life7 Path');
    expect(sessionInfo(1).pageTitle).toBe('Wheel of Truth');
  });

  it('summarises each session', () => {
    expect(sessionInfo(1).summary).toMatch(/Keystone/);
    expect(sessionInfo(2).summary).toMatch(/fear, guilt, and envy/);
    expect(sessionInfo(3).summary).toMatch(/gratitude, discipline, service, and faith/);
    expect(sessionInfo(4).summary).toMatch(/90-day 'Legacy Map' and commit/);
  });

  it('recognises session numbers', () => {
    expect([0, 1, 4, 5, 2.5, '1'].map(isSessionNumber)).toEqual([false, true, true, false, false, false]);
  });
});

describe('progress', () => {
  it('resumes at the first uncompleted session, 5 when all are done', () => {
    expect([0, 1, 2, 3, 4].map((n) => resumeTarget(done(n)))).toEqual([1, 2, 3, 4, 5]);
    expect(resumeTarget(null)).toBe(1);
    expect(resumeTarget({ ...done(4), session2CompletedAt: null })).toBe(2);
  });

  it('counts and percents the completed sessions', () => {
    expect([0, 1, 2, 3, 4].map((n) => completedCount(done(n)))).toEqual([0, 1, 2, 3, 4]);
    expect([0, 1, 2, 3, 4].map((n) => progressPercent(done(n)))).toEqual([0, 25, 50, 75, 100]);
    expect(progressPercent(null)).toBe(0);
  });

  it('calls the challenge complete only when all four are done', () => {
    expect([0, 1, 2, 3, 4].map((n) => isChallengeComplete(done(n)))).toEqual([false, false, false, false, true]);
    expect(isChallengeComplete(null)).toBe(false);
    expect(isChallengeComplete({ ...done(4), session1CompletedAt: null })).toBe(false);
  });
});
