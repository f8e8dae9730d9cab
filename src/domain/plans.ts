// Plans, membership status and the access map of docs/product.md#plan-access-map.
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = ['challenge', 'mastermind', 'inner_circle', 'premium'] as const;
export type Plan = (typeof PLANS)[number];

export const MEMBERSHIP_STATUSES = ['active', 'expired', 'cancelled'] as const;
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

export interface MembershipLike {
  plan: Plan;
  status: MembershipStatus;
}

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** Only an active membership grants anything (docs/product.md#plan-access-map). */
export function hasAccess(membership: MembershipLike | null | undefined, access: Access): boolean {
  if (!membership || membership.status !== 'active') return false;
  return ACCESS_BY_PLAN[membership.plan].includes(access);
}

/** The tooltip on an item the plan does not open: 'Requires X plan'. */
export function requiresPlanMessage(access: Access): string {
  return `Requires ${PLAN_LABELS[access]} plan`;
}

/** The nav badge: the plan's label, or 'No Plan' when there is no active membership. */
export function planBadge(membership: MembershipLike | null | undefined): string {
  if (!membership || membership.status !== 'active') return 'No Plan';
  return PLAN_LABELS[membership.plan];
}
