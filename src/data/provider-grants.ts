// Provider grants as webhooks write them (decision 24, docs/product.md#webhooks): what an event's
// grant binding needs to know, read in one batch, and the conditional statements that write it only
// if the event's log row was written and the grant is as the webhook read it. Each write's batch
// recomputes the user's effective membership (src/data/memberships.ts).
import { and, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type MembershipGrant, membershipGrants, users, webhookEvents } from '../db/schema';
import type { FollowedSubscription, GrantOwner, GrantSource, GrantState } from '../domain/grants';
import type { Plan } from '../domain/plans';
import { type Grants, NOW } from './memberships';

/** What a webhook needs to know to bind a grant: the grant, and the accounts and other customers involved. */
export interface GrantFacts {
  grant: MembershipGrant | null;
  /** The account a checkout's client_reference_id names, when it names one. */
  referenced: { userId: string; email: string } | null;
  /** The account holding the address. */
  account: { userId: string; verified: boolean } | null;
  /** Another customer of the same source whose grant (not cancelled) holds that account or address. */
  otherHolder: string | null;
  /**
   * Patreon: this member's grants still keyed by an address (made before grants were keyed by
   * member id): the member's own address with no member id known, or any address with this member
   * id (the copy an address change used to leave behind). Newest first.
   */
  legacy: MembershipGrant[];
}

/** A Patreon grant of this member still keyed by an address (`readGrantFacts`' `legacy`). */
const legacyOfMember = (g: Grants, memberId: string, email: string) =>
  and(
    eq(g.source, 'patreon'),
    ne(g.subject, memberId),
    // IS: never NULL, so `NOT` of this is exact too.
    or(sql`${g.externalId} IS ${memberId}`, and(eq(g.subject, email.toLowerCase()), isNull(g.externalId))),
  );

/** Reads the facts of one event's grant in one batch. */
export async function readGrantFacts(
  db: Db,
  key: { source: GrantSource; subject: string; memberId?: string },
  bind?: { email: string; reference: string | null },
): Promise<GrantFacts> {
  const g = membershipGrants;
  const grantQuery = db
    .select()
    .from(g)
    .where(and(eq(g.source, key.source), eq(g.subject, key.subject)))
    .limit(1);
  if (!bind) {
    const [[grant]] = await db.batch([grantQuery]);
    return { grant: grant ?? null, referenced: null, account: null, otherHolder: null, legacy: [] };
  }
  const legacy = key.memberId ? legacyOfMember(g, key.memberId, bind.email) : undefined;
  const legacyQuery = db
    .select()
    .from(g)
    .where(legacy ?? sql`0`)
    .orderBy(desc(g.updatedAt), desc(g.version));
  const accountOf = db.select({ id: users.id }).from(users).where(eq(users.email, bind.email.toLowerCase())).getSQL();
  const [[grant], [referenced], [account], [holder], legacyRows] = await db.batch([
    grantQuery,
    db
      .select({ userId: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, bind.reference ?? ''))
      .limit(1),
    db
      .select({ userId: users.id, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, bind.email.toLowerCase()))
      .limit(1),
    db
      .select({ subject: g.subject })
      .from(g)
      .where(
        and(
          eq(g.source, key.source),
          ne(g.subject, key.subject),
          ne(g.status, 'cancelled'),
          or(eq(g.pendingEmail, bind.email), sql`${g.userId} = (${accountOf})`),
          // The member's own older grants are taken over or ended, never in the way.
          legacy ? sql`NOT ${legacy}` : undefined,
        ),
      )
      .limit(1),
    legacyQuery,
  ]);
  return {
    grant: grant ?? null,
    referenced: bind.reference && referenced ? referenced : null,
    account: account ? { userId: account.userId, verified: Boolean(account.verifiedAt) } : null,
    otherHolder: holder?.subject ?? null,
    legacy: legacyRows,
  };
}

/** The grant's owner as stored. */
export function ownerOf(grant: MembershipGrant | null): GrantOwner | null {
  if (grant?.userId) return { userId: grant.userId };
  if (grant?.pendingEmail) return { email: grant.pendingEmail };
  return null;
}

/** A provider grant's new row, to be written only if the grant is still at `version` (null: absent) when the batch runs. */
export interface GrantWrite {
  source: Exclude<GrantSource, 'admin'>;
  subject: string;
  owner: GrantOwner | null;
  state: GrantState;
  externalId: string | null;
  version: number | null;
  /** Stripe: the subscription the grant follows from now on (none when not given). */
  follow?: FollowedSubscription;
  /** The grant was read under this older subject (a Patreon grant keyed by address): the write re-keys it to `subject`. */
  rekeyFrom?: string;
  /** Other grants of the same source this event ends (cancelled), each only if still at the version read. */
  ends?: { subject: string; version: number }[];
  /** Accounts besides the owner whose membership the change touches (the one a grant left, those whose grant ended). */
  alsoRecompute?: string[];
}

