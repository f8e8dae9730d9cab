// Memberships: the one writer. Sign-up, admin plan changes and the payment webhooks all change a
// membership through `writeMembership`, so the rules of a change live in one place.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { memberships, type Membership } from '../db/schema';
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
