// The Stripe and Patreon receivers, POST /api/webhooks/stripe and /api/webhooks/patreon
// (docs/product.md#webhooks): signature first, then the event's meaning (domain/webhook-events.ts),
// then one logged batch (data/webhooks.ts). Mounted before the same-origin check, because
// providers send no Origin: the signature is the only credential. The body is bounded by
// WEBHOOK_BODY_MAX before it is read (src/server/body-limit.ts, app.tsx).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { NewAuditEntry } from '../data/audit';
import { confirmPaidSeat } from '../data/cohort-join';
import { type GrantWrite, ownerOf, readGrantFacts } from '../data/provider-grants';
import { type EventRecord, isEventLogged, markNeedsReview, recordEvent } from '../data/webhooks';
import { describeGrant, grantAction } from '../domain/audit';
import { applyGrantChange, bindGrant, followSubscription, type GrantOutcome, type GrantOwner, sameOwner } from '../domain/grants';
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
import { secretFor } from '../server/webhook-secrets';
import { verifyPatreonSignature, verifyStripeSignature } from '../server/webhook-signatures';

/** Provider events are small (Stripe's are well under 64 KB); anything bigger is refused unread. */
export const WEBHOOK_BODY_MAX = 256 * 1024;

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

const PATREON_NOTHING_TO_END = 'No Patreon grant for this member: nothing to end';

/** The note a stored grant leaves in the log: why it does not show on an account yet, if it does not. */
function pendingNote(source: WebhookSource, subject: string, owner: GrantOwner | null, plan: Plan | null): string | null {
  if (!owner)
    return `${source === 'stripe' ? `Stripe customer ${subject}` : subject} is not bound to an account yet: its checkout binds it`;
  if ('email' in owner) return `Kept for ${owner.email} until an account verifies that address`;
  if (plan === null) return NO_PLAN_YET;
  return null;
}

/** What the trail says a grant became when a Patreon member's new address took it to another account. */
const MOVED_AWAY = 'Moved: the Patreon member now uses another address';

/**
 * Turns an effect into what gets logged and written (docs/product.md#webhooks): the grant the
 * event names, bound to whom (src/domain/grants.ts `bindGrant`), following which Stripe
 * subscription (`followSubscription`), with what state (`applyGrantChange`); an event that changes
 * nothing is logged as ignored with the reason.
 */
