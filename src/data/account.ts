// A participant's own account (decision 42, docs/product.md#your-account): their name, a change of
// email address (stored until the new address is confirmed, with the old address's 'It was not
// me' links) and deleting the account with everything of theirs, in one batch each. Every
// condition that decides a change sits inside the SQL, so two racing uses of a link, or two admins
// deleting themselves at once, cannot both win.
import { and, eq, gt, inArray, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  auditEntries,
  authSessions,
  checkInSummaries,
  checkIns,
  emailOutbox,
  emailVerificationTokens,
  membershipGrants,
  memberships,
  now,
  passwordResetTokens,
  progress,
  rateLimits,
  type User,
  users,
  wheelSnapshots,
} from '../db/schema';
import { type EmailChangeRow, emailChangeReports, emailChanges } from '../db/schema-account';
import { cohortAttention } from '../db/schema-cohort-reports';
import { calendarFeeds, mailDeliveries, reminderSends, reminderSettings } from '../db/schema-reminders';
import { AUDIT_ACTIONS } from '../domain/audit';
import { adminGrantNow, appendAudit } from './audit';
import { forgetCohortReport } from './cohort-report';
import { type FreedSeat, findCurrentPlace, seatFromWaitlistStatement } from './cohorts';

/** A new name (null clears it); answers the user as it now is. */
export async function changeName(db: Db, userId: string, name: string | null): Promise<User | null> {
  const [user] = await db.update(users).set({ name }).where(eq(users.id, userId)).returning();
  return user ?? null;
}

/**
 * The user's stored password hash and whether another account holds `email`, in one query (an
 * address change checks both in the round trip that counts the attempt).
 */
