// What a Stripe or Patreon event means for a membership (docs/product.md#webhooks). Pure: the
// receiver verifies the signature first, and the data layer applies the answer.
import * as z from 'zod';
import type { GrantChange, SubscriptionRef } from './grants';
import { isPlan, type MembershipStatus, PLANS, type Plan } from './plans';

export type WebhookSource = 'stripe' | 'patreon';

export type { WebhookStatus } from './webhook-status';

/**
 * What an event does to the grant it names (src/domain/grants.ts): the Stripe customer's
 * (`customer`), or the Patreon member's (by member id). A checkout, and every pledge, also says whom
 * to bind the grant to (`bind`); other Stripe events only follow the customer, and, when they name
 * one, its subscription (`subscription`).
 */
export type EventEffect =
  | {
      kind: 'grant';
      source: WebhookSource;
      /** The grant's key within its source: the Stripe customer, or the Patreon member id (the address when a body has none). */
      subject: string;
      change: GrantChange;
      externalId: string | null;
      /** The address (and the app's user id, from a checkout's `client_reference_id`) naming the account. */
      bind?: { email: string; reference: string | null; followsAddress?: boolean };
      /** Stripe: the subscription the event is about, when it names one (src/domain/grants.ts `followSubscription`). */
      subscription?: SubscriptionRef;
      /** Patreon: the member id the grant is keyed by (a grant from before it was, keyed by address, is taken over). */
      memberId?: string;
      /** A note for the log when the event leaves something for a later one (a checkout naming no plan). */
      note?: string;
    }
  | { kind: 'none'; status: 'ignored'; message: string }
  | { kind: 'invalid'; message: string };

/** The price (Stripe) or tier (Patreon) ids of each plan, from configuration. */
export type PlanMap = Readonly<Record<string, Plan>>;

/** Used in development when the configured map is empty, so test events work out of the box. */
export const DEV_PRICE_PLANS: PlanMap = Object.fromEntries(PLANS.map((plan) => [`price_${plan}`, plan]));
export const DEV_TIER_PLANS: PlanMap = Object.fromEntries(PLANS.map((plan) => [`tier_${plan}`, plan]));

/** A JSON map of ids to plans; entries naming no plan are dropped, malformed text is empty. */
export function parsePlanMap(text: string | undefined): PlanMap {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, Plan] => isPlan(entry[1])));
  } catch {
    return {};
  }
}

const text = z.string().trim().min(1).max(500);
const emailText = z.string().trim().toLowerCase().max(254).pipe(z.email());

