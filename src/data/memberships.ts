// Memberships as grants (decision 24, src/domain/grants.ts). `membership_grants` holds one grant
// per source and provider customer; `memberships` is the user's effective membership (the best of
// their active grants), which the sign-in session reads. Every grant write here comes with
// `recomputeMembership` for its user in the same D1 batch, so the two never disagree.
import { and, desc, eq, isNotNull, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { type Membership, type MembershipGrant, membershipGrants, memberships, users } from '../db/schema';
import { AUDIT_ACTIONS } from '../domain/audit';
import { PLAN_LABELS, PLANS, type Plan, planRank } from '../domain/plans';
import { adminGrantNow, appendAudit, auditAttachedGrants } from './audit';

export const NOW = sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export type Grants = typeof membershipGrants;

/** The plan's rank in SQL (src/domain/plans.ts `planRank`). */
const rankOf = (plan: SQLWrapper) =>
  sql`(CASE ${plan} ${sql.raw(PLANS.map((plan) => `WHEN '${plan}' THEN ${planRank(plan)}`).join(' '))} ELSE 0 END)`;

/** The grant opens its plan now (src/domain/grants.ts `isGrantActive`). */
const activeNow = (g: Grants) =>
  sql`(${g.plan} IS NOT NULL AND (${g.status} = 'active' OR (${g.status} = 'past_due' AND ${g.graceUntil} > ${NOW})))`;

/**
 * The statements that make the user's effective membership the best of their grants (in the order
 * of `bestGrant`, the TypeScript reference in test/oracles/effective-membership.ts), or remove it
 * when no grant names a plan. `onlyIf` makes both conditional (a webhook's: on its log row). The
 * upsert can answer the row (`.returning()`).
 */
export function recomputeMembership(db: Db, userId: string, onlyIf?: SQL) {
  const g = membershipGrants;
  const other = alias(membershipGrants, 'other_grant');
  const afterGrace = db
    .select({ plan: other.plan })
    .from(other)
    .where(and(eq(other.userId, userId), eq(other.status, 'active'), isNotNull(other.plan)))
    .orderBy(desc(rankOf(other.plan)))
    .limit(1);
  // Every column of `memberships`, in its order (an INSERT … SELECT fills them by position).
  const best = db
    .select({
      userId: sql<string>`${g.userId}`.as('user_id'),
      plan: sql<Plan>`${g.plan}`.as('plan'),
      status: g.status,
      source: sql<string>`${g.origin}`.as('source'),
      externalId: g.externalId,
      updatedAt: NOW.as('updated_at'),
      stripeCustomerId: sql<string | null>`CASE WHEN ${g.source} = 'stripe' AND ${g.externalId} IS NOT NULL THEN ${g.subject} END`.as(
        'stripe_customer_id',
      ),
      providerEventAt: sql<number | null>`NULL`.as('provider_event_at'),
      graceUntil: sql<string | null>`CASE WHEN ${g.status} = 'past_due' THEN ${g.graceUntil} END`.as('grace_until'),
      afterGracePlan: sql<Plan | null>`CASE WHEN ${g.status} = 'past_due' THEN (${afterGrace}) END`.as('after_grace_plan'),
    })
    .from(g)
    .where(and(eq(g.userId, userId), isNotNull(g.plan), onlyIf))
    .orderBy(desc(activeNow(g)), desc(rankOf(g.plan)), desc(sql`${g.status} = 'active'`), desc(g.updatedAt))
    .limit(1);
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const upsert = db
    .insert(memberships)
    .select(best)
    .onConflictDoUpdate({
      target: memberships.userId,
      set: {
        plan: excluded('plan'),
        status: excluded('status'),
        source: excluded('source'),
        externalId: excluded('external_id'),
        updatedAt: excluded('updated_at'),
        stripeCustomerId: excluded('stripe_customer_id'),
        providerEventAt: excluded('provider_event_at'),
        graceUntil: excluded('grace_until'),
        afterGracePlan: excluded('after_grace_plan'),
      },
    });
  const remove = db
    .delete(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        sql`NOT EXISTS (SELECT 1 FROM ${g} WHERE ${g.userId} = ${userId} AND ${g.plan} IS NOT NULL)`,
        onlyIf,
      ),
    );
  return { upsert, remove };
}

/** Who made an admin grant: sign-up, the development seed, or an admin's 'Change Plan'. */
export type AdminGrantOrigin = 'signup' | 'seed' | 'admin';

