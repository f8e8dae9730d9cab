// Memberships: the one writer. Sign-up, admin plan changes and the payment webhooks all change a
// membership through `writeMembership`, so the rules of a change live in one place.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, pendingMemberships, webhookEvents, type Membership } from '../db/schema';
import type { MembershipStatus, Plan } from '../domain/plans';

export interface MembershipChange {
  plan: Plan;
  status: MembershipStatus;
  /** Where the change came from: 'signup', 'admin', 'stripe', 'patreon', 'seed'. */
  source: string;
  /** The provider's customer or member id, when a payment provider made the change. */
  externalId?: string | null;
}

/** The statement that creates or replaces the user's membership, for a batch with other writes. */
export function writeMembership(db: Db, userId: string, change: MembershipChange) {
  const values = { plan: change.plan, status: change.status, source: change.source, externalId: change.externalId ?? null, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` };
  return db
    .insert(memberships)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: memberships.userId, set: values })
    .returning();
}

export async function findMembership(db: Db, userId: string): Promise<Membership | null> {
  const [membership] = await db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
  return membership ?? null;
}

/** A change a payment provider asked for; a null plan keeps the current one (a cancellation). */
export interface ProviderChange extends Omit<MembershipChange, 'plan'> {
  plan: Plan | null;
}

const NOW = sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** The columns a provider change sets; external_id is kept when the event names none. */
const providerSet = {
  plan: sql`excluded.plan`,
  status: sql`excluded.status`,
  source: sql`excluded.source`,
  updatedAt: sql`excluded.updated_at`,
};

/** The values a provider change writes, selected from its log row (a null plan keeps `currentPlan`). */
function providerValues(change: ProviderChange, currentPlan: SQL) {
  return {
    plan: sql<Plan>`COALESCE(${change.plan}, (${currentPlan}), 'challenge')`.as('plan'),
    status: sql<MembershipStatus>`${change.status}`.as('status'),
    source: sql<string>`${change.source}`.as('source'),
    externalId: sql<string | null>`${change.externalId ?? null}`.as('external_id'),
    updatedAt: NOW.as('updated_at'),
  };
}

/**
 * writeMembership for a webhook, in the same batch as its log row and conditional on it: the
 * values are selected from that very row, so a replay (whose log insert did nothing) writes nothing.
 */
export function writeMembershipForEvent(db: Db, userId: string, change: ProviderChange, logId: string) {
  const currentPlan = db.select({ plan: memberships.plan }).from(memberships).where(eq(memberships.userId, userId)).getSQL();
  const row = db.select({ userId: sql<string>`${userId}`.as('user_id'), ...providerValues(change, currentPlan) });
  return db
    .insert(memberships)
    .select(row.from(webhookEvents).where(eq(webhookEvents.id, logId)))
    .onConflictDoUpdate({ target: memberships.userId, set: { ...providerSet, externalId: sql`COALESCE(excluded.external_id, ${memberships.externalId})` } });
}

/** The same for an address with no account yet: kept until an account proves the address. */
export function writePendingMembershipForEvent(db: Db, email: string, change: ProviderChange, logId: string) {
  const currentPlan = db.select({ plan: pendingMemberships.plan }).from(pendingMemberships).where(eq(pendingMemberships.email, email)).getSQL();
  const row = db.select({ email: sql<string>`${email}`.as('email'), ...providerValues(change, currentPlan) });
  return db
    .insert(pendingMemberships)
    .select(row.from(webhookEvents).where(eq(webhookEvents.id, logId)))
    .onConflictDoUpdate({ target: pendingMemberships.email, set: { ...providerSet, externalId: sql`COALESCE(excluded.external_id, ${pendingMemberships.externalId})` } });
}

/** The user a Stripe customer id was linked to by a completed checkout. */
export async function findUserIdByStripeCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.externalId, customerId), eq(memberships.source, 'stripe')))
    .limit(1);
  return row?.userId ?? null;
}

/** Moves a pending membership onto the account that just proved the address (one batch). */
export async function attachPendingMembership(db: Db, userId: string, email: string): Promise<boolean> {
  const [, moved] = await db.batch([
    db
      .insert(memberships)
      .select(
        db
          .select({
            userId: sql<string>`${userId}`.as('user_id'),
            plan: pendingMemberships.plan,
            status: pendingMemberships.status,
            source: pendingMemberships.source,
            externalId: pendingMemberships.externalId,
            updatedAt: NOW.as('updated_at'),
          })
          .from(pendingMemberships)
          .where(eq(pendingMemberships.email, email)),
      )
      .onConflictDoUpdate({ target: memberships.userId, set: { ...providerSet, externalId: sql`excluded.external_id` } }),
    db.delete(pendingMemberships).where(eq(pendingMemberships.email, email)).returning({ email: pendingMemberships.email }),
  ]);
  return moved.length > 0;
}
