import { describe, expect, it } from 'vitest';
import {
  billingPortalFor,
  DEV_PLANS,
  defaultJoinPlan,
  isFreePlan,
  needsPayment,
  parsePlansConfig,
  payLinkFor,
  planOffers,
} from './plan-offers';

describe('PLANS', () => {
  it('reads per plan a price and an https Payment Link, and says what is wrong otherwise', () => {
    expect(parsePlansConfig(undefined)).toEqual({ ok: true, plans: {} });
    expect(parsePlansConfig(' ')).toEqual({ ok: true, plans: {} });
    expect(parsePlansConfig('{"premium":{"price":"$99","link":"https://buy.stripe.com/x"}}')).toEqual({
      ok: true,
      plans: { premium: { price: '$99', link: 'https://buy.stripe.com/x' } },
    });
    expect(parsePlansConfig('{')).toEqual({ ok: false, problem: 'PLANS is not valid JSON' });
    expect(parsePlansConfig('{"premium":{"price":"$99","link":"http://buy.stripe.com/x"}}')).toEqual({
      ok: false,
      problem: 'PLANS premium.link: link must be an https:// address',
    });
    expect(parsePlansConfig('{"premium":{"price":""}}').ok).toBe(false);
    expect(parsePlansConfig('{"gold":{"price":"$1"}}').ok).toBe(false);
    expect(parsePlansConfig('[]').ok).toBe(false);
  });
});

describe('the plans offered', () => {
  it('are the free sign-up plan and the priced plans above it, cheapest first', () => {
    expect(planOffers(DEV_PLANS, 'challenge').map((o) => [o.plan, o.price, o.paid])).toEqual([
      ['challenge', 'Free', false],
      ['premium', '$99', true],
      ['inner_circle', '$199', true],
      ['mastermind', '$499', true],
    ]);
    expect(planOffers(DEV_PLANS, null)[0]).toEqual({ plan: 'challenge', price: '$49', paid: true });
    expect(planOffers({ mastermind: { price: '$1' } }, 'inner_circle')).toEqual([
      { plan: 'inner_circle', price: 'Free', paid: false },
      { plan: 'mastermind', price: '$1', paid: true },
    ]);
    expect(defaultJoinPlan(planOffers(DEV_PLANS, 'challenge'))).toBe('challenge');
    expect(defaultJoinPlan(planOffers(DEV_PLANS, null))).toBe('challenge');
    expect(defaultJoinPlan([])).toBeNull();
  });

  it('cost a member only what neither their plan nor sign-up gives', () => {
    expect(isFreePlan('premium', 'inner_circle')).toBe(true);
    expect(needsPayment('challenge', null, 'challenge')).toBe(false);
    expect(needsPayment('premium', 'challenge', 'challenge')).toBe(true);
    expect(needsPayment('premium', 'mastermind', 'challenge')).toBe(false);
    expect(needsPayment('challenge', null, null)).toBe(true);
  });
});

describe('Payment Link addresses', () => {
  it('carry client_reference_id and prefilled_email, replacing any the link had', () => {
    const url = new URL(
      payLinkFor('https://buy.stripe.com/abc?client_reference_id=old', { userId: 'u1', email: 'a+b@example.com' }, 'premium'),
    );
    expect(url.searchParams.getAll('client_reference_id')).toEqual(['u1']);
    expect(url.searchParams.get('prefilled_email')).toBe('a+b@example.com');
    expect(url.searchParams.has('plan')).toBe(false);
    expect(
      new URL(payLinkFor('http://localhost:8787/dev/checkout', { userId: 'u1', email: 'a@b.co' }, 'premium')).searchParams.get('plan'),
    ).toBe('premium');
    expect(billingPortalFor('https://billing.stripe.com/p/login/x', 'a@b.co')).toBe(
      'https://billing.stripe.com/p/login/x?prefilled_email=a%40b.co',
    );
  });
});
