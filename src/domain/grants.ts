// Membership grants (decision 24, docs/product.md#plans-and-memberships). A user's memberships are
// grants, one per source and provider customer: the admin grant (sign-up, the seed and the admin's
// 'Change Plan'), one per Stripe customer, one per Patreon member. The plan a user has is the best
// plan among their active grants; a provider's event changes only the grant it made. Pure: the data
// layer reads and writes (src/data/memberships.ts, src/data/provider-grants.ts), the receivers decide (src/routes/webhook-receivers.ts).
import { GRACE_MS, inGrace, type MembershipStatus, type Plan } from './plans';

export const GRANT_SOURCES = ['admin', 'stripe', 'patreon'] as const;
export type GrantSource = (typeof GRANT_SOURCES)[number];

/** What a grant says. */
export interface GrantState {
  /** Null while the plan is not known yet (a checkout that names none, before its subscription event). */
  plan: Plan | null;
  status: MembershipStatus;
  /** While `past_due`: access is kept until this instant (ISO-8601). */
  graceUntil: string | null;
  /** When the provider created the event that set the plan (unix seconds); null when it did not say. */
  planAt: number | null;
  /** The same for the status. */
  statusAt: number | null;
}

/** What one provider event says about its grant. */
export interface GrantChange {
  /** The plan it names; null says nothing about the plan (a cancellation, a checkout naming none). */
  plan: Plan | null;
  /** The state it reports; a failed payment reports `past_due`. */
  status: MembershipStatus;
  /** When the provider created the event (unix seconds); null when it does not say (Patreon), and then arrival order decides. */
  at: number | null;
}

export interface GrantOutcome {
  next: GrantState;
  /** The plan, status or grace changed (else the event is logged as ignored, with `reason`). */
  changed: boolean;
  /** Something is to be stored, if only the time of a newer event that confirmed what the grant says. */
  store: boolean;
  reason: string | null;
}

export const OLDER_EVENT = 'A newer event has already set this grant: nothing changed';
export const ENDED_GRANT = 'The grant has ended: a failed payment changes nothing';
export const SAME_STATE = 'The grant already says this: nothing changed';

/** Whether an event created at `at` may overwrite a field last set by one created at `fieldAt` (ties: the later arrival). */
function newer(at: number | null, fieldAt: number | null): boolean {
  return at === null || fieldAt === null || at >= fieldAt;
}

/**
 * Applies one provider event to its grant (null: none yet). The plan and the status each follow the
 * newest event that says something about them, so the result does not depend on the order events
 * arrive in when they carry their creation time (Stripe). A failed payment (`past_due`) on an
 * active grant starts GRACE_DAYS of grace from the event's time; a second failure keeps the first
 * one's grace; it never revives a grant that ended.
 */
export function applyGrantChange(current: GrantState | null, change: GrantChange, now: Date): GrantOutcome {
  const next: GrantState = current ? { ...current } : { plan: null, status: change.status, graceUntil: null, planAt: null, statusAt: null };
  let reason: string | null = null;
  if (change.plan !== null && (!current || newer(change.at, current.planAt))) {
    next.plan = change.plan;
    next.planAt = change.at;
  }
  if (!current || newer(change.at, current.statusAt)) {
    if (change.status !== 'past_due') {
      next.status = change.status;
      next.graceUntil = null;
      next.statusAt = change.at;
    } else if (!current || current.status === 'active') {
      next.status = 'past_due';
      next.graceUntil = new Date((change.at === null ? now.getTime() : change.at * 1000) + GRACE_MS).toISOString();
      next.statusAt = change.at;
    } else if (current.status === 'past_due') {
      next.statusAt = change.at;
    } else {
      reason = ENDED_GRANT;
    }
  } else {
    reason = OLDER_EVENT;
  }
  const changed = !current || next.plan !== current.plan || next.status !== current.status || next.graceUntil !== current.graceUntil;
  const store = changed || next.planAt !== current?.planAt || next.statusAt !== current?.statusAt;
  return { next, changed, store, reason: changed ? null : (reason ?? SAME_STATE) };
}

/** The Stripe subscription an event is about: a grant follows one subscription of its customer. */
export interface SubscriptionRef {
  id: string;
  /** When the subscription began (unix seconds: its `created`, or a checkout's own time); null when the event does not say (an invoice). */
  since: number | null;
  /** The event says the subscription is live: a paid checkout, or a subscription created or updated as active or trialing. */
  live: boolean;
}

/** The subscription a Stripe grant follows; null while no event has named one (and for grants older than that rule). */
export interface FollowedSubscription {
  subscriptionId: string | null;
  subscriptionSince: number | null;
}