export function passwordAndAddressQuery(db: Db, userId: string, email: string) {
  return db
    .select({
      passwordHash: users.passwordHash,
      taken: sql<number>`EXISTS (SELECT 1 FROM ${users} AS holder WHERE holder.email = ${email.toLowerCase()} AND holder.id <> ${userId})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
}

export type PendingEmailChange = Pick<EmailChangeRow, 'newEmail' | 'createdAt' | 'expiresAt'>;

/** The user's email change waiting for confirmation at `now` (an expired one is none). */
export function pendingEmailChangeQuery(db: Db, userId: string | Placeholder, now: string | Placeholder) {
  const e = emailChanges;
  return db
    .select({ newEmail: e.newEmail, createdAt: e.createdAt, expiresAt: e.expiresAt })
    .from(e)
    .where(and(eq(e.userId, userId), gt(e.expiresAt, now)))
    .limit(1);
}

export async function findPendingEmailChange(db: Db, userId: string, at = new Date()): Promise<PendingEmailChange | null> {
  const [row] = await pendingEmailChangeQuery(db, userId, at.toISOString());
  return row ?? null;
}

/** The user's Stripe and Patreon grants: Settings names the ones still billing before a deletion. */
export function providerGrantsQuery(db: Db, userId: string | Placeholder) {
  const g = membershipGrants;
  return db
    .select({ source: g.source, plan: g.plan, status: g.status, graceUntil: g.graceUntil })
    .from(g)
    .where(and(eq(g.userId, userId), inArray(g.source, ['stripe', 'patreon'])));
}

export type ProviderGrant = Awaited<ReturnType<typeof providerGrantsQuery>>[number];

export interface EmailChangeRequest {
  userId: string;
  oldEmail: string;
  newEmail: string;
  /** The SHA-256 of the link mailed to the new address, and when it stops working. */
  tokenHash: string;
  expiresAt: string;
  /** The same for the 'It was not me' link mailed to the old address. */
  reportTokenHash: string;
  reportExpiresAt: string;
}

/** Stores a change (replacing a pending one, whose link stops working) and its report link, in one batch. */
export async function storeEmailChange(db: Db, change: EmailChangeRequest): Promise<void> {
  const values = { newEmail: change.newEmail, tokenHash: change.tokenHash, expiresAt: change.expiresAt };
  await db.batch([
    db
      .insert(emailChanges)
      .values({ userId: change.userId, ...values })
      .onConflictDoUpdate({ target: emailChanges.userId, set: { ...values, createdAt: now } }),
    db.insert(emailChangeReports).values({
      tokenHash: change.reportTokenHash,
      userId: change.userId,
      oldEmail: change.oldEmail,
      expiresAt: change.reportExpiresAt,
    }),
  ]);
}

/** 'Resend': a new link for the pending change (the old one stops working); null when none is pending. */
export async function renewEmailChangeLink(db: Db, userId: string, tokenHash: string, expiresAt: string, at = new Date()) {
  const [row] = await db
    .update(emailChanges)
    .set({ tokenHash, expiresAt })
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, at.toISOString())))
    .returning({ newEmail: emailChanges.newEmail });
  return row ?? null;
}

/** 'Cancel': the pending change goes (its link stops working). Answers whether one was pending. */
export async function cancelEmailChange(db: Db, userId: string, at = new Date()): Promise<boolean> {
  const deleted = await db.delete(emailChanges).where(eq(emailChanges.userId, userId)).returning({ expiresAt: emailChanges.expiresAt });
  return deleted.some((row) => row.expiresAt > at.toISOString());
}

export type EmailChangeOutcome =
  | { outcome: 'confirmed'; user: { id: string; email: string } }
  /** The new address was taken by another account meanwhile: the change is dropped. */
  | { outcome: 'taken' }
  | { outcome: 'invalid' };

/**
 * Follows the link sent to the new address, in one batch: the address becomes the account's,
 * verified (following the link proved it), the link is used up, and the account's other sessions
 * end with its verification and reset links (decision 28: all sessions when confirmed signed out
 * or as someone else; `keepSessionId` stays only if it is the account's own). Of two racing uses
 * only the first finds the link; an address another account took meanwhile changes nothing.
 */
export async function confirmEmailChange(
  db: Db,
  tokenHash: string,
  keepSessionId: string | null,
  moment = new Date(),
): Promise<EmailChangeOutcome> {
  const at = moment.toISOString();
  const e = emailChanges;
  const live = (column: typeof e.userId | typeof e.newEmail) =>
    sql`(${db
      .select({ value: column })
      .from(e)
      .where(and(eq(e.tokenHash, tokenHash), gt(e.expiresAt, at)))})`;
  const userId = live(e.userId);
  const newEmail = live(e.newEmail);
  // Read after the update: the account now has the new address.
  const swapped = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId} AND ${users.email} = ${newEmail})`;
  const sessions = and(eq(authSessions.userId, userId), swapped, keepSessionId ? ne(authSessions.id, keepSessionId) : undefined);
  const [changed, , , , used] = await db.batch([
    db
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: at })
      .where(and(eq(users.id, userId), sql`NOT EXISTS (SELECT 1 FROM ${users} AS taken WHERE taken.email = ${newEmail})`))
      .returning({ id: users.id, email: users.email }),
    db.delete(authSessions).where(sessions),
    db.delete(emailVerificationTokens).where(and(eq(emailVerificationTokens.userId, userId), swapped)),
    db.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, userId), swapped)),
    // Last: every statement above finds the change through the still-live link.
    db.delete(e).where(eq(e.tokenHash, tokenHash)).returning({ expiresAt: e.expiresAt }),
  ]);
  if (changed[0]) return { outcome: 'confirmed', user: changed[0] };
  return used.some((row) => row.expiresAt > at) ? { outcome: 'taken' } : { outcome: 'invalid' };
}

export type EmailChangeReport =
  /** The change was still pending: it is cancelled. */
  | 'cancelled'
  /** The change had been confirmed: the old address is the account's again. */
  | 'restored'
  /** The change had been confirmed and another account holds the old address now: it could not be put back. */
  | 'not-restored'
  | 'invalid';

/**
 * Follows an 'It was not me' link sent to the old address, in one batch: the pending change goes,
 * or a confirmed one is undone (the old address comes back, verified: the link proved it), every
 * session of the account ends, its reset and verification links stop working, and all of its
 * report links are used up (so none can undo this one).
 */
export async function reportEmailChange(db: Db, tokenHash: string, moment = new Date()): Promise<EmailChangeReport> {
  const at = moment.toISOString();
  const r = emailChangeReports;
  const whereLive = and(eq(r.tokenHash, tokenHash), gt(r.expiresAt, at));
  const userId = sql`(${db.select({ value: r.userId }).from(r).where(whereLive)})`;
  const oldEmail = sql`(${db.select({ value: r.oldEmail }).from(r).where(whereLive)})`;
  const [[before], restored] = await db.batch([
    db.select({ email: users.email, oldEmail: r.oldEmail }).from(r).innerJoin(users, eq(users.id, r.userId)).where(whereLive).limit(1),
    db
      .update(users)
      .set({ email: oldEmail, emailVerifiedAt: at })
      .where(
        and(
          eq(users.id, userId),
          ne(users.email, oldEmail),
          sql`NOT EXISTS (SELECT 1 FROM ${users} AS taken WHERE taken.email = ${oldEmail})`,
        ),
      )
      .returning({ id: users.id }),
    db.delete(emailChanges).where(eq(emailChanges.userId, userId)),
    db.delete(authSessions).where(eq(authSessions.userId, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId)),
    // Last: every statement above finds the account through the still-live link.
    db.delete(r).where(eq(r.userId, userId)),
  ]);
  if (!before) return 'invalid';
  if (restored.length > 0) return 'restored';
  return before.email === before.oldEmail ? 'cancelled' : 'not-restored';
}

