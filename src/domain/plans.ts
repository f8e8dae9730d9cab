// Plans, membership status and the access map of docs/product.md#plan-access-map.
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = ['challenge', 'mastermind', 'inner_circle', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

/**
 * `past_due`: a payment failed and the grace period runs (docs/product.md#plans-and-memberships);
 * access is kept until `graceUntil`, then the membership has lapsed.
 */
export const MEMBERSHIP_STATUSES = ['active', 'past_due', 'expired', 'cancelled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** An access level: what a nav item or page requires. Named after the plan that grants it. */
export type Access = 'challenge' | 'inner_circle' | 'premium' | 'mastermind';

export const PLAN_LABELS: Record<Plan, string> = {
  challenge: 'Challenge',
  mastermind: 'Mastermind',
  inner_circle: 'Inner Circle',
  premium: 'Premium',
};

const ACCESS_BY_PLAN: Record<Plan, readonly Access[]> = {
  challenge: ['challenge'],
  mastermind: ['challenge', 'inner_circle', 'premium', 'mastermind'],
  inner_circle: ['challenge', 'inner_circle', 'premium'],
  premium: ['challenge', 'premium'],
};

/**
 * The order of plans, best last: each one opens everything the ones before it open, so a plan
 * ranks by how much it opens (challenge < premium < inner_circle < mastermind).
 */
export function planRank(plan: Plan): number {
  return ACCESS_BY_PLAN[plan].length;
}

/** How long a failed payment keeps access (decision 24). */
const GRACE_DAYS = 7;
export const GRACE_MS = GRACE_DAYS * 24 * 60 * 60 * 1000;

/** The effective membership as stored on a user (src/db/schema.ts `memberships`). */
export interface MembershipLike {
  plan: Plan;
  status: MembershipStatus;
  /** While `past_due`: access is kept until this instant (ISO-8601). */
  graceUntil?: string | null;
  /** While `past_due`: the best plan of the user's other, active grants, which applies once the grace is over. */
  afterGracePlan?: Plan | null;
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** A failed payment's grace still runs at `now`. */
export function inGrace(graceUntil: string | null | undefined, now: Date): boolean {
  if (!graceUntil) return false;
  const until = Date.parse(graceUntil);
  return Number.isFinite(until) && now.getTime() < until;
}

/**
 * The membership as it stands at `now`: a `past_due` one is itself within its grace, then the
 * plan of the user's other active grants (active), else lapsed (expired).
 */
export function membershipAt<M extends MembershipLike>(
  membership: M | null | undefined,
  now: Date = new Date(),
): { plan: Plan; status: MembershipStatus } | null {
  if (!membership) return null;
  if (membership.status !== 'past_due' || inGrace(membership.graceUntil, now)) return { plan: membership.plan, status: membership.status };
  return membership.afterGracePlan ? { plan: membership.afterGracePlan, status: 'active' } : { plan: membership.plan, status: 'expired' };
}

/** The plan that grants access at `now`: active, or past due within its grace; null when none. */
export function currentPlan(membership: MembershipLike | null | undefined, now: Date = new Date()): Plan | null {
  const at = membershipAt(membership, now);
  return at && (at.status === 'active' || at.status === 'past_due') ? at.plan : null;
}

/** Only an active membership (or one within a failed payment's grace) grants anything (docs/product.md#plan-access-map). */
export function hasAccess(membership: MembershipLike | null | undefined, access: Access, now: Date = new Date()): boolean {
  const plan = currentPlan(membership, now);
  return plan !== null && ACCESS_BY_PLAN[plan].includes(access);
}

/** The tooltip on an item the plan does not open: 'Requires X plan'. */
export function requiresPlanMessage(access: Access): string {
  return `Requires ${PLAN_LABELS[access]} plan`;
}

/** The nav badge: the plan's label, or 'No Plan' when there is no active membership. */
export function planBadge(membership: MembershipLike | null | undefined, now: Date = new Date()): string {
  const plan = currentPlan(membership, now);
  return plan ? PLAN_LABELS[plan] : 'No Plan';
}