/** SQL true while the grant (and every grant the event ends) is as the webhook read it, so a racing change makes its batch write nothing. */
export function grantUnchanged(write: GrantWrite): SQL {
  const g = membershipGrants;
  const versionOf = (subject: string) =>
    sql`(SELECT ${g.version} FROM ${g} WHERE ${g.source} = ${write.source} AND ${g.subject} = ${subject})`;
  const checks = [sql`${versionOf(write.rekeyFrom ?? write.subject)} IS ${write.version}`];
  if (write.rekeyFrom) checks.push(sql`${versionOf(write.subject)} IS NULL`);
  for (const end of write.ends ?? []) checks.push(sql`${versionOf(end.subject)} IS ${end.version}`);
  return and(...checks)!;
}

const eventLogged = (logId: string) => sql`EXISTS (SELECT 1 FROM ${webhookEvents} WHERE ${webhookEvents.id} = ${logId})`;

/** Moves the grant read under `rekeyFrom` to its new subject, if the event's log row was written (before `writeGrantForEvent`). */
export function rekeyGrantForEvent(db: Db, write: GrantWrite & { rekeyFrom: string }, logId: string) {
  const g = membershipGrants;
  return db
    .update(g)
    .set({ subject: write.subject })
    .where(and(eq(g.source, write.source), eq(g.subject, write.rekeyFrom), eventLogged(logId)));
}

/** Ends (cancels) the other grants the event ends, if its log row was written. */
export function endGrantsForEvent(db: Db, write: GrantWrite, logId: string) {
  const g = membershipGrants;
  const subjects = (write.ends ?? []).map((end) => end.subject);
  return db
    .update(g)
    .set({ status: 'cancelled', graceUntil: null, version: sql`${g.version} + 1`, updatedAt: NOW })
    .where(and(eq(g.source, write.source), inArray(g.subject, subjects), eventLogged(logId)));
}

/** Writes a provider grant, selected from the event's log row, so a replay (whose log insert did nothing) writes nothing. */
export function writeGrantForEvent(db: Db, write: GrantWrite, logId: string) {
  const { state, owner } = write;
  // Every column of `membership_grants`, in its order.
  const row = db.select({
    source: sql<GrantSource>`${write.source}`.as('source'),
    subject: sql<string>`${write.subject}`.as('subject'),
    userId: sql<string | null>`${owner && 'userId' in owner ? owner.userId : null}`.as('user_id'),
    pendingEmail: sql<string | null>`${owner && 'email' in owner ? owner.email : null}`.as('pending_email'),
    plan: sql<Plan | null>`${state.plan}`.as('plan'),
    status: sql<GrantState['status']>`${state.status}`.as('status'),
    graceUntil: sql<string | null>`${state.graceUntil}`.as('grace_until'),
    origin: sql<string>`${write.source}`.as('origin'),
    externalId: sql<string | null>`${write.externalId}`.as('external_id'),
    planAt: sql<number | null>`${state.planAt}`.as('plan_at'),
    statusAt: sql<number | null>`${state.statusAt}`.as('status_at'),
    version: sql<number>`${(write.version ?? -1) + 1}`.as('version'),
    updatedAt: NOW.as('updated_at'),
    subscriptionId: sql<string | null>`${write.follow?.subscriptionId ?? null}`.as('subscription_id'),
    subscriptionSince: sql<number | null>`${write.follow?.subscriptionSince ?? null}`.as('subscription_since'),
  });
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  return db
    .insert(membershipGrants)
    .select(row.from(webhookEvents).where(eq(webhookEvents.id, logId)))
    .onConflictDoUpdate({
      target: [membershipGrants.source, membershipGrants.subject],
      set: {
        userId: excluded('user_id'),
        pendingEmail: excluded('pending_email'),
        plan: excluded('plan'),
        status: excluded('status'),
        graceUntil: excluded('grace_until'),
        externalId: sql`COALESCE(excluded.external_id, ${membershipGrants.externalId})`,
        planAt: excluded('plan_at'),
        statusAt: excluded('status_at'),
        version: excluded('version'),
        updatedAt: excluded('updated_at'),
        subscriptionId: excluded('subscription_id'),
        subscriptionSince: excluded('subscription_since'),
      },
    });
}