/** Some other admin remains besides this user. */
const anotherAdmin = (userId: string) =>
  sql`EXISTS (SELECT 1 FROM ${users} AS others WHERE others.role = 'admin' AND others.id <> ${userId})`;

/** The tables whose rows name a user by `user_id` (each also goes by ON DELETE CASCADE). */
const USER_TABLES = [
  memberships,
  membershipGrants,
  authSessions,
  passwordResetTokens,
  emailVerificationTokens,
  progress,
  checkIns,
  checkInSummaries,
  wheelSnapshots,
  mailDeliveries,
  reminderSettings,
  reminderSends,
  calendarFeeds,
  cohortAttention,
  emailChanges,
  emailChangeReports,
] as const;

/**
 * Deletes the account and everything of its owner's in ONE batch (decision 42): every row keyed
 * by their id (explicitly, and by ON DELETE CASCADE for any table added later), the outbox mail to
 * any of their addresses, their throttle counts and the stored cohort report (so the coach never
 * sees them in it again). The audit trail keeps its entries (decision 25) under `pseudonym`
 * instead of their id, and of their address where they acted as an admin, with one more entry
 * saying the account was deleted by itself. Never the last admin: every statement holds only
 * while the account exists and is not the last admin, which the batch decides at once.
 */
export async function deleteOwnAccount(
  db: Db,
  user: { id: string; email: string },
  pseudonym: string,
  at = new Date().toISOString(),
): Promise<{ outcome: 'deleted' | 'last-admin'; freed: FreedSeat | null }> {
  const { id, email } = user;
  const place = await findCurrentPlace(db, id);
  const deletable = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${id} AND (${users.role} <> 'admin' OR ${anotherAdmin(id)}))`;
  const keyNames = (subject: string) => sql`substr(${rateLimits.key}, ${-(subject.length + 1)}) = ${`:${subject}`}`;
  const addresses = or(
    eq(emailOutbox.to, email),
    inArray(emailOutbox.to, db.select({ to: emailChanges.newEmail }).from(emailChanges).where(eq(emailChanges.userId, id))),
    inArray(
      emailOutbox.to,
      db.select({ to: emailChangeReports.oldEmail }).from(emailChangeReports).where(eq(emailChangeReports.userId, id)),
    ),
  );
  const where = (condition: SQL | undefined) => and(condition, deletable);
  const results = await db.batch([
    // First, while the grant still exists: the plan the account had.
    appendAudit(db, { userId: pseudonym, actor: pseudonym, action: AUDIT_ACTIONS.deleted, from: adminGrantNow(id), to: null }, deletable),
    db
      .update(auditEntries)
      .set({ userId: pseudonym })
      .where(where(eq(auditEntries.userId, id))),
    db
      .update(auditEntries)
      .set({ actor: pseudonym })
      .where(where(eq(auditEntries.actor, email))),
    // Before the email change rows it reads.
    db.delete(emailOutbox).where(where(addresses)),
    db.delete(rateLimits).where(where(or(keyNames(email), keyNames(id)))),
    forgetCohortReport(db, id, deletable),
    ...USER_TABLES.map((table) => db.delete(table).where(where(eq(table.userId, id)))),
    // Last: every statement above holds only while the account is there.
    db
      .delete(users)
      .where(and(eq(users.id, id), or(sql`${users.role} <> 'admin'`, anotherAdmin(id))))
      .returning({ id: users.id }),
    // After it: the seat their membership held (gone by cascade) goes to the first on the waitlist.
    seatFromWaitlistStatement(db, place?.id ?? '', at),
  ]);
  const deleted = results[results.length - 2] as { id: string }[];
  const seated = results[results.length - 1] as { userId: string }[];
  if (deleted.length === 0) return { outcome: 'last-admin', freed: null };
  return { outcome: 'deleted', freed: place ? { cohortId: place.id, at, seatedFromWaitlist: seated.length } : null };
}
