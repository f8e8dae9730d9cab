// The effective membership worked out in TypeScript from a user's grants: the reference order
// for the ranking src/data/memberships.ts (`recomputeMembership`) does in SQL
// (docs/product.md#plans-and-memberships). Only tests import this file; the app never runs it.
import { type GrantLike, isGrantActive } from '../../src/domain/grants';
import { type MembershipLike, type Plan, planRank } from '../../src/domain/plans';

/**
 * The grant that shows as the user's membership: the best plan among the active grants (an
 * active one before one within grace), else the best of the ended ones (so a cancellation shows
 * as cancelled). Grants without a plan yet count for nothing. src/data/memberships.ts
 * (`recomputeMembership`) orders the same way in SQL.
 */
export function bestGrant<G extends GrantLike>(grants: readonly G[], now: Date): (G & { plan: Plan }) | null {
  const key = (g: G & { plan: Plan }) => [isGrantActive(g, now) ? 1 : 0, planRank(g.plan), g.status === 'active' ? 1 : 0] as const;
  let best: (G & { plan: Plan }) | null = null;
  for (const grant of grants) {
    if (grant.plan === null) continue;
    const g = grant as G & { plan: Plan };
    if (!best) {
      best = g;
      continue;
    }
    const [a, b] = [key(g), key(best)];
    const cmp = a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || (g.updatedAt ?? '').localeCompare(best.updatedAt ?? '');
    if (cmp > 0) best = g;
  }
  return best;
}

/** The user's effective membership from their grants (null: no grant names a plan). */
export function effectiveMembership<G extends GrantLike>(grants: readonly G[], now: Date): (MembershipLike & { grant: G }) | null {
  const best = bestGrant(grants, now);
  if (!best) return null;
  const fallback =
    best.status === 'past_due'
      ? bestGrant(
          grants.filter((g) => g.status === 'active'),
          now,
        )
      : null;
  return {
    plan: best.plan,
    status: best.status,
    graceUntil: best.status === 'past_due' ? best.graceUntil : null,
    afterGracePlan: fallback?.plan ?? null,
    grant: best,
  };
}
