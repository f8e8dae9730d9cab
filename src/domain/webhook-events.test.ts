import { describe, expect, it } from 'vitest';
import { DEV_PRICE_PLANS, parsePlanMap, patreonEffect, patronStatus, readStripeEvent, subscriptionStatus } from './webhook-events';

describe('webhook events', () => {
  it('reads plan maps forgivingly', () => {
    expect(parsePlanMap('{"price_1":"premium","price_2":"gold","price_3":7}')).toEqual({ price_1: 'premium' });
    for (const bad of ['', 'nope', '[]', 'null', '"premium"', undefined]) expect(parsePlanMap(bad)).toEqual({});
    expect(DEV_PRICE_PLANS).toEqual({ price_challenge: 'challenge', price_mastermind: 'mastermind', price_inner_circle: 'inner_circle', price_premium: 'premium' });
  });

  it('maps provider states to membership statuses', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete_expired', 'paused'].map(subscriptionStatus)).toEqual([
      'active',
      'active',
      'active',
      'cancelled',
      'expired',
      'expired',
      'expired',
    ]);
    expect([patronStatus('active_patron'), patronStatus('declined_patron'), patronStatus('former_patron'), patronStatus(null)]).toEqual(['active', 'expired', 'cancelled', 'cancelled']);
  });

  it('prefers the checkout email in customer_details and the plan in metadata', () => {
    const event = readStripeEvent(
      {
        id: 'evt_1',
        type: 'checkout.session.completed',
        data: { object: { customer: 'cus_1', customer_email: 'old@example.com', customer_details: { email: 'New@Example.com' }, metadata: { plan: 'mastermind' } } },
      },
      {},
    );
    expect(event).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      effect: { kind: 'membership', member: { email: 'new@example.com' }, plan: 'mastermind', status: 'active', externalId: 'cus_1', stripeCustomer: 'cus_1', eventAt: null },
    });
    expect(readStripeEvent({ id: 'evt_2', type: 'x' }, {})).toBeNull();
  });

  it('uses the first entitled tier that names a plan', () => {
    const body = { data: { id: 'm1', attributes: { email: 'a@example.com', patron_status: 'active_patron' }, relationships: { currently_entitled_tiers: { data: [{ id: 't0' }, { id: 't1' }, { id: 't2' }] } } } };
    expect(patreonEffect('members:pledge:create', body, { t1: 'premium', t2: 'challenge' })).toMatchObject({ kind: 'membership', plan: 'premium', status: 'active' });
    expect(patreonEffect('members:pledge:create', body, {})).toMatchObject({ kind: 'invalid' });
    expect(patreonEffect('members:create', body, {})).toMatchObject({ kind: 'none', status: 'ignored' });
  });
});
