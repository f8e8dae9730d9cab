// Sending signed Stripe and Patreon events through the Worker, and reading what they did
// (test/webhooks.test.ts, test/grants.test.ts, test/grant-orders.test.ts).
import { env } from 'cloudflare:test';
import { patreonSignatureHeader, stripeSignatureHeader } from '../src/server/webhook-signatures';
import { call, signUp } from './helpers';

export const STRIPE_SECRET = 'whsec_test';
const PATREON_SECRET = 'patreon_test';
let counter = 0;
/** A fresh number for ids (customers, members, events). */
export const next = () => `${Date.now().toString(36)}_${++counter}`;

/** A Stripe event's body and headers, signed (or with the signature given). */
export function signedStripe(event: unknown, options: { secret?: string; signature?: string | null; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(event);
  const signature = options.signature === undefined ? stripeSignatureHeader(options.secret ?? STRIPE_SECRET, raw) : options.signature;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  return { raw, headers };
}

/** A Patreon member event's body and headers, signed. */
export function signedPatreon(eventType: string, body: unknown, options: { secret?: string; signature?: string } = {}) {
  const raw = JSON.stringify(body);
  const headers = {
    'content-type': 'application/json',
    'x-patreon-event': eventType,
    'x-patreon-signature': options.signature ?? patreonSignatureHeader(options.secret ?? PATREON_SECRET, raw),
  };
  return { raw, headers };
}

export function sendStripe(event: unknown, options: { secret?: string; signature?: string | null; raw?: string } = {}) {
  return call('/api/webhooks/stripe', { ...signedStripe(event, options), origin: null });
}

export function sendPatreon(eventType: string, body: unknown, options: { secret?: string; signature?: string } = {}) {
  return call('/api/webhooks/patreon', { ...signedPatreon(eventType, body, options), origin: null });
}

/** Unix seconds, `offset` seconds from now: Stripe's `created`. */
export const at = (offset = 0) => Math.floor(Date.now() / 1000) + offset;

export const stripeEvent = (type: string, object: Record<string, unknown>, created?: number) => ({
  id: `evt_${next()}`,
  type,
  ...(created === undefined ? {} : { created }),
  data: { object },
});
export const checkout = (email: string, extra: Record<string, unknown> = {}, created?: number) =>
  stripeEvent(
    'checkout.session.completed',
    { id: `cs_${next()}`, customer: `cus_${next()}`, customer_details: { email }, metadata: { plan: 'premium' }, ...extra },
    created,
  );
/** A subscription event; `extra` adds to the subscription (its `id` and `created`, as Stripe always sends them). */
export const subscription = (
  type: string,
  customer: string,
  price: string,
  status = 'active',
  created?: number,
  extra: Record<string, unknown> = {},
) => stripeEvent(type, { customer, status, items: { data: [{ price: { id: price } }] }, ...extra }, created);
/** A failed invoice; `extra` adds to it (its `subscription`). */
export const paymentFailed = (customer: string, created?: number, extra: Record<string, unknown> = {}) =>
  stripeEvent('invoice.payment_failed', { customer, ...extra }, created);
export const member = (email: string, tiers: string[], status = 'active_patron', id = `mem_${next()}`) => ({
  data: {
    id,
    attributes: { email, patron_status: status },
    relationships: { currently_entitled_tiers: { data: tiers.map((tier) => ({ id: tier })) } },
  },
});

/** A member who proved their address: payments go straight to their account. */
export async function verifiedSignUp(email?: string) {
  const user = await signUp(email);
  await env.DB.prepare("UPDATE users SET email_verified_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").bind(user.id).run();
  return user;
}

/** The effective membership the session lookup reads. */
export async function membershipOf(userId: string) {
  return env.DB.prepare('SELECT plan, status, source, external_id AS externalId FROM memberships WHERE user_id = ?').bind(userId).first();
}

/** The membership as /api/auth/me shows it. */
export async function meMembership(cookie: string): Promise<{ plan: string; status: string } | null> {
  const body = (await (await call('/api/auth/me', { cookie })).json()) as { membership: { plan: string; status: string } | null };
  return body.membership;
}

export async function logsFor(eventId: string) {
  return (
    await env.DB.prepare('SELECT status, event_type AS eventType, error_message AS errorMessage FROM webhook_events WHERE external_id = ?')
      .bind(eventId)
      .all()
  ).results;
}
