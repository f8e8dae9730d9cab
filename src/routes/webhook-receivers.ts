// The Stripe and Patreon receivers, POST /api/webhooks/stripe and /api/webhooks/patreon
// (docs/product.md#webhooks): signature first, then the event's meaning (domain/webhook-events.ts),
// then one logged batch (data/webhooks.ts). Mounted before the same-origin check, because
// providers send no Origin: the signature is the only credential. The body is bounded by
// WEBHOOK_BODY_MAX before it is read (src/server/body-limit.ts, app.tsx).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { type GrantWrite, ownerOf, readGrantFacts } from '../data/memberships';
import { type EventRecord, isEventLogged, recordEvent } from '../data/webhooks';
import { describeGrant, grantAction } from '../domain/audit';
import { applyGrantChange, bindGrant, type GrantOwner, sameOwner } from '../domain/grants';
import type { Plan } from '../domain/plans';
import {
  DEV_PRICE_PLANS,
  DEV_TIER_PLANS,
  type EventEffect,
  NO_PLAN_YET,
  type PlanMap,
  parsePlanMap,
  patreonEffect,
  readStripeEvent,
  type WebhookSource,
} from '../domain/webhook-events';
import { type Env, isDevelopment } from '../env';
import { HttpError } from '../server/errors';
import { log } from '../server/log';
import { verifyPatreonSignature, verifyStripeSignature } from '../server/webhook-signatures';

/** Provider events are small (Stripe's are well under 64 KB); anything bigger is refused unread. */
export const WEBHOOK_BODY_MAX = 256 * 1024;

/** Development secrets, so a test event can be sent with no file edited (README, "Webhooks"). */
const DEV_WEBHOOK_SECRETS = { stripe: 'whsec_life7_dev', patreon: 'patreon_life7_dev' } as const;

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

type Outcome = Pick<EventRecord, 'status' | 'errorMessage' | 'grant' | 'audit'>;

const PATREON_NOTHING_TO_END = 'No Patreon grant for this address: nothing to end';

/** The note a stored grant leaves in the log: why it does not show on an account yet, if it does not. */
function pendingNote(source: WebhookSource, subject: string, owner: GrantOwner | null, plan: Plan | null): string | null {
  if (!owner)
    return `${source === 'stripe' ? `Stripe customer ${subject}` : subject} is not bound to an account yet: its checkout binds it`;
  if ('email' in owner) return `Kept for ${owner.email} until an account verifies that address`;
  if (plan === null) return NO_PLAN_YET;
  return null;
}

/**
 * Turns an effect into what gets logged and written (docs/product.md#webhooks): the grant the
 * event names, bound to whom (src/domain/grants.ts `bindGrant`), with what state
 * (`applyGrantChange`); an event that changes nothing is logged as ignored with the reason.
 */
async function decide(c: Context<AppEnv>, effect: EventEffect): Promise<Outcome> {
  if (effect.kind === 'none') return { status: effect.status, errorMessage: effect.message };
  if (effect.kind === 'invalid') return { status: 'error', errorMessage: effect.message };
  const db = c.get('db');
  const facts = await readGrantFacts(db, effect, effect.bind);
  const before = ownerOf(facts.grant);
  let owner = before;
  if (effect.bind) {
    const binding = bindGrant({
      current: before,
      referenced: facts.referenced,
      email: effect.bind.email,
      account: facts.account,
      otherHolder: facts.otherHolder,
    });
    // Stripe Checkout does not prove an address: one another customer holds changes nothing.
    if ('review' in binding) return { status: 'needs review', errorMessage: binding.review };
    owner = binding.owner;
  }
  // Patreon says nothing about when: an ending for no grant at all has nothing to order against.
  if (!facts.grant && effect.source === 'patreon' && effect.change.plan === null)
    return { status: 'ignored', errorMessage: PATREON_NOTHING_TO_END };
  const outcome = applyGrantChange(facts.grant, effect.change, new Date());
  const bound = !sameOwner(owner, before);
  if (!outcome.store && !bound) return { status: 'ignored', errorMessage: outcome.reason };
  const grant: GrantWrite = {
    source: effect.source,
    subject: effect.subject,
    owner,
    state: outcome.next,
    externalId: effect.externalId,
    version: facts.grant?.version ?? null,
  };
  if (!outcome.changed && !bound) return { status: 'ignored', errorMessage: outcome.reason, grant };
  // The account's trail (decision 25): what this provider's grant was for it, and is now.
  const audit =
    owner && 'userId' in owner
      ? {
          userId: owner.userId,
          actor: effect.source,
          action: grantAction(effect.source),
          from: before && 'userId' in before && before.userId === owner.userId ? describeGrant(facts.grant) : null,
          to: describeGrant(outcome.next),
        }
      : undefined;
  return { status: 'success', errorMessage: pendingNote(effect.source, effect.subject, owner, outcome.next.plan), grant, audit };
}

/** How often an event is re-read when its grant changed under it (a concurrent event for the same grant). */
const ATTEMPTS = 3;

async function record(
  c: Context<AppEnv>,
  source: WebhookSource,
  eventId: string,
  eventType: string,
  payload: string,
  effect: EventEffect,
): Promise<Response> {
  const db = c.get('db');
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // A replay answers 200 and changes nothing; recordEvent also holds when two copies race.
    if (await isEventLogged(db, source, eventId)) return c.json({ received: true, duplicate: true });
    const outcome = await decide(c, effect);
    const result = await recordEvent(db, { source, eventId, eventType, payload, ...outcome });
    if (result === 'duplicate') return c.json({ received: true, duplicate: true });
    if (result === 'recorded') return c.json({ received: true, status: outcome.status });
  }
  // Not logged: the provider retries it later.
  throw new HttpError(409, 'The membership changed while this event was applied; retry');
}

async function receiveStripe(c: Context<AppEnv>): Promise<Response> {
  const secret = secretFor(c.env, 'stripe');
  const body = await c.req.text();
  if (!verifyStripeSignature(secret, c.req.header('stripe-signature'), body)) throw new HttpError(400, 'Invalid signature');
  const event = readStripeEvent(parseJson(body), planMap(c.env, 'stripe'));
  if (!event) throw new HttpError(400, 'Not a Stripe event');
  return record(c, 'stripe', event.id, event.type, body, event.effect);
}

async function receivePatreon(c: Context<AppEnv>): Promise<Response> {
  const secret = secretFor(c.env, 'patreon');
  const body = await c.req.text();
  if (!verifyPatreonSignature(secret, c.req.header('x-patreon-signature'), body)) throw new HttpError(400, 'Invalid signature');
  const eventType = (c.req.header('x-patreon-event') ?? '').trim().slice(0, 100);
  if (!eventType) throw new HttpError(400, 'Missing X-Patreon-Event');
  const effect = patreonEffect(eventType, parseJson(body), planMap(c.env, 'patreon'));
  // Patreon sends no event id, and its signature does not cover the event type: the body's hash
  // alone names a delivery, so a signed body replayed under another type is a duplicate.
  return record(c, 'patreon', await sha256Hex(body), eventType, body, effect);
}

export const webhookReceiverRoutes = new Hono<AppEnv>().post('/stripe', receiveStripe).post('/patreon', receivePatreon);
