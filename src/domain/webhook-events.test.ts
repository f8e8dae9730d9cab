import { describe, expect, it } from 'vitest';
import { DEV_PRICE_PLANS, parsePlanMap, patreonEffect, patronStatus, readStripeEvent, subscriptionStatus } from './webhook-events';

describe('webhook events', () => {
  it('reads plan maps forgivingly', () => {
    expect(parsePlanMap('{"price_1":"premium","price_2":"gold","price_3":7}')).toEqual({ price_1: 'premium' });
    for (const bad of ['', 'nope', '[]', 'null', '"premium"', undefined]) expect(parsePlanMap(bad)).toEqual({});
    expect(DEV_PRICE_PLANS).toEqual({
      price_challenge: 'challenge',
      price_mastermind: 'mastermind',
      price_inner_circle: 'inner_circle',
      price_premium: 'premium',
    });
  });

  it('maps provider states to membership statuses', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete_expired', 'paused'].map(subscriptionStatus)).toEqual([
      'active',
      'active',
      'past_due',
      'cancelled',
      'expired',
      'expired',
      'expired',
    ]);
    expect([patronStatus('active_patron'), patronStatus('declined_patron'), patronStatus('former_patron'), patronStatus(null)]).toEqual([
      'active',
      'expired',
      'cancelled',
      'cancelled',
    ]);
  });

  it('prefers the checkout email in customer_details and the plan in metadata', () => {
    const event = readStripeEvent(
      {
        id: 'evt_1',
        type: 'checkout.session.completed',
        created: 1_700_000_000,
        data: {
          object: {
            customer: 'cus_1',
            client_reference_id: 'user_1',
            customer_email: 'old@example.com',
            customer_details: { email: 'New@Example.com' },
            metadata: { plan: 'mastermind' },
          },
        },
      },
      {},
    );
    expect(event).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      effect: {
        kind: 'grant',
        source: 'stripe',
        subject: 'cus_1',
        externalId: 'cus_1',
        change: { plan: 'mastermind', status: 'active', at: 1_700_000_000 },
        bind: { email: 'new@example.com', reference: 'user_1' },
      },
    });
    expect(readStripeEvent({ id: 'evt_2', type: 'x' }, {})).toBeNull();
  });

  it('uses the first entitled tier that names a plan', () => {
    const body = {
      data: {
        id: 'm1',
        attributes: { email: 'a@example.com', patron_status: 'active_patron' },
        relationships: { currently_entitled_tiers: { data: [{ id: 't0' }, { id: 't1' }, { id: 't2' }] } },
      },
    };
    expect(patreonEffect('members:pledge:create', body, { t1: 'premium', t2: 'challenge' })).toMatchObject({
      kind: 'grant',
      source: 'patreon',
      subject: 'm1',
      memberId: 'm1',
      externalId: 'm1',
      bind: { email: 'a@example.com', reference: null, followsAddress: true },
      change: { plan: 'premium', status: 'active', at: null },
    });
    expect(patreonEffect('members:pledge:create', body, {})).toMatchObject({ kind: 'invalid' });
    expect(patreonEffect('members:create', body, {})).toMatchObject({ kind: 'none', status: 'ignored' });
  });

  it('reads each Stripe event as a change to the customer’s grant', () => {
    const read = (type: string, object: Record<string, unknown>) =>
      readStripeEvent({ id: 'evt', type, created: 50, data: { object } }, DEV_PRICE_PLANS)?.effect;
    // Without metadata.plan or line items, the checkout leaves the plan to the subscription event.
    expect(read('checkout.session.completed', { customer: 'cus_1', customer_email: 'a@example.com' })).toMatchObject({
      change: { plan: null, status: 'active' },
      note: 'No plan in the checkout: the subscription event sets it',
    });
    // A payment without a customer is a grant of its own, named by its session.
    expect(
      read('checkout.session.completed', { id: 'cs_1', customer_email: 'a@example.com', metadata: { plan: 'premium' } }),
    ).toMatchObject({ subject: 'checkout:cs_1', externalId: null });
    expect(
      read('customer.subscription.updated', {
        customer: 'cus_1',
        status: 'past_due',
        items: { data: [{ price: { id: 'price_premium' } }] },
      }),
    ).toMatchObject({ subject: 'cus_1', change: { plan: 'premium', status: 'past_due', at: 50 } });
    expect(read('customer.subscription.deleted', { customer: 'cus_1', status: 'canceled' })).toMatchObject({
      change: { plan: null, status: 'cancelled' },
    });
    expect(read('invoice.payment_failed', { customer: 'cus_1' })).toMatchObject({
      subject: 'cus_1',
      change: { plan: null, status: 'past_due', at: 50 },
    });
    expect(read('invoice.payment_failed', {})).toMatchObject({ kind: 'invalid' });
    // The grant is the member's (keyed by member id); a body without one is keyed by its address.
    expect(patreonEffect('members:pledge:delete', { data: { id: 'm1', attributes: { email: 'a@example.com' } } }, {})).toMatchObject({
      subject: 'm1',
      change: { plan: null, status: 'cancelled' },
    });
    expect(patreonEffect('members:pledge:delete', { data: { attributes: { email: 'a@example.com' } } }, {})).toMatchObject({
      subject: 'a@example.com',
      externalId: null,
    });
    expect(patreonEffect('members:pledge:delete', { data: { attributes: { email: 'a@example.com' } } }, {})).not.toHaveProperty('memberId');
  });

  it('names the subscription each Stripe event is about, and whether it says that one is live', () => {
    const read = (type: string, object: Record<string, unknown>) =>
      readStripeEvent({ id: 'evt', type, created: 50, data: { object } }, DEV_PRICE_PLANS)?.effect;
    const sub = (status: string, extra: Record<string, unknown> = {}) => ({
      id: 'sub_1',
      customer: 'cus_1',
      status,
      items: { data: [{ price: { id: 'price_premium' } }] },
      ...extra,
    });
    // A subscription began at its own `created`, else (a payload without it) at the event's.
    expect(read('customer.subscription.created', sub('active', { created: 40 }))).toMatchObject({
      subscription: { id: 'sub_1', since: 40, live: true },
    });
    expect(read('customer.subscription.updated', sub('trialing'))).toMatchObject({ subscription: { id: 'sub_1', since: 50, live: true } });
    for (const status of ['past_due', 'canceled', 'unpaid', 'incomplete'])
      expect(read('customer.subscription.updated', sub(status, { created: 40 }))).toMatchObject({ subscription: { live: false } });
    expect(read('customer.subscription.deleted', sub('active', { created: 40 }))).toMatchObject({
      change: { status: 'cancelled' },
      subscription: { id: 'sub_1', since: 40, live: false },
    });
    // A checkout names its subscription (an id, or the object when expanded).
    for (const subscription of ['sub_2', { id: 'sub_2', status: 'active' }])
      expect(read('checkout.session.completed', { customer: 'cus_1', customer_email: 'a@example.com', subscription })).toMatchObject({
        subscription: { id: 'sub_2', since: 50, live: true },
      });
    // An invoice names it in `subscription`, or since Stripe's 2025-03-31 API in `parent.subscription_details`.
    expect(read('invoice.payment_failed', { customer: 'cus_1', subscription: 'sub_3' })).toMatchObject({
      subscription: { id: 'sub_3', since: null, live: false },
    });
    expect(
      read('invoice.payment_failed', { customer: 'cus_1', parent: { subscription_details: { subscription: 'sub_4' } } }),
    ).toMatchObject({ subscription: { id: 'sub_4' } });
    // Naming none (a one-off payment, an older payload) follows the customer's grant as it is.
    for (const [type, object] of [
      ['invoice.payment_failed', { customer: 'cus_1', subscription: null }],
      ['checkout.session.completed', { customer: 'cus_1', customer_email: 'a@example.com' }],
      ['customer.subscription.updated', { ...sub('active'), id: 42 }],
    ] as const)
      expect(read(type, object)).not.toHaveProperty('subscription');
  });
});
