import { describe, expect, it } from 'vitest';
import { hasAccess, planBadge, requiresPlanMessage } from './plans';

describe('plan access map', () => {
  it('grants each plan exactly what docs/product.md#plan-access-map lists', () => {
    const active = (plan: 'challenge' | 'mastermind' | 'inner_circle' | 'premium') => ({ plan, status: 'active' as const });
    expect(['challenge', 'inner_circle', 'premium', 'mastermind'].map((a) => hasAccess(active('challenge'), a as never))).toEqual([true, false, false, false]);
    expect(['challenge', 'inner_circle', 'premium', 'mastermind'].map((a) => hasAccess(active('mastermind'), a as never))).toEqual([true, true, true, true]);
    expect(['challenge', 'inner_circle', 'premium', 'mastermind'].map((a) => hasAccess(active('inner_circle'), a as never))).toEqual([true, true, true, false]);
    expect(['challenge', 'inner_circle', 'premium', 'mastermind'].map((a) => hasAccess(active('premium'), a as never))).toEqual([true, false, true, false]);
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
});