/**
 * The statements that set the user's admin grant (active, this plan) and recompute their
 * membership, for a batch with other writes; the last one answers the effective membership. The
 * admin grant never lowers what a provider pays for: the best active grant wins.
 */
export function writeAdminGrant(db: Db, userId: string, grant: { plan: Plan; origin: AdminGrantOrigin }) {
  const set = { plan: grant.plan, status: 'active' as const, graceUntil: null, origin: grant.origin, updatedAt: NOW };
  const write = db
    .insert(membershipGrants)
    .values({ source: 'admin', subject: userId, userId, ...set })
    .onConflictDoUpdate({
      target: [membershipGrants.source, membershipGrants.subject],
      set: { ...set, version: sql`${membershipGrants.version} + 1` },
    });
  return [write, recomputeMembership(db, userId).upsert.returning()] as const;
}

/** An admin's 'Change Plan': sets their grant (with its audit entry) and answers the user's effective membership. */
export async function setAdminPlan(db: Db, userId: string, plan: Plan, actor: string): Promise<Membership | null> {
  const exists = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId})`;
  const entry = appendAudit(
    db,
    { userId, actor, action: AUDIT_ACTIONS.plan, from: adminGrantNow(userId), to: `${PLAN_LABELS[plan]}, active` },
    exists,
  );
  const [, , [membership]] = await db.batch([entry, ...writeAdminGrant(db, userId, { plan, origin: 'admin' })]);
  return membership ?? null;
}

/**
 * 'Change Plan' to 'No plan': ends the user's admin grant (cancelled) with its audit entry and
 * recomputes their membership, in one batch; a grant paid through Stripe or Patreon stays and goes
 * on opening its plan (decision 24). Answers the effective membership left (null: none).
 */
export async function endAdminPlan(db: Db, userId: string, actor: string): Promise<Membership | null> {
  const g = membershipGrants;
  const mine = and(eq(g.source, 'admin'), eq(g.subject, userId), eq(g.status, 'active'));
  const entry = appendAudit(
    db,
    { userId, actor, action: AUDIT_ACTIONS.planEnded, from: adminGrantNow(userId), to: 'No plan: the admin grant ended' },
    sql`EXISTS (SELECT 1 FROM ${g} WHERE ${mine})`,
  );
  const end = db
    .update(g)
    .set({ status: 'cancelled', graceUntil: null, version: sql`${g.version} + 1`, updatedAt: NOW })
    .where(mine);
  const { upsert, remove } = recomputeMembership(db, userId);
  await db.batch([entry, end, upsert, remove]);
  const [membership] = await db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
  return membership ?? null;
}

/** The user (without the password hash) and their admin grant, in one batch: what 'Change Plan' decides from. */
export async function readAdminGrant(
  db: Db,
  userId: string,
): Promise<{ user: { id: string; email: string } | null; grant: MembershipGrant | null }> {
  const g = membershipGrants;
  const [[user], [grant]] = await db.batch([
    db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select()
      .from(g)
      .where(and(eq(g.source, 'admin'), eq(g.subject, userId)))
      .limit(1),
  ]);
  return { user: user ?? null, grant: grant ?? null };
}

/** The user's grants, best first (the participant's admin page). */
export function grantsOfQuery(db: Db, userId: string) {
  const g = membershipGrants;
  return db
    .select()
    .from(g)
    .where(eq(g.userId, userId))
    .orderBy(desc(activeNow(g)), desc(rankOf(g.plan)), g.source);
}

/**
 * Binds the grants waiting for this address to the account that just proved it, and recomputes
 * its membership (one batch). Every grant moves, ended ones too: a grant only ever adds to what the
 * account has, and the Stripe customer stays linked for its later events. Answers whether one of
 * them is active.
 */
export async function attachPendingMembership(db: Db, userId: string, email: string): Promise<boolean> {
  const g = membershipGrants;
  const { upsert, remove } = recomputeMembership(db, userId);
  const [, attached] = await db.batch([
    auditAttachedGrants(db, userId, email),
    db
      .update(g)
      .set({ userId, pendingEmail: null, version: sql`${g.version} + 1`, updatedAt: NOW })
      .where(and(eq(g.pendingEmail, email.toLowerCase()), isNull(g.userId)))
      .returning({ plan: g.plan, status: g.status }),
    upsert,
    remove,
  ]);
  return attached.some((grant) => grant.plan !== null && grant.status === 'active');
}
