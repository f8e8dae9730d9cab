// The Stripe and Patreon receivers (docs/product.md#webhooks): signatures, each event type's
// effect, replays, pending memberships, and bodies that are not what they claim.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { recordEvent } from '../src/data/webhooks';
import { getDb } from '../src/db/client';
import { patreonSignatureHeader, stripeSignatureHeader } from '../src/server/webhook-signatures';
import { call, signUp, uniqueEmail } from './helpers';

const STRIPE_SECRET = 'whsec_test';
const PATREON_SECRET = 'patreon_test';
let counter = 0;

function sendStripe(event: unknown, options: { secret?: string; signature?: string | null; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(event);
  const signature = options.signature === undefined ? stripeSignatureHeader(options.secret ?? STRIPE_SECRET, raw) : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return call('/api/webhooks/stripe', { raw, headers, origin: null });
}

function sendPatreon(eventType: string, body: unknown, options: { secret?: string; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  return call('/api/webhooks/patreon', {
    raw,
    origin: null,
    headers: {
      'content-type': 'application/json',
      'x-patreon-event': eventType,
      'x-patreon-signature': options.signature ?? patreonSignatureHeader(options.secret ?? PATREON_SECRET, raw),
    },
  });
}

const stripeEvent = (type: string, object: Record<string, unknown>) => ({ id: `evt_${Date.now()}_${++counter}`, type, data: { object } });
const checkout = (email: string, extra: Record<string, unknown> = {}) =>
  stripeEvent('checkout.session.completed', { customer: `cus_${++counter}`, customer_details: { email }, metadata: { plan: 'premium' }, ...extra });
const subscription = (type: string, customer: string, price: string, status = 'active') =>
  stripeEvent(type, { customer, status, items: { data: [{ price: { id: price } }] } });
const member = (email: string, tiers: string[], status = 'active_patron') => ({
  data: { id: `mem_${++counter}`, attributes: { email, patron_status: status }, relationships: { currently_entitled_tiers: { data: tiers.map((id) => ({ id })) } } },
});

/** A member who proved their address: payments go straight to their account. */
async function verifiedSignUp(email?: string) {
  const user = await signUp(email);
  await env.DB.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(user.id).run();
  return user;
}

async function membershipOf(userId: string) {
  return env.DB.prepare('SELECT plan, status, source, external_id AS externalId FROM memberships WHERE user_id = ?').bind(userId).first();
}
async function logsFor(eventId: string) {
  return (await env.DB.prepare('SELECT status, event_type AS eventType, error_message AS errorMessage FROM webhook_events WHERE external_id = ?').bind(eventId).all()).results;
}

describe('Stripe webhooks', () => {
  it('a completed checkout sets the plan, remembers the customer and is logged', async () => {
    const user = await verifiedSignUp();
    const event = checkout(user.email.toUpperCase());
    const response = await sendStripe(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, status: 'success' });
    expect(await membershipOf(user.id)).toEqual({ plan: 'premium', status: 'active', source: 'stripe', externalId: event.data.object.customer });
    expect(await logsFor(event.id)).toEqual([{ status: 'success', eventType: 'checkout.session.completed', errorMessage: null }]);
    expect(await (await call('/api/auth/me', { cookie: user.cookie })).json()).toMatchObject({ membership: { plan: 'premium', status: 'active' } });
  });

  it('takes the plan from the price when metadata names none', async () => {
    const user = await verifiedSignUp();
    await sendStripe(checkout(user.email, { metadata: {}, line_items: { data: [{ price: { id: 'price_mastermind' } }] } }));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'mastermind' });
    const unmapped = checkout(user.email, { metadata: {}, line_items: { data: [{ price: { id: 'price_unknown' } }] } });
    expect((await sendStripe(unmapped)).status).toBe(200);
    // Webhook payloads usually lack line items: the plan stays, the customer is linked, and the
    // subscription event (which names its price) sets the plan.
    expect(await logsFor(unmapped.id)).toMatchObject([{ status: 'success', errorMessage: 'No plan in the checkout: the subscription event sets it' }]);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'mastermind', externalId: unmapped.data.object.customer });
    await sendStripe(subscription('customer.subscription.created', unmapped.data.object.customer as string, 'price_premium'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'premium', status: 'active' });
  });

  it('follows the subscription: plan from its price, status from its state, cancelled when deleted', async () => {
    const user = await verifiedSignUp();
    const start = checkout(user.email);
    await sendStripe(start);
    const customer = start.data.object.customer as string;
    await sendStripe(subscription('customer.subscription.updated', customer, 'price_inner_circle', 'past_due'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'inner_circle', status: 'active' });
    await sendStripe(subscription('customer.subscription.updated', customer, 'price_inner_circle', 'unpaid'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'inner_circle', status: 'expired' });
    await sendStripe(subscription('customer.subscription.created', customer, 'price_challenge', 'trialing'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', status: 'active' });
    const failed = stripeEvent('invoice.payment_failed', { customer });
    await sendStripe(failed);
    expect(await logsFor(failed.id)).toMatchObject([{ status: 'ignored' }]);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', status: 'active' });
    await sendStripe(subscription('customer.subscription.deleted', customer, 'price_challenge', 'canceled'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', status: 'cancelled' });
    // Cancelled grants nothing: the dashboard API refuses.
    expect((await call('/api/check-ins', { cookie: user.cookie })).status).toBe(403);

    // A customer no checkout has linked yet: 409 and no log, so Stripe's retry is processed later.
    const stranger = subscription('customer.subscription.updated', 'cus_nobody', 'price_premium');
    expect((await sendStripe(stranger)).status).toBe(409);
    expect(await logsFor(stranger.id)).toEqual([]);
    const other = stripeEvent('customer.created', { id: 'cus_1' });
    await sendStripe(other);
    expect(await logsFor(other.id)).toMatchObject([{ status: 'ignored', errorMessage: 'customer.created is not used' }]);
  });

  it('refuses bad, missing and stale signatures and changes nothing', async () => {
    const user = await verifiedSignUp();
    const event = checkout(user.email);
    const raw = JSON.stringify(event);
    const stale = stripeSignatureHeader(STRIPE_SECRET, raw, Math.floor(Date.now() / 1000) - 301);
    for (const signature of [null, '', 'garbage', stripeSignatureHeader('whsec_wrong', raw), stale, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`]) {
      const response = await sendStripe(event, { signature });
      expect(response.status, String(signature)).toBe(400);
      expect(await response.json()).toEqual({ message: 'Invalid signature' });
    }
    // A signature over other bytes does not cover this body.
    expect((await sendStripe(event, { raw: raw.replace('premium', 'premium '), signature: stripeSignatureHeader(STRIPE_SECRET, raw) })).status).toBe(400);
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
    const pending = await env.DB.prepare('SELECT plan, status, source FROM pending_memberships WHERE email = ?').bind(email).first();
    expect(pending).toEqual({ plan: 'premium', status: 'active', source: 'stripe' });
    // Signing up with the address is not proof of owning it: the membership stays pending.
    const user = await signUp(email);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'challenge', source: 'signup' });
  });

  it('keeps a payment for an unverified account pending, even when someone signed up with the address first', async () => {
    const squatter = await signUp();
    await sendStripe(checkout(squatter.email));
    expect(await membershipOf(squatter.id)).toMatchObject({ plan: 'challenge', source: 'signup' });
    expect(await env.DB.prepare('SELECT plan FROM pending_memberships WHERE email = ?').bind(squatter.email).first()).toEqual({ plan: 'premium' });
  });

  it('follows a pending customer, ignores unpaid checkouts and late retries of older events', async () => {
    const email = uniqueEmail('bank');
    const unpaid = checkout(email, { payment_status: 'unpaid' });
    await sendStripe(unpaid);
    expect(await logsFor(unpaid.id)).toMatchObject([{ status: 'ignored', errorMessage: 'Payment unpaid: nothing changes until it is paid' }]);
    expect(await env.DB.prepare('SELECT email FROM pending_memberships WHERE email = ?').bind(email).first()).toBeNull();

    const user = await verifiedSignUp();
    const start = { ...checkout(user.email), created: 1_000 };
    await sendStripe(start);
    const customer = start.data.object.customer as string;
    await sendStripe({ ...subscription('customer.subscription.deleted', customer, 'price_premium', 'canceled'), created: 3_000 });
    // A retry of an older "active" update arrives after the cancellation: it changes nothing.
    await sendStripe({ ...subscription('customer.subscription.updated', customer, 'price_premium', 'active'), created: 2_000 });
    expect(await membershipOf(user.id)).toMatchObject({ status: 'cancelled' });
    // An admin's plan change does not cut the customer link.
    await env.DB.prepare("UPDATE memberships SET source = 'admin', external_id = NULL WHERE user_id = ?").bind(user.id).run();
    await sendStripe({ ...subscription('customer.subscription.updated', customer, 'price_mastermind', 'active'), created: 4_000 });
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'mastermind', status: 'active' });
  });

  it('needs no Origin or session', async () => {
    const user = await verifiedSignUp();
    const event = checkout(user.email);
    const raw = JSON.stringify(event);
    const response = await call('/api/webhooks/stripe', { raw, origin: 'https://evil.example', cookie: user.cookie, headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureHeader(STRIPE_SECRET, raw) } });
    expect(response.status).toBe(200);
  });
});

describe('the logged batch', () => {
  it('writes no change when the log already holds the event (the race a replay check cannot see)', async () => {
    const user = await verifiedSignUp();
    const db = getDb(env.DB);
    const event = { source: 'stripe' as const, eventId: `evt_race_${++counter}`, eventType: 'checkout.session.completed', status: 'success' as const, payload: '{}', errorMessage: null };
    expect(await recordEvent(db, { ...event, change: { userId: user.id, membership: { plan: 'mastermind', status: 'active', source: 'stripe' } } })).toBe(true);
    expect(await recordEvent(db, { ...event, change: { userId: user.id, membership: { plan: 'premium', status: 'expired', source: 'stripe' } } })).toBe(false);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'mastermind', status: 'active' });
    expect(await logsFor(event.eventId)).toHaveLength(1);
  });
});

describe('Patreon webhooks', () => {
  it('maps pledges to plans and patron states to statuses', async () => {
    const user = await verifiedSignUp();
    expect((await sendPatreon('members:pledge:create', member(user.email, ['tier_unknown', 'tier_inner_circle']))).status).toBe(200);
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'inner_circle', status: 'active', source: 'patreon' });
    await sendPatreon('members:pledge:update', member(user.email, ['tier_inner_circle'], 'declined_patron'));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'inner_circle', status: 'expired' });
    await sendPatreon('members:pledge:update', member(user.email, ['tier_premium']));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'premium', status: 'active' });
    await sendPatreon('members:pledge:delete', member(user.email, []));
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'premium', status: 'cancelled' });
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
