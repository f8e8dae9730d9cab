// Account records: creating users with their membership, and the shapes the API returns.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Membership, passwordResetTokens, type User, users } from '../db/schema';
import type { PublicMembership, PublicUser } from '../domain/accounts';
import { AUDIT_ACTIONS } from '../domain/audit';
import { membershipAt, PLAN_LABELS, type Plan, type Role } from '../domain/plans';
import { DEFAULT_TIME_ZONE } from '../domain/time-zone';
import { appendAudit } from './audit';
import { endOtherSessions } from './auth-sessions';
import { defaultCohortId, enrolStatement } from './cohorts';
import { newId } from './ids';
import { type AdminGrantOrigin, writeAdminGrant } from './memberships';

export function publicUser(user: Omit<User, 'passwordHash'>): PublicUser {
  const { id, email, name, role, createdAt, lastLoginAt, mustChangePassword, timeZone } = user;
  return { id, email, name, role, createdAt, lastLoginAt, mustChangePassword, timeZone, emailVerified: Boolean(user.emailVerifiedAt) };
}

/** The membership as it stands now: a failed payment's grace over, it shows what is left (src/domain/plans.ts `membershipAt`). */
export function publicMembership(membership: Membership | null): PublicMembership | null {
  return membershipAt(membership);
}

/** The account with this address, as a query to await or to put in a batch (an array of 0 or 1). */
export function userByEmail(db: Db, email: string) {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
}

/** The stored password hash of a user, as a query to await or batch (a password change checks it). */
export function passwordHashQuery(db: Db, userId: string) {
  return db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  const [user] = await userByEmail(db, email);
  return user;
}

interface NewAccount {
  email: string;
  name: string | null;
  passwordHash: string;
  role: Role;
  plan: Plan | null;
  mustChangePassword?: boolean;
  source?: AdminGrantOrigin;
  /** The browser's zone at sign-up; DEFAULT_TIME_ZONE when unknown. */
  timeZone?: string;
  /** The admin who creates the account, for the audit trail (decision 25); absent at sign-up. */
  createdBy?: string;
  /** The cohort to join (`/join/:cohort`); absent: the default for sign-ups (src/data/cohorts.ts). */
  cohortId?: string;
  /** The coaches' day (src/server/coach-day.ts), by which the default for sign-ups is picked. */
  coachDay: string;
  /** A sign-up signs its new account in: that is its last login (an admin's new account has none). */
  signedInAt?: string;
}

/** Inserts the user, their place in a cohort and their membership together (one D1 batch). */
export async function createAccount(db: Db, account: NewAccount): Promise<{ user: User; membership: Membership | null }> {
  const id = newId();
  const insertUser = db
    .insert(users)
    .values({
      id,
      email: account.email.toLowerCase(),
      name: account.name,
      passwordHash: account.passwordHash,
      role: account.role,
      mustChangePassword: account.mustChangePassword ?? false,
      // Always written: the column's own default ('UTC') predates docs/product.md#check-ins.
      timeZone: account.timeZone ?? DEFAULT_TIME_ZONE,
      lastLoginAt: account.signedInAt ?? null,
    })
    .returning();
  const audit = account.createdBy
    ? [
        appendAudit(db, {
          userId: id,
          actor: account.createdBy,
          action: AUDIT_ACTIONS.created,
          from: null,
          to: account.plan ? `${PLAN_LABELS[account.plan]}, active` : 'No plan',
        }),
      ]
    : [];
  // Seated or waitlisted by the cohort's capacity at this instant (decision 35).
  const enrol = enrolStatement(db, id, account.cohortId ?? defaultCohortId(account.coachDay), new Date().toISOString());
  if (!account.plan) {
    const [[user]] = await db.batch([insertUser, enrol, ...audit]);
    return { user: user!, membership: null };
  }
  const [[user], , , [membership]] = await db.batch([
    insertUser,
    enrol,
    ...writeAdminGrant(db, id, { plan: account.plan, origin: account.source ?? 'signup' }),
    ...audit,
  ]);
  return { user: user!, membership: membership ?? null };
}

/** A successful sign-in: when it happened, and the password hash (rehashed when parameters grew). */
/**
 * A new password chosen by the user (one batch): the current session stays, every other one ends,
 * and reset links sent before stop working.
 */
export async function changeStoredPassword(db: Db, userId: string, passwordHash: string, keepSessionId: string): Promise<void> {
  await db.batch([
    db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId)),
    endOtherSessions(db, userId, keepSessionId),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
  ]);
}

/** The zone the user's calendar days (check-ins, dates) follow. */
export async function changeTimeZone(db: Db, userId: string, timeZone: string): Promise<void> {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}