// Only the fields we read; Stripe and Patreon send far more, which is kept in the log as is.
const stripeEvent = z.object({
  id: text,
  type: text,
  created: z.number().int().positive().optional().catch(undefined),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** A Stripe id, or the object it names when the payload expands it. */
const stripeRef = z
  .union([text, z.object({ id: text }).transform((object) => object.id)])
  .nullish()
  .catch(null);

const checkoutSession = z.object({
  id: text.nullish().catch(null),
  customer: text.nullish(),
  subscription: stripeRef,
  client_reference_id: text.nullish().catch(null),
  payment_status: z.string().max(50).nullish().catch(null),
  customer_email: emailText.nullish().catch(null),
  customer_details: z
    .object({ email: emailText.nullish().catch(null) })
    .nullish()
    .catch(null),
  metadata: z.record(z.string(), z.unknown()).nullish().catch(null),
  line_items: z
    .object({ data: z.array(z.object({ price: z.object({ id: text }).nullish() })) })
    .nullish()
    .catch(null),
});

const subscription = z.object({
  id: text.nullish().catch(null),
  created: z.number().int().positive().nullish().catch(null),
  customer: text,
  status: text,
  items: z
    .object({ data: z.array(z.object({ price: z.object({ id: text }) })) })
    .nullish()
    .catch(null),
});

// The invoice's subscription: `subscription` before Stripe's 2025-03-31 API, `parent.subscription_details` since.
const invoice = z.object({
  customer: text,
  subscription: stripeRef,
  parent: z
    .object({ subscription_details: z.object({ subscription: stripeRef }).nullish().catch(null) })
    .nullish()
    .catch(null),
});

/** Stripe's subscription states, as ours: past_due keeps access during the grace (decision 24). */
export function subscriptionStatus(status: string): MembershipStatus {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'past_due') return 'past_due';
  if (status === 'canceled') return 'cancelled';
  return 'expired';
}

export interface ParsedStripeEvent {
  id: string;
  type: string;
  effect: EventEffect;
}

/** Reads a verified Stripe event body; null when it is not an event at all. */
export function readStripeEvent(body: unknown, prices: PlanMap): ParsedStripeEvent | null {
  const event = stripeEvent.safeParse(body);
  if (!event.success) return null;
  const { id, type, created } = event.data;
  return { id, type, effect: stripeEffect(type, event.data.data.object, prices, created ?? null) };
}

/** Money that has not arrived yet (a bank debit still processing) grants nothing. */
const PAID = new Set(['paid', 'no_payment_required']);

export const NO_PLAN_YET = 'No plan in the checkout: the subscription event sets it';

function stripeEffect(type: string, object: Record<string, unknown>, prices: PlanMap, at: number | null): EventEffect {
  const grant = (customer: string, plan: Plan | null, status: MembershipStatus, subscription?: SubscriptionRef | null) =>
    ({
      kind: 'grant',
      source: 'stripe',
      subject: customer,
      externalId: customer,
      change: { plan, status, at },
      ...(subscription ? { subscription } : {}),
    }) as const;
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = checkoutSession.safeParse(object);
      if (!session.success) return { kind: 'invalid', message: 'The checkout session is missing fields' };
      const email = session.data.customer_details?.email ?? session.data.customer_email;
      if (!email) return { kind: 'invalid', message: 'The checkout session has no customer email' };
      const paymentStatus = session.data.payment_status;
      if (paymentStatus && !PAID.has(paymentStatus))
        return { kind: 'none', status: 'ignored', message: `Payment ${paymentStatus}: nothing changes until it is paid` };
      // A payment without a customer (one-off, no subscription to follow) is a grant of its own.
      const customer = session.data.customer ?? (session.data.id ? `checkout:${session.data.id}` : null);
      if (!customer) return { kind: 'invalid', message: 'The checkout session names no customer' };
      const named = session.data.metadata?.plan;
      // Stripe leaves line_items out of webhook payloads unless expanded: without metadata.plan,
      // the subscription event (before or after this one) sets the plan from its price.
      const price = session.data.line_items?.data[0]?.price?.id;
      const plan = isPlan(named) ? named : price ? (prices[price] ?? null) : null;
      const sub = session.data.subscription;
      return {
        ...grant(customer, plan, 'active', sub ? { id: sub, since: at, live: true } : null),
        externalId: session.data.customer ?? null,
        bind: { email, reference: session.data.client_reference_id ?? null },
        ...(plan ? {} : { note: NO_PLAN_YET }),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = subscription.safeParse(object);
      if (!sub.success) return { kind: 'invalid', message: 'The subscription is missing fields' };
      const status = type === 'customer.subscription.deleted' ? 'cancelled' : subscriptionStatus(sub.data.status);
      const ref = sub.data.id
        ? { id: sub.data.id, since: sub.data.created ?? at, live: type !== 'customer.subscription.deleted' && status === 'active' }
        : null;
      if (type === 'customer.subscription.deleted') return grant(sub.data.customer, null, 'cancelled', ref);
      const price = sub.data.items?.data[0]?.price.id;
      const plan = price ? prices[price] : undefined;
      if (!plan) return { kind: 'invalid', message: `The price ${price ?? '(none)'} is not mapped to a plan in STRIPE_PRICE_PLANS` };
      return grant(sub.data.customer, plan, status, ref);
    }
    case 'invoice.payment_failed': {
      const failed = invoice.safeParse(object);
      if (!failed.success) return { kind: 'invalid', message: 'The invoice names no customer' };
      const sub = failed.data.subscription ?? failed.data.parent?.subscription_details?.subscription;
      // Access is kept for the grace period, then the grant lapses (decision 24).
      return grant(failed.data.customer, null, 'past_due', sub ? { id: sub, since: null, live: false } : null);
    }
    default:
      return { kind: 'none', status: 'ignored', message: `${type} is not used` };
  }
}

const PATREON_EVENTS = ['members:pledge:create', 'members:pledge:update', 'members:pledge:delete'] as const;

const patreonMember = z.object({
  data: z.object({
    id: text.nullish(),
    attributes: z.object({
      email: emailText.nullish().catch(null),
      patron_status: z.string().max(50).nullish(),
    }),
    relationships: z
      .object({ currently_entitled_tiers: z.object({ data: z.array(z.object({ id: text })) }).nullish() })
      .nullish()
      .catch(null),
  }),
});

/** Patreon's patron states, as ours. */
export function patronStatus(status: string | null | undefined): MembershipStatus {
  if (status === 'active_patron') return 'active';
  if (status === 'declined_patron') return 'expired';
  return 'cancelled';
}

/** Reads a verified Patreon member event (the event type comes in the X-Patreon-Event header). */
export function patreonEffect(eventType: string, body: unknown, tiers: PlanMap): EventEffect {
  if (!(PATREON_EVENTS as readonly string[]).includes(eventType))
    return { kind: 'none', status: 'ignored', message: `${eventType} is not used` };
  const member = patreonMember.safeParse(body);
  if (!member.success) return { kind: 'invalid', message: 'The member is missing fields' };
  const email = member.data.data.attributes.email;
  if (!email) return { kind: 'invalid', message: 'The member has no email' };
  const externalId = member.data.data.id ?? null;
  // The grant is the member's, whatever address they use: keyed by the member id, it follows an
  // address change (a body without one is keyed by its address, as every grant was before).
  // Patreon's bodies carry no event time: the order they arrive in decides (`at` null).
  const grant = (plan: Plan | null, status: MembershipStatus) =>
    ({
      kind: 'grant',
      source: 'patreon',
      subject: externalId ?? email,
      externalId,
      change: { plan, status, at: null },
      bind: { email, reference: null, followsAddress: true },
      ...(externalId ? { memberId: externalId } : {}),
    }) as const;
  if (eventType === 'members:pledge:delete') return grant(null, 'cancelled');
  const tier = member.data.data.relationships?.currently_entitled_tiers?.data.find((t) => tiers[t.id]);
  const plan = tier ? tiers[tier.id]! : null;
  const status = patronStatus(member.data.data.attributes.patron_status);
  if (!plan && status === 'active') return { kind: 'invalid', message: 'No entitled tier is mapped to a plan in PATREON_TIER_PLANS' };
  return grant(plan, status);
}