async function decide(c: Context<AppEnv>, effect: EventEffect): Promise<Outcome> {
  if (effect.kind === 'none') return { status: effect.status, errorMessage: effect.message };
  if (effect.kind === 'invalid') return { status: 'error', errorMessage: effect.message };
  const db = c.get('db');
  const facts = await readGrantFacts(db, { source: effect.source, subject: effect.subject, memberId: effect.memberId }, effect.bind);
  // Patreon: with no grant under the member id yet, the member's grant still keyed by an address
  // (their own, else the newest) is taken over; any other such grant of theirs ends.
  const adopted = facts.grant ? null : (facts.legacy.find((g) => g.subject === effect.bind?.email) ?? facts.legacy[0] ?? null);
  const current = facts.grant ?? adopted;
  const ended = facts.legacy.filter((g) => g !== adopted && (g.status === 'active' || g.status === 'past_due'));
  const before = ownerOf(current);
  let owner = before;
  if (effect.bind) {
    const binding = bindGrant({
      current: before,
      referenced: facts.referenced,
      email: effect.bind.email,
      account: facts.account,
      otherHolder: facts.otherHolder,
      followsAddress: effect.bind.followsAddress,
    });
    // Stripe Checkout does not prove an address: one another customer holds changes nothing.
    if ('review' in binding) return { status: 'needs review', errorMessage: binding.review };
    owner = binding.owner;
  }
  // Patreon says nothing about when: an ending for no grant at all has nothing to order against.
  if (!current && effect.source === 'patreon' && effect.change.plan === null)
    return { status: 'ignored', errorMessage: PATREON_NOTHING_TO_END };
  // Stripe: an event for a subscription the grant does not follow changes nothing (binding aside).
  const followed = effect.subscription ? followSubscription(current, effect.subscription, effect.change.at) : null;
  let outcome: GrantOutcome;
  let follow = { subscriptionId: current?.subscriptionId ?? null, subscriptionSince: current?.subscriptionSince ?? null };
  if (current && followed && 'ignore' in followed) {
    outcome = { next: current, changed: false, store: false, reason: followed.ignore };
  } else {
    if (followed && 'follow' in followed) follow = followed.follow;
    // A grant that takes up another subscription orders that one's events afresh.
    const base = current && followed && 'restart' in followed && followed.restart ? { ...current, planAt: null, statusAt: null } : current;
    outcome = applyGrantChange(base, effect.change, new Date());
  }
  const followChanged =
    follow.subscriptionId !== (current?.subscriptionId ?? null) || follow.subscriptionSince !== (current?.subscriptionSince ?? null);
  const bound = !sameOwner(owner, before);
  if (!outcome.store && !bound && !adopted && !followChanged && ended.length === 0)
    return { status: 'ignored', errorMessage: outcome.reason };
  const movedFrom = before && 'userId' in before && !(owner && 'userId' in owner && owner.userId === before.userId) ? before.userId : null;
  const grant: GrantWrite = {
    source: effect.source,
    subject: effect.subject,
    owner,
    state: outcome.next,
    externalId: effect.externalId,
    version: current?.version ?? null,
    follow,
    ...(adopted ? { rekeyFrom: adopted.subject } : {}),
    ...(ended.length ? { ends: ended.map((g) => ({ subject: g.subject, version: g.version })) } : {}),
    alsoRecompute: [...(movedFrom ? [movedFrom] : []), ...ended.flatMap((g) => (g.userId ? [g.userId] : []))],
  };
  if (!outcome.changed && !bound && ended.length === 0) return { status: 'ignored', errorMessage: outcome.reason, grant };
  // The accounts' trail (decision 25): what this provider's grant was for each, and is now.
  const action = grantAction(effect.source);
  const audit: NewAuditEntry[] = [];
  if ((outcome.changed || bound) && owner && 'userId' in owner)
    audit.push({
      userId: owner.userId,
      actor: effect.source,
      action,
      from: before && 'userId' in before && before.userId === owner.userId ? describeGrant(current) : null,
      to: describeGrant(outcome.next),
    });
  if (movedFrom) audit.push({ userId: movedFrom, actor: effect.source, action, from: describeGrant(current), to: MOVED_AWAY });
  for (const g of ended)
    if (g.userId)
      audit.push({
        userId: g.userId,
        actor: effect.source,
        action,
        from: describeGrant(g),
        to: describeGrant({ ...g, status: 'cancelled' }),
      });
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
    if (result === 'recorded') {
      const review = await confirmSeat(c, eventId, effect, outcome);
      return c.json({ received: true, status: review ? 'needs review' : outcome.status });
    }
  }
  // Not logged: the provider retries it later.
  throw new HttpError(409, 'The membership changed while this event was applied; retry');
}

/**
 * A paid checkout confirms the seat held for it (decision 41, src/data/cohort-join.ts): the member
 * is the account the grant went to, else the one `client_reference_id` names. Paid after the hold
 * ran out into a cohort that filled meanwhile, they go on its waitlist and the event is marked
 * 'needs review' for a person (seat them or refund). Answers whether it was.
 */
async function confirmSeat(c: Context<AppEnv>, eventId: string, effect: EventEffect, outcome: Outcome): Promise<boolean> {
  if (effect.kind !== 'grant' || effect.source !== 'stripe' || !effect.bind) return false;
  if (outcome.status !== 'success' && outcome.status !== 'ignored') return false;
  const owner = outcome.grant?.owner;
  const userId = owner && 'userId' in owner ? owner.userId : effect.bind.reference;
  if (!userId) return false;
  const db = c.get('db');
  const seat = await confirmPaidSeat(db, userId, new Date().toISOString());
  if (seat?.seat !== 'waitlisted') return false;
  await markNeedsReview(
    db,
    'stripe',
    eventId,
    `Paid after the seat hold ran out, and ${seat.cohortName} had filled: on its waitlist. Seat them (raise the capacity) or refund the payment`,
  );
  return true;
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
