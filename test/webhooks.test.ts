// The Stripe and Patreon receivers (docs/product.md#webhooks): signatures, each event type's
// effect, replays, pending memberships, and bodies that are not what they claim.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { recordEvent } from '../src/data/webhooks';
import { getDb } from '../src/db/client';
import { stripeSignatureHeader } from '../src/server/webhook-signatures';
import { call, signUp, uniqueEmail } from './helpers';
import {
  checkout,
  logsFor,
  member,
  membershipOf,
  next,
  STRIPE_SECRET,
  sendPatreon,
  sendStripe,
  stripeEvent,
  subscription,
  verifiedSignUp,
} from './webhook-helpers';

/** The grant a provider holds for this customer or address. */
async function grantOf(source: string, subject: string) {
  return env.DB.prepare(
    'SELECT user_id AS userId, pending_email AS pendingEmail, plan, status FROM membership_grants WHERE source = ? AND subject = ?',
  )
    .bind(source, subject)
    .first();
}

describe('Stripe webhooks', () => {
  it('a completed checkout sets the plan, remembers the customer and is logged', async () => {
    const user = await verifiedSignUp();
    const event = checkout(user.email.toUpperCase());
    const response = await sendStripe(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, status: 'success' });
    expect(await membershipOf(user.id)).toEqual({
      plan: 'premium',
      status: 'active',
      source: 'stripe',
      externalId: event.data.object.customer,
    });
    expect(await logsFor(event.id)).toEqual([{ status: 'success', eventType: 'checkout.session.completed', errorMessage: null }]);
    expect(await (await call('/api/auth/me', { cookie: user.cookie })).json()).toMatchObject({
      membership: { plan: 'premium', status: 'active' },
    });
  });

  it('takes the plan from the price when metadata names none, else from the subscription event', async () => {
    const user = await verifiedSignUp();
    await sendStripe(checkout(user.email, { metadata: {}, line_items: { data: [{ price: { id: 'price_mastermind' } }] } }));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'mastermind' });
    const later = await verifiedSignUp();
    const unmapped = checkout(later.email, { metadata: {}, line_items: { data: [{ price: { id: 'price_unknown' } }] } });
    expect((await sendStripe(unmapped)).status).toBe(200);
    // Webhook payloads usually lack line items: the customer is bound, and the subscription event
    // (which names its price) sets the plan.
    expect(await logsFor(unmapped.id)).toMatchObject([
      { status: 'success', errorMessage: 'No plan in the checkout: the subscription event sets it' },
    ]);
    expect(await membershipOf(later.id)).toMatchObject({ plan: 'challenge', source: 'signup' });
    await sendStripe(subscription('customer.subscription.created', unmapped.data.object.customer as string, 'price_premium'));
    expect(await membershipOf(later.id)).toMatchObject({ plan: 'premium', status: 'active', source: 'stripe' });
  });

  it('follows the subscription: plan from its price, status from its state, cancelled when deleted', async () => {
    const user = await verifiedSignUp();
    const start = checkout(user.email);
    await sendStripe(start);
    const customer = start.data.object.customer as string;
    await sendStripe(subscription('customer.subscription.updated', customer, 'price_inner_circle', 'past_due'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'inner_circle', status: 'past_due' });
    await sendStripe(subscription('customer.subscription.updated', customer, 'price_inner_circle', 'unpaid'));
    expect(await grantOf('stripe', customer)).toMatchObject({ plan: 'inner_circle', status: 'expired' });
    // The Stripe grant lapsed: the sign-up grant is what is left.
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', status: 'active', source: 'signup' });
    await sendStripe(subscription('customer.subscription.created', customer, 'price_premium', 'trialing'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'premium', status: 'active' });
    const failed = stripeEvent('invoice.payment_failed', { customer });
    await sendStripe(failed);
    expect(await logsFor(failed.id)).toMatchObject([{ status: 'success' }]);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'premium', status: 'past_due' });
    await sendStripe(subscription('customer.subscription.deleted', customer, 'price_premium', 'canceled'));
    expect(await grantOf('stripe', customer)).toMatchObject({ plan: 'premium', status: 'cancelled' });
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', status: 'active' });

    // A customer no checkout has bound yet: kept, so its plan applies once the checkout arrives.
    const stranger = subscription('customer.subscription.updated', `cus_nobody_${next()}`, 'price_premium');
    expect((await sendStripe(stranger)).status).toBe(200);
    expect(await logsFor(stranger.id)).toMatchObject([
      { status: 'success', errorMessage: expect.stringContaining('is not bound to an account yet') },
    ]);
    const other = stripeEvent('customer.created', { id: 'cus_1' });
    await sendStripe(other);
    expect(await logsFor(other.id)).toMatchObject([{ status: 'ignored', errorMessage: 'customer.created is not used' }]);
  });

  it('cancelled and expired grants grant nothing', async () => {
    const user = await verifiedSignUp();
    // No sign-up grant (SIGNUP_PLAN=none): the Stripe grant is the only one.
    await env.DB.prepare("DELETE FROM membership_grants WHERE source = 'admin' AND subject = ?").bind(user.id).run();
    const start = checkout(user.email);
    await sendStripe(start);
    expect((await call('/api/check-ins', { cookie: user.cookie })).status).toBe(200);
    await sendStripe(subscription('customer.subscription.deleted', start.data.object.customer as string, 'price_premium', 'canceled'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'premium', status: 'cancelled' });
    expect((await call('/api/check-ins', { cookie: user.cookie })).status).toBe(403);
  });

  it('refuses bad, missing and stale signatures and changes nothing', async () => {
    const user = await verifiedSignUp();
    const event = checkout(user.email);
    const raw = JSON.stringify(event);
    const stale = stripeSignatureHeader(STRIPE_SECRET, raw, Math.floor(Date.now() / 1000) - 301);
    for (const signature of [
      null,
      '',
      'garbage',
      stripeSignatureHeader('whsec_wrong', raw),
      stale,
      `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
    ]) {
      const response = await sendStripe(event, { signature });
      expect(response.status, String(signature)).toBe(400);
      expect(await response.json()).toEqual({ message: 'Invalid signature' });
    }
    // A signature over other bytes does not cover this body.
    expect(
      (await sendStripe(event, { raw: raw.replace('premium', 'premium '), signature: stripeSignatureHeader(STRIPE_SECRET, raw) })).status,
    ).toBe(400);
    expect(await logsFor(event.id)).toEqual([]);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', source: 'signup' });
    // Any one of several v1 values may match (a secret being rolled).
    const good = stripeSignatureHeader(STRIPE_SECRET, raw);
    const [t, v1] = good.split(',');
    expect((await sendStripe(event, { signature: `${t},v1=${'a'.repeat(64)},${v1}` })).status).toBe(200);
  });

  it('answers 4xx, never 5xx, to bodies that are not events', async () => {
    for (const raw of ['not json', '{"id": 1}', '[]', 'null', '{"id":"evt_x","type":"t"}']) {
      const response = await sendStripe(null, { raw });
      expect(response.status, raw).toBe(400);
    }
    const huge = `{"pad":"${'x'.repeat(300 * 1024)}"}`;
    expect((await sendStripe(null, { raw: huge })).status).toBe(413);
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    expect((await sendStripe(null, { raw: deep })).status).toBe(400);
  });

  it('treats a replay as received, changing and logging nothing, even when copies race', async () => {
    const user = await verifiedSignUp();
    const event = checkout(user.email);
    const results = await Promise.all(Array.from({ length: 5 }, () => sendStripe(event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await logsFor(event.id)).toHaveLength(1);
    await env.DB.prepare("UPDATE memberships SET plan = 'challenge' WHERE user_id = ?").bind(user.id).run();
    const replay = await sendStripe(event);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge' });
  });

  it('keeps a membership for an address with no account as pending', async () => {
    const email = uniqueEmail('pending');
    const event = checkout(email);
    expect((await sendStripe(event)).status).toBe(200);
    expect(await grantOf('stripe', event.data.object.customer as string)).toEqual({
      userId: null,
      pendingEmail: email,
      plan: 'premium',
      status: 'active',
    });
    // Signing up with the address is not proof of owning it: the membership stays pending.
    const user = await signUp(email);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', source: 'signup' });
  });

  it('keeps a payment for an unverified account pending, even when someone signed up with the address first', async () => {
    const squatter = await signUp();
    const paid = checkout(squatter.email);
    await sendStripe(paid);
    expect(await membershipOf(squatter.id)).toMatchObject({ plan: 'challenge', source: 'signup' });
    expect(await grantOf('stripe', paid.data.object.customer as string)).toMatchObject({
      userId: null,
      pendingEmail: squatter.email,
      plan: 'premium',
    });
  });

  it('ignores unpaid checkouts and late retries of older events', async () => {
    const email = uniqueEmail('bank');
    const unpaid = checkout(email, { payment_status: 'unpaid' });
    await sendStripe(unpaid);
    expect(await logsFor(unpaid.id)).toMatchObject([
      { status: 'ignored', errorMessage: 'Payment unpaid: nothing changes until it is paid' },
    ]);
    expect(await grantOf('stripe', unpaid.data.object.customer as string)).toBeNull();

    const user = await verifiedSignUp();
    const start = { ...checkout(user.email), created: 1_000 };
    await sendStripe(start);
    const customer = start.data.object.customer as string;
    await sendStripe({ ...subscription('customer.subscription.deleted', customer, 'price_premium', 'canceled'), created: 3_000 });
    // A retry of an older "active" update arrives after the cancellation: it changes nothing.
    const stale = { ...subscription('customer.subscription.updated', customer, 'price_premium', 'active'), created: 2_000 };
    await sendStripe(stale);
    expect(await logsFor(stale.id)).toMatchObject([{ status: 'ignored' }]);
    expect(await grantOf('stripe', customer)).toMatchObject({ status: 'cancelled' });
    await sendStripe({ ...subscription('customer.subscription.updated', customer, 'price_mastermind', 'active'), created: 4_000 });
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'mastermind', status: 'active' });
  });

  it('needs no Origin or session', async () => {
    const user = await verifiedSignUp();
    const event = checkout(user.email);
    const raw = JSON.stringify(event);
    const response = await call('/api/webhooks/stripe', {
      raw,
      origin: 'https://evil.example',
      cookie: user.cookie,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureHeader(STRIPE_SECRET, raw) },
    });
    expect(response.status).toBe(200);
  });
});

describe('the logged batch', () => {
  it('writes no change when the log already holds the event (the race a replay check cannot see)', async () => {
    const user = await verifiedSignUp();
    const db = getDb(env.DB);
    const customer = `cus_race_${next()}`;
    const event = {
      source: 'stripe' as const,
      eventId: `evt_race_${next()}`,
      eventType: 'checkout.session.completed',
      status: 'success' as const,
      payload: '{}',
      errorMessage: null,
    };
    const grant = (plan: 'mastermind' | 'premium', status: 'active' | 'expired') => ({
      source: 'stripe' as const,
      subject: customer,
      owner: { userId: user.id },
      state: { plan, status, graceUntil: null, planAt: null, statusAt: null },
      externalId: customer,
      version: null,
    });
    expect(await recordEvent(db, { ...event, grant: grant('mastermind', 'active') })).toBe('recorded');
    expect(await recordEvent(db, { ...event, grant: { ...grant('premium', 'expired'), version: 0 } })).toBe('duplicate');
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'mastermind', status: 'active' });
    expect(await logsFor(event.eventId)).toHaveLength(1);
  });

  it('writes nothing, and logs nothing, when the grant changed since the event read it', async () => {
    const user = await verifiedSignUp();
    const db = getDb(env.DB);
    const customer = `cus_race_${next()}`;
    const write = {
      source: 'stripe' as const,
      subject: customer,
      owner: { userId: user.id },
      state: { plan: 'premium' as const, status: 'active' as const, graceUntil: null, planAt: null, statusAt: null },
      externalId: customer,
    };
    const first = {
      source: 'stripe' as const,
      eventId: `evt_${next()}`,
      eventType: 'customer.subscription.created',
      status: 'success' as const,
      payload: '{}',
      errorMessage: null,
    };
    expect(await recordEvent(db, { ...first, grant: { ...write, version: null } })).toBe('recorded');
    // A second event that read the grant before the first one wrote it.
    const second = { ...first, eventId: `evt_${next()}` };
    expect(await recordEvent(db, { ...second, grant: { ...write, state: { ...write.state, plan: 'challenge' }, version: null } })).toBe(
      'conflict',
    );
    expect(await logsFor(second.eventId)).toEqual([]);
    expect(await grantOf('stripe', customer)).toMatchObject({ plan: 'premium' });
  });
});

describe('Patreon webhooks', () => {
  it('maps pledges to plans and patron states to statuses', async () => {
    const user = await verifiedSignUp();
    const id = `mem_${next()}`;
    expect(
      (await sendPatreon('members:pledge:create', member(user.email, ['tier_unknown', 'tier_inner_circle'], 'active_patron', id))).status,
    ).toBe(200);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'inner_circle', status: 'active', source: 'patreon' });
    await sendPatreon('members:pledge:update', member(user.email, ['tier_inner_circle'], 'declined_patron', id));
    // The grant is the member's: keyed by the member id, not the address.
    expect(await grantOf('patreon', id)).toMatchObject({ userId: user.id, plan: 'inner_circle', status: 'expired' });
    expect(await grantOf('patreon', user.email)).toBeNull();
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', status: 'active', source: 'signup' });
    await sendPatreon('members:pledge:update', member(user.email, ['tier_premium'], 'active_patron', id));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'premium', status: 'active' });
    await sendPatreon('members:pledge:delete', member(user.email, [], 'former_patron', id));
    expect(await grantOf('patreon', id)).toMatchObject({ plan: 'premium', status: 'cancelled' });
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', status: 'active' });
  });

  it('refuses bad signatures, ignores other events and recognises a replay', async () => {
    const user = await verifiedSignUp();
    const body = member(user.email, ['tier_mastermind']);
    for (const options of [{ secret: 'wrong' }, { signature: 'zz' }, { signature: '' }]) {
      const response = await sendPatreon('members:pledge:create', body, options);
      expect(response.status).toBe(400);
    }
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge' });
    expect(await (await sendPatreon('members:pledge:create', body)).json()).toEqual({ received: true, status: 'success' });
    expect(await (await sendPatreon('members:pledge:create', body)).json()).toEqual({ received: true, duplicate: true });
    // The event type is not signed: the same body under another type is the same delivery.
    expect(await (await sendPatreon('members:pledge:delete', body)).json()).toEqual({ received: true, duplicate: true });
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'mastermind', status: 'active' });
    expect(await (await sendPatreon('posts:publish', { data: {} })).json()).toEqual({ received: true, status: 'ignored' });
    const noEmail = await sendPatreon('members:pledge:update', { data: { attributes: {} } });
    expect(await noEmail.json()).toEqual({ received: true, status: 'error' });
  });
});
