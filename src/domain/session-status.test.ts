import { describe, expect, it } from 'vitest';
import {
  completedCount,
  isChallengeComplete,
  isSessionCompleted,
  isSessionNumber,
  progressPercent,
  resumeTarget,
  SESSION_COUNT,
  SESSIONS,
  type SessionCompletions,
  sessionInfo,
  sessionStatus,
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

const statuses = (c: SessionCompletions | null) => ([1, 2, 3, 4] as const).map((n) => sessionStatus(c, n));

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

describe('sessionStatus', () => {
  it('opens only session 1 for a new user', () => {
    expect(statuses(null)).toEqual(['available', 'locked', 'locked', 'locked']);
    expect(statuses(done(0))).toEqual(['available', 'locked', 'locked', 'locked']);
  });

  it('opens the next session after each completion', () => {
    expect(statuses(done(1))).toEqual(['completed', 'available', 'locked', 'locked']);
    expect(statuses(done(2))).toEqual(['completed', 'completed', 'available', 'locked']);
    expect(statuses(done(3))).toEqual(['completed', 'completed', 'completed', 'available']);
    expect(statuses(done(4))).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it('counts only a real timestamp as completed', () => {
    const c = { ...done(0), session1CompletedAt: '' };
    expect(isSessionCompleted(c, 1)).toBe(false);
    expect(statuses(c)).toEqual(['available', 'locked', 'locked', 'locked']);
  });

  it('judges each session by the one before it', () => {
    const gap = { ...done(0), session2CompletedAt: T };
    expect(statuses(gap)).toEqual(['available', 'completed', 'available', 'locked']);
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
