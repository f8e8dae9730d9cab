import { describe, expect, it } from 'vitest';
import { currentPlan, hasAccess, membershipAt, PLANS, planBadge, planRank, requiresPlanMessage } from './plans';

describe('plan access map', () => {
  it('grants each plan exactly what docs/product.md#plan-access-map lists', () => {
    const active = (plan: 'challenge' | 'mastermind' | 'inner_circle' | 'premium') => ({ plan, status: 'active' as const });
    expect(['challenge', 'inner_circle', 'premium', 'mastermind'].map((a) => hasAccess(active('challenge'), a as never))).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect(['challenge', 'inner_circle', 'premium', 'mastermind'].map((a) => hasAccess(active('mastermind'), a as never))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['challenge', 'inner_circle', 'premium', 'mastermind'].map((a) => hasAccess(active('inner_circle'), a as never))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(['challenge', 'inner_circle', 'premium', 'mastermind'].map((a) => hasAccess(active('premium'), a as never))).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });

  it('grants nothing without an active membership', () => {
    expect(hasAccess(null, 'challenge')).toBe(false);
    expect(hasAccess({ plan: 'mastermind', status: 'expired' }, 'challenge')).toBe(false);
    expect(hasAccess({ plan: 'mastermind', status: 'cancelled' }, 'challenge')).toBe(false);
  });

  it('names the badge and the tooltip', () => {
    expect(planBadge(null)).toBe('No Plan');
    expect(planBadge({ plan: 'inner_circle', status: 'active' })).toBe('Inner Circle');
    expect(planBadge({ plan: 'premium', status: 'expired' })).toBe('No Plan');
    expect(requiresPlanMessage('challenge')).toBe('Requires Challenge plan');
  });

  it('orders the plans by what they open', () => {
    expect([...PLANS].sort((a, b) => planRank(a) - planRank(b))).toEqual(['challenge', 'premium', 'inner_circle', 'mastermind']);
  });

  it('keeps access while a failed payment is within its grace, then falls back to what is left', () => {
    const now = new Date('2026-03-10T12:00:00.000Z');
    const pastDue = {
      plan: 'mastermind' as const,
      status: 'past_due' as const,
      graceUntil: '2026-03-11T00:00:00.000Z',
      afterGracePlan: 'challenge' as const,
    };
    expect(hasAccess(pastDue, 'mastermind', now)).toBe(true);
    expect(planBadge(pastDue, now)).toBe('Mastermind');
    expect(membershipAt(pastDue, now)).toEqual({ plan: 'mastermind', status: 'past_due' });
    const later = new Date('2026-03-11T00:00:00.000Z');
    expect(hasAccess(pastDue, 'mastermind', later)).toBe(false);
    expect(hasAccess(pastDue, 'challenge', later)).toBe(true);
    expect(membershipAt(pastDue, later)).toEqual({ plan: 'challenge', status: 'active' });
    expect(membershipAt({ ...pastDue, afterGracePlan: null }, later)).toEqual({ plan: 'mastermind', status: 'expired' });
    expect(currentPlan({ ...pastDue, afterGracePlan: null }, later)).toBeNull();
    expect(planBadge({ ...pastDue, afterGracePlan: null }, later)).toBe('No Plan');
    expect(hasAccess({ plan: 'premium', status: 'past_due', graceUntil: null }, 'challenge', now)).toBe(false);
  });
});
