// "Provider grants in every order" (decision 24): Stripe's events for one customer and a Patreon
// pledge, sent in every order (and every prefix of it), leave the member with the best plan among
// their active grants (`npm test` sends a sample of the orders, `npm run test:fuzz` all of them).
// The expectation is worked out here from the events alone, without the app's rules: Stripe's
// grant follows its events in the order Stripe created them, whatever order they arrive in;
// Patreon's, which carry no time, the order they arrive in.
import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { membershipAt } from '../src/domain/plans';
import { ORIGIN, send, uniqueEmail } from './helpers';
import { at, checkout, member, next, paymentFailed, signedPatreon, signedStripe, subscription } from './webhook-helpers';

/** Thousands of requests, each to the Worker's handler in this workerd (test/helpers.ts). */
async function post(path: string, signed: { raw: string; headers: Record<string, string> }) {
  return send(new Request(`${ORIGIN}${path}`, { method: 'POST', body: signed.raw, headers: signed.headers }));
}
const sendStripe = (event: unknown) => post('/api/webhooks/stripe', signedStripe(event));
const sendPatreon = (eventType: string, body: unknown) => post('/api/webhooks/patreon', signedPatreon(eventType, body));

const RANK = { challenge: 1, premium: 2, inner_circle: 3, mastermind: 4 } as const;
type Plan = keyof typeof RANK;
const DAY = 24 * 60 * 60;

type StripeKind = 'checkout' | 'created' | 'updated' | 'failed' | 'deleted';
type Kind = StripeKind | 'pledge' | 'unpledge';

/** How the checkout names its plan and its account. */
interface Variant {
  plan: boolean;
  /** client_reference_id (of an unverified account), else the address of a verified one, else of an unverified one. */
  bind: 'reference' | 'verified email' | 'unverified email';
}

/** Stripe's timeline: the subscription is created first, then the checkout completes, then the rest. */
const CREATED: Record<StripeKind, number> = { created: -100, checkout: -90, updated: -80, failed: -70, deleted: -60 };
/** The plan each Stripe event names (null: none). */
const NAMES = (variant: Variant): Record<StripeKind, Plan | null> => ({
  created: 'inner_circle',
  checkout: variant.plan ? 'premium' : null,
  updated: 'mastermind',
  failed: null,
  deleted: null,
});

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** The member's plan and status after these events arrived in this order. */
function expected(arrived: readonly Kind[], variant: Variant, shift: number, now: number): { plan: Plan; status: 'active' | 'past_due' } {
  const active: { plan: Plan; status: 'active' | 'past_due' }[] = [{ plan: 'challenge', status: 'active' }]; // the sign-up grant
  // Stripe: in creation order, whatever the arrival order.
  const stripe = (Object.keys(CREATED) as StripeKind[]).filter((kind) => arrived.includes(kind)).sort((a, b) => CREATED[a] - CREATED[b]);
  let plan: Plan | null = null;
  let status: 'active' | 'past_due' | 'cancelled' | null = null;
  let graceUntil = 0;
  for (const kind of stripe) {
    plan = NAMES(variant)[kind] ?? plan;
    if (kind === 'deleted') status = 'cancelled';
    else if (kind !== 'failed') status = 'active';
    else if (status === null || status === 'active') [status, graceUntil] = ['past_due', now + shift + CREATED.failed + 7 * DAY];
  }
  const bound = arrived.includes('checkout') && variant.bind !== 'unverified email';
  if (bound && plan && (status === 'active' || (status === 'past_due' && now < graceUntil))) active.push({ plan, status });
  // Patreon: the last pledge event that arrived decides.
  const pledge = arrived.filter((kind) => kind === 'pledge' || kind === 'unpledge').at(-1);
  // A pledge reaches only an account that verified the address (else it waits for it).
  if (pledge === 'pledge' && variant.bind === 'verified email') active.push({ plan: 'premium', status: 'active' });
  return active.reduce((best, grant) =>
    RANK[grant.plan] > RANK[best.plan] || (RANK[grant.plan] === RANK[best.plan] && grant.status === 'active') ? grant : best,
  );
}

/** A member made straight in the database (no password hashing: hundreds are needed), with the sign-up grant. */
async function newMember(verified: boolean) {
  const id = crypto.randomUUID();
  const email = uniqueEmail('order');
  await env.DB.batch([
    env.DB.prepare("INSERT INTO users (id, email, password_hash, email_verified_at) VALUES (?, ?, 'unused', ?)").bind(
      id,
      email,
      verified ? '2026-01-01T00:00:00.000Z' : null,
    ),
    env.DB.prepare(
      "INSERT INTO membership_grants (source, subject, user_id, plan, status, origin) VALUES ('admin', ?, ?, 'challenge', 'active', 'signup')",
    ).bind(id, id),
    env.DB.prepare("INSERT INTO memberships (user_id, plan, status, source) VALUES (?, 'challenge', 'active', 'signup')").bind(id),
  ]);
  return { id, email };
}

