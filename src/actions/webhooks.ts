// The Stripe and Patreon receivers (docs/product.md#webhooks): signature first, then the event's
// meaning (domain/webhook-events.ts), then one logged batch (data/webhooks.ts). No session and no
// Origin check apply: the signature is the only credential.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { findMembership, findStripeCustomer, hasPendingMembership, type ProviderChange } from '../data/memberships';
import { findUserByEmail } from '../data/users';
import { isEventLogged, recordEvent, type EventRecord } from '../data/webhooks';
import {
  DEV_PRICE_PLANS,
  DEV_TIER_PLANS,
  parsePlanMap,
  patreonEffect,
  readStripeEvent,
  type EventEffect,
  type PlanMap,
  type WebhookSource,
} from '../domain/webhook-events';
import { isDevelopment, type Env } from '../env';
import { HttpError } from '../server/errors';
import { verifyPatreonSignature, verifyStripeSignature } from '../server/webhook-signatures';
import { log } from '../server/log';

/** Provider events are small (Stripe's are well under 64 KB); anything bigger is refused unread. */
export const WEBHOOK_BODY_MAX = 256 * 1024;

/** Development secrets, so a test event can be sent with no file edited (README, "Webhooks"). */
export const DEV_WEBHOOK_SECRETS = { stripe: 'whsec_life7_dev', patreon: 'patreon_life7_dev' } as const;

function secretFor(env: Env, source: WebhookSource): string {
  const configured = source === 'stripe' ? env.STRIPE_WEBHOOK_SECRET : env.PATREON_WEBHOOK_SECRET;
  if (configured) return configured;
  if (isDevelopment(env)) return DEV_WEBHOOK_SECRETS[source];
  log('error', 'Webhook refused: its secret is not configured', { source });
  throw new HttpError(503, 'This webhook is not configured');
}

function planMap(env: Env, source: WebhookSource): PlanMap {
  const map = parsePlanMap(source === 'stripe' ? env.STRIPE_PRICE_PLANS : env.PATREON_TIER_PLANS);
  if (Object.keys(map).length > 0 || !isDevelopment(env)) return map;
  return source === 'stripe' ? DEV_PRICE_PLANS : DEV_TIER_PLANS;
}

/** The body as sent, read with a byte count so a chunked body cannot exceed the limit either. */
async function rawBody(c: Context<AppEnv>): Promise<string> {
  const tooLarge = () => new HttpError(413, 'The event is too large');
  if (Number(c.req.header('content-length') ?? '0') > WEBHOOK_BODY_MAX) throw tooLarge();
  const reader = c.req.raw.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > WEBHOOK_BODY_MAX) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The event is not valid JSON');
  }
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A subscription event for a customer no checkout has linked yet: Stripe retries later. */
const NOT_LINKED_YET = 'This customer is not linked to a member yet; the checkout event links it';

/** Turns an effect into what gets logged and changed: whose membership, or why nothing. */
async function resolve(c: Context<AppEnv>, source: WebhookSource, effect: EventEffect): Promise<Pick<EventRecord, 'status' | 'errorMessage' | 'change'>> {
  if (effect.kind === 'none') return { status: effect.status, errorMessage: effect.message };
  if (effect.kind === 'invalid') return { status: 'error', errorMessage: effect.message };
  const db = c.get('db');
  const membership: ProviderChange = {
    plan: effect.plan,
    status: effect.status,
    source,
    externalId: effect.externalId,
    stripeCustomerId: effect.stripeCustomer ?? null,
    eventAt: effect.eventAt ?? null,
  };
  const note = effect.plan === null && effect.status === 'active' ? 'No plan in the checkout: the subscription event sets it' : null;
  let target: { userId: string } | { email: string } | null;
  if ('stripeCustomer' in effect.member) {
    target = await findStripeCustomer(db, effect.member.stripeCustomer);
    // Not logged, so Stripe's retry is processed once the checkout has linked the customer.
    if (!target) throw new HttpError(409, NOT_LINKED_YET);
  } else {
    const user = await findUserByEmail(db, effect.member.email);
    // Only an account that proved the address gets the payment; anyone can sign up with any
    // address, so until then it waits as pending (docs/product.md#webhooks).
    target = user?.emailVerifiedAt ? { userId: user.id } : { email: effect.member.email };
  }
  // A cancellation for someone with nothing to cancel changes nothing.
  if (effect.plan === null && effect.status !== 'active') {
    const exists = 'userId' in target ? Boolean(await findMembership(db, target.userId)) : await hasPendingMembership(db, target.email);
    if (!exists) return { status: 'ignored', errorMessage: 'No membership to change' };
  }
  return { status: 'success', errorMessage: note, change: { ...target, membership } };
}

async function record(c: Context<AppEnv>, source: WebhookSource, eventId: string, eventType: string, payload: string, effect: EventEffect): Promise<Response> {
  const db = c.get('db');
  // A replay answers 200 and changes nothing; recordEvent also holds when two copies race.
  if (await isEventLogged(db, source, eventId)) return c.json({ received: true, duplicate: true });
  const outcome = await resolve(c, source, effect);
  const fresh = await recordEvent(db, { source, eventId, eventType, payload, ...outcome });
  return c.json(fresh ? { received: true, status: outcome.status } : { received: true, duplicate: true });
}

export async function receiveStripe(c: Context<AppEnv>): Promise<Response> {
  const secret = secretFor(c.env, 'stripe');
  const body = await rawBody(c);
  if (!verifyStripeSignature(secret, c.req.header('stripe-signature'), body)) throw new HttpError(400, 'Invalid signature');
  const event = readStripeEvent(parseJson(body), planMap(c.env, 'stripe'));
  if (!event) throw new HttpError(400, 'Not a Stripe event');
  return record(c, 'stripe', event.id, event.type, body, event.effect);
}

export async function receivePatreon(c: Context<AppEnv>): Promise<Response> {
  const secret = secretFor(c.env, 'patreon');
  const body = await rawBody(c);
  if (!verifyPatreonSignature(secret, c.req.header('x-patreon-signature'), body)) throw new HttpError(400, 'Invalid signature');
  const eventType = (c.req.header('x-patreon-event') ?? '').trim().slice(0, 100);
  if (!eventType) throw new HttpError(400, 'Missing X-Patreon-Event');
  const effect = patreonEffect(eventType, parseJson(body), planMap(c.env, 'patreon'));
  // Patreon sends no event id, and its signature does not cover the event type: the body's hash
  // alone names a delivery, so a signed body replayed under another type is a duplicate.
  return record(c, 'patreon', await sha256Hex(body), eventType, body, effect);
}