export type FollowOutcome =
  /** Apply the event; `restart`: the grant switches subscription, so the old one's event times no longer order this one's. */
  { follow: FollowedSubscription; restart: boolean } | { ignore: string };

const otherSubscription = (followed: string, named: string) => `This grant follows subscription ${followed}, not ${named}: nothing changed`;

/**
 * Which subscription a Stripe grant follows after an event naming `ref` (docs/product.md#plans-and-memberships).
 * The first subscription named is followed. Another one takes over only when the event says it is
 * live and it is newer than the followed one (it began later), or the followed one has ended before
 * this event; any other event for it (a cancellation, a failed payment, an older subscription's
 * renewal) changes nothing. So one customer's old subscription never ends or steers the new one's access.
 */
export function followSubscription(
  grant: (FollowedSubscription & { status: MembershipStatus; statusAt: number | null }) | null,
  ref: SubscriptionRef,
  at: number | null,
): FollowOutcome {
  const followed = grant?.subscriptionId ?? null;
  if (!grant || followed === null) return { follow: { subscriptionId: ref.id, subscriptionSince: ref.since }, restart: false };
  if (followed === ref.id)
    return { follow: { subscriptionId: followed, subscriptionSince: grant.subscriptionSince ?? ref.since }, restart: false };
  const newer = ref.since === null || grant.subscriptionSince === null || ref.since > grant.subscriptionSince;
  const endedBefore =
    (grant.status === 'cancelled' || grant.status === 'expired') && (at === null || grant.statusAt === null || at > grant.statusAt);
  if (ref.live && (newer || endedBefore)) return { follow: { subscriptionId: ref.id, subscriptionSince: ref.since }, restart: true };
  return { ignore: otherSubscription(followed, ref.id) };
}

/** A grant as the effective membership is chosen from it. */
export interface GrantLike {
  plan: Plan | null;
  status: MembershipStatus;
  graceUntil: string | null;
  /** Breaks ties between equal grants: the latest change shows. */
  updatedAt?: string;
}

/** A grant opens its plan at `now`: active, or past due within its grace. */
export function isGrantActive(grant: GrantLike, now: Date): boolean {
  return grant.plan !== null && (grant.status === 'active' || (grant.status === 'past_due' && inGrace(grant.graceUntil, now)));
}

/** Whom a grant belongs to: an account, or an address waiting for an account to prove it. */
export type GrantOwner = { userId: string } | { email: string };

export interface BindingFacts {
  /** Whom the grant is bound to already (null: nobody yet). */
  current: GrantOwner | null;
  /** The account the checkout's `client_reference_id` names (the app starts a checkout with the user id). */
  referenced: { userId: string; email: string } | null;
  /** The address the checkout or pledge names, and the account holding it. */
  email: string;
  account: { userId: string; verified: boolean } | null;
  /** Another customer of the same provider whose grant (not cancelled) holds that account or address. */
  otherHolder: string | null;
  /** The grant belongs to whoever holds the event's address (a Patreon member's): it moves when the address changes. */
  followsAddress?: boolean;
}

export type Binding = { owner: GrantOwner } | { review: string };

/** The same account, or the same address. */
export function sameOwner(a: GrantOwner | null, b: GrantOwner | null): boolean {
  if (!a || !b) return a === b;
  return ('userId' in a && 'userId' in b && a.userId === b.userId) || ('email' in a && 'email' in b && a.email === b.email);
}

/**
 * Whom a checkout (or a pledge) binds its grant to (decision 24): the
 * account `client_reference_id` names, else the account that verified the address, else the
 * address itself (pending until an account proves it). Stripe Checkout does not prove an address,
 * so an address another customer already holds binds nothing: that needs review, as does a
 * customer already bound to someone else. A grant waiting for an address moves to the account of
 * that address. A Patreon member's grant (`followsAddress`) goes wherever the member's address goes.
 */
export function bindGrant(facts: BindingFacts): Binding {
  const target: GrantOwner = facts.referenced
    ? { userId: facts.referenced.userId }
    : facts.account?.verified
      ? { userId: facts.account.userId }
      : { email: facts.email };
  const targetEmail = facts.referenced ? facts.referenced.email : facts.email;
  if (facts.current) {
    if (sameOwner(facts.current, target)) return { owner: facts.current };
    if ('email' in facts.current && 'userId' in target && facts.current.email === targetEmail) return { owner: target };
    // A Patreon member changed address: the grant leaves the old one (and its account) for the new.
    if (facts.followsAddress) return { owner: target };
    return { review: 'This customer is already bound to another account: nothing changed' };
  }
  if (!facts.referenced && facts.otherHolder)
    return { review: `The address ${facts.email} is already linked to ${facts.otherHolder}: nothing changed` };
  return { owner: target };
}