async function effective(userId: string) {
  const row = await env.DB.prepare(
    'SELECT plan, status, grace_until AS graceUntil, after_grace_plan AS afterGracePlan FROM memberships WHERE user_id = ?',
  )
    .bind(userId)
    .first<{ plan: Plan; status: 'active'; graceUntil: string | null; afterGracePlan: Plan | null }>();
  return membershipAt(row);
}

/** Sends the events in this order, checking the membership after each one. */
async function run(order: readonly Kind[], variant: Variant, shift = 0) {
  // client_reference_id binds even an account that has not verified its address.
  const user = await newMember(variant.bind === 'verified email');
  const customer = `cus_${next()}`;
  const memberId = `mem_${next()}`;
  const now = at();
  // One subscription, named by every event as Stripe names it (the grant follows it).
  const sub = { id: `sub_${next()}`, created: now + shift + CREATED.created };
  const events: Record<StripeKind, () => unknown> = {
    checkout: () =>
      checkout(
        user.email,
        {
          customer,
          subscription: sub.id,
          metadata: variant.plan ? { plan: 'premium' } : {},
          ...(variant.bind === 'reference' ? { client_reference_id: user.id } : {}),
        },
        now + shift + CREATED.checkout,
      ),
    created: () =>
      subscription('customer.subscription.created', customer, 'price_inner_circle', 'active', now + shift + CREATED.created, sub),
    updated: () =>
      subscription('customer.subscription.updated', customer, 'price_mastermind', 'active', now + shift + CREATED.updated, sub),
    failed: () => paymentFailed(customer, now + shift + CREATED.failed, { subscription: sub.id }),
    deleted: () =>
      subscription('customer.subscription.deleted', customer, 'price_mastermind', 'canceled', now + shift + CREATED.deleted, sub),
  };
  for (let i = 0; i < order.length; i++) {
    const kind = order[i]!;
    const response =
      kind === 'pledge'
        ? await sendPatreon('members:pledge:create', member(user.email, ['tier_premium'], 'active_patron', memberId))
        : kind === 'unpledge'
          ? await sendPatreon('members:pledge:delete', member(user.email, [], 'former_patron', memberId))
          : await sendStripe(events[kind]());
    const context = `${JSON.stringify(variant)} shift ${shift}: ${order.slice(0, i + 1).join(' → ')}`;
    expect(response.status, context).toBe(200);
    await response.text();
    expect(await effective(user.id), context).toEqual(expected(order.slice(0, i + 1), variant, shift, now));
  }
}

const STRIPE: StripeKind[] = ['checkout', 'created', 'updated', 'failed', 'deleted'];
const VARIANTS: Variant[] = [true, false].flatMap((plan) =>
  (['reference', 'verified email', 'unverified email'] as const).map((bind) => ({ plan, bind })),
);

/** Puts Patreon's pledge and its deletion into a Stripe order, at places picked by `seed`: none, a pledge, a pledge then its deletion, or the deletion first. */
function withPatreon(order: StripeKind[], seed: number): Kind[] {
  const result: Kind[] = [...order];
  const pledges: Kind[][] = [[], ['pledge'], ['pledge', 'unpledge'], ['unpledge', 'pledge']];
  for (const [n, kind] of pledges[seed % 4]!.entries()) result.splice((seed * 7 + n * 3) % (result.length + 1), 0, kind);
  return result;
}

/** The 120 orders of the five Stripe events, each with its index. */
const ORDERS = permutations(STRIPE).map((order, i) => ({ order, i }));

/**
 * `share` of FUZZ_RUNS orders (vitest.config.ts), spread evenly over the 120 from a random start:
 * `npm test` checks a different few each time, `npm run test:fuzz` (FUZZ_RUNS=120) every one.
 */
function sample(share = 1): { order: StripeKind[]; i: number }[] {
  const count = Math.min(ORDERS.length, Math.ceil(Number(env.FUZZ_RUNS) * share));
  const start = Math.floor(Math.random() * ORDERS.length);
  return Array.from({ length: count }, (_, k) => ORDERS[(start + Math.floor((k * ORDERS.length) / count)) % ORDERS.length]!);
}
const ORDERS_RUN =
  Number(env.FUZZ_RUNS) >= ORDERS.length ? 'every order' : `${Math.min(ORDERS.length, Number(env.FUZZ_RUNS))} of the 120 orders`;

