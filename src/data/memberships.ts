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
  /** Set by a Stripe checkout: the customer later subscription events name. */
  stripeCustomerId?: string | null;
  /** When the provider created the event (unix seconds), if it says. */
  eventAt?: number | null;
}

const NOW = sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** What a provider change overwrites; the ids and the event time are kept when it names none. */
function providerSet(table: typeof memberships | typeof pendingMemberships) {
  return {
    plan: sql`excluded.plan`,
    status: sql`excluded.status`,
    source: sql`excluded.source`,
    updatedAt: sql`excluded.updated_at`,
    externalId: sql`COALESCE(excluded.external_id, ${table.externalId})`,
    stripeCustomerId: sql`COALESCE(excluded.stripe_customer_id, ${table.stripeCustomerId})`,
    providerEventAt: sql`COALESCE(excluded.provider_event_at, ${table.providerEventAt})`,
  };
}

/** An event older than the newest one applied (a late retry) changes nothing. */
function notOlder(table: typeof memberships | typeof pendingMemberships) {
  return sql`excluded.provider_event_at IS NULL OR ${table.providerEventAt} IS NULL OR excluded.provider_event_at >= ${table.providerEventAt}`;
}

/** The values a provider change writes, selected from its log row (a null plan keeps `currentPlan`). */
function providerValues(change: ProviderChange, currentPlan: SQL) {
  return {
    plan: sql<Plan>`COALESCE(${change.plan}, (${currentPlan}), 'challenge')`.as('plan'),
    status: sql<MembershipStatus>`${change.status}`.as('status'),
    source: sql<string>`${change.source}`.as('source'),
    externalId: sql<string | null>`${change.externalId ?? null}`.as('external_id'),
    updatedAt: NOW.as('updated_at'),
    stripeCustomerId: sql<string | null>`${change.stripeCustomerId ?? null}`.as('stripe_customer_id'),
    providerEventAt: sql<number | null>`${change.eventAt ?? null}`.as('provider_event_at'),
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
    .onConflictDoUpdate({ target: memberships.userId, set: providerSet(memberships), setWhere: notOlder(memberships) });
}

/** The same for an address not yet proven by an account: kept until one verifies it. */
export function writePendingMembershipForEvent(db: Db, email: string, change: ProviderChange, logId: string) {
  const currentPlan = db.select({ plan: pendingMemberships.plan }).from(pendingMemberships).where(eq(pendingMemberships.email, email)).getSQL();
  const row = db.select({ email: sql<string>`${email}`.as('email'), ...providerValues(change, currentPlan) });
  return db
    .insert(pendingMemberships)
    .select(row.from(webhookEvents).where(eq(webhookEvents.id, logId)))
    .onConflictDoUpdate({ target: pendingMemberships.email, set: providerSet(pendingMemberships), setWhere: notOlder(pendingMemberships) });
}

/** Whom a Stripe customer belongs to: an account, or a pending address, or nobody yet. */
export async function findStripeCustomer(db: Db, customerId: string): Promise<{ userId: string } | { email: string } | null> {
  const [[member], [pending]] = await db.batch([
    db.select({ userId: memberships.userId }).from(memberships).where(eq(memberships.stripeCustomerId, customerId)).limit(1),
    db.select({ email: pendingMemberships.email }).from(pendingMemberships).where(eq(pendingMemberships.stripeCustomerId, customerId)).limit(1),
  ]);
  return member ?? pending ?? null;
}

export async function hasPendingMembership(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ email: pendingMemberships.email }).from(pendingMemberships).where(eq(pendingMemberships.email, email)).limit(1);
  return Boolean(row);
}

/**
 * Moves a pending membership onto the account that just proved the address (one batch). Only an
 * active one is moved: a lapsed or cancelled payment must not take away what the account has.
 */
export async function attachPendingMembership(db: Db, userId: string, email: string): Promise<boolean> {
  const [attached] = await db.batch([
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
            stripeCustomerId: pendingMemberships.stripeCustomerId,
            providerEventAt: pendingMemberships.providerEventAt,
          })
          .from(pendingMemberships)
          .where(and(eq(pendingMemberships.email, email), eq(pendingMemberships.status, 'active'))),
      )
      .onConflictDoUpdate({ target: memberships.userId, set: providerSet(memberships) })
      .returning({ userId: memberships.userId }),
    db.delete(pendingMemberships).where(eq(pendingMemberships.email, email)),
  ]);
  return attached.length > 0;
}
