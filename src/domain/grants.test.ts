import { describe, expect, it } from 'vitest';
import {
  applyGrantChange,
  bindGrant,
  ENDED_GRANT,
  followSubscription,
  type GrantChange,
  type GrantState,
  isGrantActive,
  OLDER_EVENT,
  SAME_STATE,
} from './grants';
import { GRACE_MS } from './plans';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const t = (iso: string) => Date.parse(iso) / 1000;

/** Applies events in order from no grant, as the receivers do. */
function fold(changes: GrantChange[]): GrantState | null {
  return changes.reduce<GrantState | null>((state, change) => applyGrantChange(state, change, NOW).next, null);
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

describe('applying a provider event to its grant', () => {
  it('follows the newest event for the plan and, separately, for the status', () => {
    const created: GrantChange = { plan: 'inner_circle', status: 'active', at: 100 };
    const checkout: GrantChange = { plan: null, status: 'active', at: 110 };
    // The checkout names no plan: the subscription's plan stays whichever arrives first.
    expect(fold([created, checkout])).toMatchObject({ plan: 'inner_circle', status: 'active' });
    expect(fold([checkout, created])).toMatchObject({ plan: 'inner_circle', status: 'active', planAt: 100, statusAt: 110 });
    const cancelled: GrantChange = { plan: null, status: 'cancelled', at: 200 };
    const staleUpdate: GrantChange = { plan: 'mastermind', status: 'active', at: 150 };
    // A late retry of an older update changes the plan it was newer for, never the newer status.
    expect(fold([created, cancelled, staleUpdate])).toMatchObject({ plan: 'mastermind', status: 'cancelled' });
  });

  it('starts 7 days of grace at the first failed payment, keeps it at the next, ends it on payment', () => {
    const failedAt = t('2026-03-08T00:00:00.000Z');
    const active = fold([{ plan: 'premium', status: 'active', at: failedAt - 1000 }])!;
    const failed = applyGrantChange(active, { plan: null, status: 'past_due', at: failedAt }, NOW);
    expect(failed).toMatchObject({ changed: true, next: { status: 'past_due', graceUntil: '2026-03-15T00:00:00.000Z' } });
    const again = applyGrantChange(failed.next, { plan: null, status: 'past_due', at: failedAt + 3600 }, NOW);
    expect(again).toMatchObject({
      changed: false,
      store: true,
      reason: SAME_STATE,
      next: { graceUntil: '2026-03-15T00:00:00.000Z', statusAt: failedAt + 3600 },
    });
    const paid = applyGrantChange(again.next, { plan: 'premium', status: 'active', at: failedAt + 7200 }, NOW);
    expect(paid.next).toMatchObject({ status: 'active', graceUntil: null });
    // Without a time, the grace runs from now.
    expect(applyGrantChange(active, { plan: null, status: 'past_due', at: null }, NOW).next.graceUntil).toBe(
      new Date(NOW.getTime() + GRACE_MS).toISOString(),
    );
  });

  it('never revives an ended grant with a failed payment, and says why nothing changed', () => {
    const cancelled = fold([
      { plan: 'premium', status: 'active', at: 100 },
      { plan: null, status: 'cancelled', at: 200 },
    ])!;
    expect(applyGrantChange(cancelled, { plan: null, status: 'past_due', at: 300 }, NOW)).toMatchObject({
      changed: false,
      store: false,
      reason: ENDED_GRANT,
    });
    expect(applyGrantChange(cancelled, { plan: 'premium', status: 'active', at: 150 }, NOW)).toMatchObject({
      changed: false,
      reason: OLDER_EVENT,
    });
    expect(applyGrantChange(cancelled, { plan: null, status: 'cancelled', at: 250 }, NOW)).toMatchObject({
      changed: false,
      store: true,
      reason: SAME_STATE,
    });
    expect(applyGrantChange(cancelled, { plan: null, status: 'cancelled', at: 200 }, NOW)).toMatchObject({
      changed: false,
      store: false,
      reason: SAME_STATE,
    });
  });

  it('ends in the same state whatever order Stripe’s events arrive in (distinct creation times)', () => {
    const events: GrantChange[] = [
      { plan: 'inner_circle', status: 'active', at: 100 }, // subscription created
      { plan: 'premium', status: 'active', at: 110 }, // checkout with metadata.plan
      { plan: 'mastermind', status: 'active', at: 120 }, // subscription updated
      { plan: null, status: 'past_due', at: 130 }, // payment failed
      { plan: null, status: 'cancelled', at: 140 }, // subscription deleted
    ];
    // Every subset, in every order, ends as the subset applied in creation order.
    for (let mask = 1; mask < 1 << events.length; mask++) {
      const subset = events.filter((_, i) => mask & (1 << i));
      const expected = fold(subset);
      for (const order of permutations(subset)) {
        const state = fold(order)!;
        expect({ plan: state.plan, status: state.status, graceUntil: state.graceUntil }, JSON.stringify(order)).toEqual({
          plan: expected!.plan,
          status: expected!.status,
          graceUntil: expected!.graceUntil,
        });
      }
    }
  });
});

describe('a grant opening its plan', () => {
  it('is active, or past due within its grace', () => {
    const grant = (status: GrantState['status'], graceUntil: string | null = null) => ({ plan: 'premium' as const, status, graceUntil });
    expect(isGrantActive(grant('active'), NOW)).toBe(true);
    expect(isGrantActive(grant('past_due', '2026-03-11T00:00:00.000Z'), NOW)).toBe(true);
    expect(isGrantActive(grant('past_due', '2026-03-09T00:00:00.000Z'), NOW)).toBe(false);
    expect(isGrantActive(grant('past_due', null), NOW)).toBe(false);
    expect(isGrantActive(grant('cancelled'), NOW)).toBe(false);
    expect(isGrantActive({ plan: null, status: 'active', graceUntil: null }, NOW)).toBe(false);
  });
});

describe('binding a checkout or a pledge to an account', () => {
  const facts = { current: null, referenced: null, email: 'a@example.com', account: null, otherHolder: null };

  it('binds by client_reference_id, else a verified address, else waits for the address', () => {
    expect(
      bindGrant({
        ...facts,
        referenced: { userId: 'u1', email: 'other@example.com' },
        account: { userId: 'u2', verified: true },
        otherHolder: 'cus_x',
      }),
    ).toEqual({ owner: { userId: 'u1' } });
    expect(bindGrant({ ...facts, account: { userId: 'u2', verified: true } })).toEqual({ owner: { userId: 'u2' } });
    expect(bindGrant({ ...facts, account: { userId: 'u2', verified: false } })).toEqual({ owner: { email: 'a@example.com' } });
    expect(bindGrant(facts)).toEqual({ owner: { email: 'a@example.com' } });
  });

  it('needs review when another customer holds the address, or the customer is someone else’s', () => {
    expect(bindGrant({ ...facts, account: { userId: 'u2', verified: true }, otherHolder: 'cus_1' })).toEqual({
      review: 'The address a@example.com is already linked to cus_1: nothing changed',
    });
    expect(bindGrant({ ...facts, otherHolder: 'cus_1' })).toMatchObject({ review: expect.any(String) });
    expect(bindGrant({ ...facts, current: { userId: 'u1' }, account: { userId: 'u2', verified: true } })).toMatchObject({
      review: expect.any(String),
    });
    expect(bindGrant({ ...facts, current: { userId: 'u1' }, referenced: { userId: 'u2', email: 'a@example.com' } })).toMatchObject({
      review: expect.any(String),
    });
  });

  it('keeps a customer with its account, and moves one waiting for an address to the account that proved it', () => {
    expect(bindGrant({ ...facts, current: { userId: 'u1' }, referenced: { userId: 'u1', email: 'x@example.com' } })).toEqual({
      owner: { userId: 'u1' },
    });
    expect(
      bindGrant({ ...facts, current: { email: 'a@example.com' }, account: { userId: 'u2', verified: true }, otherHolder: 'cus_9' }),
    ).toEqual({ owner: { userId: 'u2' } });
    expect(bindGrant({ ...facts, current: { email: 'a@example.com' }, referenced: { userId: 'u3', email: 'a@example.com' } })).toEqual({
      owner: { userId: 'u3' },
    });
    expect(bindGrant({ ...facts, current: { email: 'b@example.com' }, account: { userId: 'u2', verified: true } })).toMatchObject({
      review: expect.any(String),
    });
  });
});

describe('a Patreon member’s grant follows the member’s address', () => {
  const facts = { current: { userId: 'u1' }, referenced: null, email: 'b@example.com', account: null, otherHolder: null };

  it('moves to the account that verified the new address, else waits for that address', () => {
    expect(bindGrant({ ...facts, account: { userId: 'u2', verified: true }, followsAddress: true })).toEqual({ owner: { userId: 'u2' } });
    expect(bindGrant({ ...facts, account: { userId: 'u2', verified: false }, followsAddress: true })).toEqual({
      owner: { email: 'b@example.com' },
    });
    expect(bindGrant({ ...facts, current: { email: 'a@example.com' }, followsAddress: true })).toEqual({
      owner: { email: 'b@example.com' },
    });
    // A Stripe customer does not: someone else's address needs review.
    expect(bindGrant({ ...facts, account: { userId: 'u2', verified: true } })).toMatchObject({ review: expect.any(String) });
  });
});

describe('the Stripe subscription a grant follows', () => {
  const grant = (status: 'active' | 'past_due' | 'cancelled' | 'expired', statusAt: number | null, since: number | null = 100) => ({
    subscriptionId: 'sub_new',
    subscriptionSince: since,
    status,
    statusAt,
  });
  const ref = (id: string, since: number | null, live: boolean) => ({ id, since, live });

  it('follows the first subscription named, and keeps following it', () => {
    expect(followSubscription(null, ref('sub_1', 10, false), 20)).toEqual({
      follow: { subscriptionId: 'sub_1', subscriptionSince: 10 },
      restart: false,
    });
    expect(
      followSubscription({ ...grant('active', 5), subscriptionId: null, subscriptionSince: null }, ref('sub_1', null, false), 20),
    ).toEqual({
      follow: { subscriptionId: 'sub_1', subscriptionSince: null },
      restart: false,
    });
    // Its own events apply, and one that knows when it began fills that in.
    expect(followSubscription(grant('active', 150, null), ref('sub_new', 100, false), 160)).toEqual({
      follow: { subscriptionId: 'sub_new', subscriptionSince: 100 },
      restart: false,
    });
  });

  it('takes up a newer live subscription, starting its event times afresh', () => {
    expect(followSubscription(grant('active', 150), ref('sub_newer', 200, true), 210)).toEqual({
      follow: { subscriptionId: 'sub_newer', subscriptionSince: 200 },
      restart: true,
    });
    // Not knowing when the followed one began, any live one takes over.
    expect(followSubscription(grant('past_due', 150, null), ref('sub_old', 50, true), 60)).toMatchObject({ restart: true });
  });

  it('ignores every event of an older subscription, and of a newer one that is not live', () => {
    const ignored = { ignore: 'This grant follows subscription sub_new, not sub_old: nothing changed' };
    for (const live of [true, false]) expect(followSubscription(grant('active', 150), ref('sub_old', 50, live), 300)).toEqual(ignored);
    expect(followSubscription(grant('active', 150), ref('sub_old', null, false), 300)).toEqual(ignored);
    expect(followSubscription(grant('active', 150), ref('sub_newer', 200, false), 300)).toEqual({
      ignore: 'This grant follows subscription sub_new, not sub_newer: nothing changed',
    });
  });

  it('gives way to an older live subscription only after the followed one ended', () => {
    for (const status of ['cancelled', 'expired'] as const) {
      expect(followSubscription(grant(status, 150), ref('sub_old', 50, true), 160)).toMatchObject({ restart: true });
      // An event from before the ending is no news about now.
      expect(followSubscription(grant(status, 150), ref('sub_old', 50, true), 140)).toHaveProperty('ignore');
      expect(followSubscription(grant(status, 150), ref('sub_old', 50, false), 160)).toHaveProperty('ignore');
    }
    expect(followSubscription(grant('past_due', 150), ref('sub_old', 50, true), 160)).toHaveProperty('ignore');
  });
});