describe('provider grants in every order', () => {
  // Thousands of requests: their info lines (one per request) would flood the output.
  beforeAll(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  for (const variant of VARIANTS) {
    it(`${ORDERS_RUN} of the Stripe events, with a Patreon pledge: checkout ${variant.plan ? 'with' : 'without'} metadata.plan, bound by ${variant.bind}`, async () => {
      for (const { order, i } of sample()) await run(withPatreon(order, i), variant);
    }, 120_000);
  }

  it('the same a week later: the failed payment’s grace has run out', async () => {
    for (const variant of VARIANTS) for (const { order, i } of sample(1 / 3)) await run(withPatreon(order, i), variant, -8 * DAY);
  }, 120_000);
});

// One Stripe customer with two subscriptions (decision 24): the old one (premium) fails, goes past due
// and is cancelled after the customer started a new one (mastermind). The grant follows the newest
// live subscription, so whatever order the events arrive in, the member ends with the new one's plan;
// the old one's events, once the new one is followed, change nothing.
type TwoSubKind = 'old created' | 'old checkout' | 'new created' | 'new checkout' | 'old failed' | 'old past due' | 'old deleted';
const TWO_SUBS: TwoSubKind[] = ['old created', 'old checkout', 'new created', 'new checkout', 'old failed', 'old past due', 'old deleted'];

async function runTwoSubscriptions(order: readonly TwoSubKind[]) {
  const user = await newMember(true);
  const customer = `cus_${next()}`;
  const now = at();
  const old = { id: `sub_old_${next()}`, created: now - 100 };
  const renewed = { id: `sub_new_${next()}`, created: now - 50 };
  const events: Record<TwoSubKind, () => { id: string }> = {
    'old created': () => subscription('customer.subscription.created', customer, 'price_premium', 'active', now - 100, old),
    'old checkout': () => checkout(user.email, { customer, subscription: old.id, metadata: { plan: 'premium' } }, now - 95),
    'new created': () => subscription('customer.subscription.created', customer, 'price_mastermind', 'active', now - 50, renewed),
    'new checkout': () => checkout(user.email, { customer, subscription: renewed.id, metadata: {} }, now - 45),
    'old failed': () => paymentFailed(customer, now - 30, { subscription: old.id }),
    'old past due': () => subscription('customer.subscription.updated', customer, 'price_premium', 'past_due', now - 29, old),
    'old deleted': () => subscription('customer.subscription.deleted', customer, 'price_premium', 'canceled', now - 20, old),
  };
  for (let i = 0; i < order.length; i++) {
    const event = events[order[i]!]();
    const response = await sendStripe(event);
    const context = order.slice(0, i + 1).join(' → ');
    expect(response.status, context).toBe(200);
    await response.text();
    // Once the new subscription's own event is in (and a checkout bound the customer to the member),
    // the old one never touches the member's access.
    const arrived = order.slice(0, i + 1);
    if (arrived.includes('new created') && (arrived.includes('old checkout') || arrived.includes('new checkout')))
      expect(await effective(user.id), context).toEqual({ plan: 'mastermind', status: 'active' });
  }
  return { user, customer, old, renewed };
}

describe('one customer, two subscriptions: the grant follows the newest live one', () => {
  beforeAll(() => void vi.spyOn(console, 'log').mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  it('cancelling the old subscription after the new one started leaves the new one’s plan, and is logged ignored with why', async () => {
    const { user, old, renewed, customer } = await runTwoSubscriptions(['old created', 'old checkout', 'new created', 'new checkout']);
    const now = at();
    for (const event of [
      paymentFailed(customer, now - 30, { subscription: old.id }),
      subscription('customer.subscription.updated', customer, 'price_premium', 'past_due', now - 29, old),
      subscription('customer.subscription.deleted', customer, 'price_premium', 'canceled', now - 20, old),
    ]) {
      expect(await (await sendStripe(event)).json()).toEqual({ received: true, status: 'ignored' });
      expect(
        await env.DB.prepare('SELECT status, error_message AS errorMessage FROM webhook_events WHERE external_id = ?')
          .bind(event.id)
          .first(),
      ).toEqual({ status: 'ignored', errorMessage: `This grant follows subscription ${renewed.id}, not ${old.id}: nothing changed` });
      expect(await effective(user.id)).toEqual({ plan: 'mastermind', status: 'active' });
    }
    expect(
      await env.DB.prepare(
        "SELECT subscription_id AS subscriptionId, plan, status FROM membership_grants WHERE source = 'stripe' AND subject = ?",
      )
        .bind(customer)
        .first(),
    ).toEqual({ subscriptionId: renewed.id, plan: 'mastermind', status: 'active' });
  });

  it(`in ${Math.min(Number(env.FUZZ_RUNS), 5040)} random orders of the seven events (and a few chosen ones), the member ends with the new plan`, async () => {
    const chosen: TwoSubKind[][] = [
      TWO_SUBS,
      [...TWO_SUBS].reverse(),
      ['old deleted', 'new created', 'old created', 'old checkout', 'new checkout', 'old failed', 'old past due'],
      ['old failed', 'old deleted', 'new checkout', 'old created', 'new created', 'old past due', 'old checkout'],
      ['new checkout', 'old past due', 'old checkout', 'old deleted', 'old failed', 'old created', 'new created'],
    ];
    const random = Array.from({ length: Number(env.FUZZ_RUNS) }, () => {
      const order = [...TWO_SUBS];
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      return order;
    });
    for (const order of [...chosen, ...random]) {
      const { user } = await runTwoSubscriptions(order);
      expect(await effective(user.id), order.join(' → ')).toEqual({ plan: 'mastermind', status: 'active' });
    }
  }, 120_000);
});
