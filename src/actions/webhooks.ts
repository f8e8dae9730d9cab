// The Stripe and Patreon receivers (docs/product.md#webhooks): signature first, then the event's
// meaning (domain/webhook-events.ts), then one logged batch (data/webhooks.ts). No session and no
// Origin check apply: the signature is the only credential.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { findMembership, findUserIdByStripeCustomer, type ProviderChange } from '../data/memberships';
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

/** Provider events are small (Stripe's are well under 64 KB); anything bigger is refused unread. */
export const WEBHOOK_BODY_MAX = 256 * 1024;

/** Development secrets, so a test event can be sent with no file edited (README, "Webhooks"). */
export const DEV_WEBHOOK_SECRETS = { stripe: 'whsec_life7_dev', patreon: 'patreon_life7_dev' } as const;

function secretFor(env: Env, source: WebhookSource): string {
  const configured = source === 'stripe' ? env.STRIPE_WEBHOOK_SECRET : env.PATREON_WEBHOOK_SECRET;
  if (configured) return configured;
  if (isDevelopment(env)) return DEV_WEBHOOK_SECRETS[source];
  console.error(`${source} webhook refused: its secret is not configured`);
  throw new HttpError(503, 'This webhook is not configured');
}

function planMap(env: Env, source: WebhookSource): PlanMap {
  const map = parsePlanMap(source === 'stripe' ? env.STRIPE_PRICE_PLANS : env.PATREON_TIER_PLANS);
  if (Object.keys(map).length > 0 || !isDevelopment(env)) return map;
  return source === 'stripe' ? DEV_PRICE_PLANS : DEV_TIER_PLANS;
}

async function rawBody(c: Context<AppEnv>): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > WEBHOOK_BODY_MAX) throw new HttpError(413, 'The event is too large');
  const text = await c.req.text();
  if (text.length > WEBHOOK_BODY_MAX) throw new HttpError(413, 'The event is too large');
  return text;
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

/** Turns an effect into what gets logged and changed: whose membership, or why nothing. */
async function resolve(c: Context<AppEnv>, source: WebhookSource, effect: EventEffect): Promise<Pick<EventRecord, 'status' | 'errorMessage' | 'change'>> {
  if (effect.kind === 'none') return { status: effect.status, errorMessage: effect.message };
  if (effect.kind === 'invalid') return { status: 'error', errorMessage: effect.message };
  const db = c.get('db');
  const membership: ProviderChange = { plan: effect.plan, status: effect.status, source, externalId: effect.externalId };
  if ('stripeCustomer' in effect.member) {
    const userId = await findUserIdByStripeCustomer(db, effect.member.stripeCustomer);
    if (!userId) return { status: 'ignored', errorMessage: `No account is linked to Stripe customer ${effect.member.stripeCustomer} yet` };
    return { status: 'success', errorMessage: null, change: { userId, membership } };
  }
  const user = await findUserByEmail(db, effect.member.email);
  if (!user) return { status: 'success', errorMessage: null, change: { email: effect.member.email, membership } };
  // A cancellation for someone with no membership has nothing to cancel.
  if (effect.plan === null && !(await findMembership(db, user.id))) return { status: 'ignored', errorMessage: 'No membership to change' };
  return { status: 'success', errorMessage: null, change: { userId: user.id, membership } };
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
  // Patreon sends no event id: the body's hash with the event type names a delivery.
  return record(c, 'patreon', `${eventType}:${await sha256Hex(body)}`, eventType, body, effect);
}
