// The effective membership as the oracle works it out from a user's grants
// (test/oracles/effective-membership.ts), in plain Node beside it.
import { describe, expect, it } from 'vitest';
import type { GrantState } from '../../src/domain/grants';
import { bestGrant, effectiveMembership } from './effective-membership';

const NOW = new Date('2026-03-10T12:00:00.000Z');

describe('the effective membership', () => {
  const grant = (plan: GrantState['plan'], status: GrantState['status'], graceUntil: string | null = null, updatedAt = '2026-01-01') => ({
    plan,
    status,
    graceUntil,
    updatedAt,
  });

  it('is the best plan among the active grants, a grant within grace counting as active', () => {
    expect(bestGrant([grant('challenge', 'active'), grant('mastermind', 'cancelled'), grant('premium', 'active')], NOW)).toMatchObject({
      plan: 'premium',
    });
    expect(bestGrant([grant('challenge', 'active'), grant('mastermind', 'past_due', '2026-03-11T00:00:00.000Z')], NOW)).toMatchObject({
      plan: 'mastermind',
    });
    expect(bestGrant([grant('challenge', 'active'), grant('mastermind', 'past_due', '2026-03-09T00:00:00.000Z')], NOW)).toMatchObject({
      plan: 'challenge',
    });
    // An active grant before one within grace, at the same plan; a grant without a plan yet counts for nothing.
    expect(
      bestGrant([grant('premium', 'past_due', '2026-03-11T00:00:00.000Z'), grant('premium', 'active'), grant(null, 'active')], NOW),
    ).toMatchObject({ status: 'active' });
    // Nothing active: the best ended one shows (a cancellation shows as cancelled).
    expect(bestGrant([grant('premium', 'cancelled', null, '2026-02-01'), grant('challenge', 'expired')], NOW)).toMatchObject({
      plan: 'premium',
      status: 'cancelled',
    });
    expect(bestGrant([grant(null, 'active')], NOW)).toBeNull();
  });

  it('carries what is left once the grace is over', () => {
    expect(
      effectiveMembership([grant('challenge', 'active'), grant('mastermind', 'past_due', '2026-03-11T00:00:00.000Z')], NOW),
    ).toMatchObject({
      plan: 'mastermind',
      status: 'past_due',
      graceUntil: '2026-03-11T00:00:00.000Z',
      afterGracePlan: 'challenge',
    });
    expect(effectiveMembership([grant('premium', 'active')], NOW)).toMatchObject({
      plan: 'premium',
      status: 'active',
      graceUntil: null,
      afterGracePlan: null,
    });
  });
});
