// Sign-in sessions in D1: the session cookie's JWT names one row, checked on every request, so
// deleting the row ends the session at once. What a page reads about its user rides in the same
// batch as the session lookup: one round trip per page.
import { and, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce, runBatch } from '../db/prepared';
import { authSessions, type Membership, memberships, rateLimits, type User, users } from '../db/schema';
import { cohortMembers, cohorts } from '../db/schema-cohorts';
import { secondFactorSessions, secondFactors } from '../db/schema-second-factor';
import type { CohortPlace } from '../domain/cohorts';
import { currentPlaceColumns } from './cohorts';
import { type DeskReadValues, NOW, PAGE_READS, type PageRead, type PageReads, USER } from './page-reads';

/** A user as every request sees it: never the password hash, which only sign-in and a password change read. */
type SessionUser = Omit<User, 'passwordHash'>;
const { passwordHash: _hash, ...sessionUserColumns } = getTableColumns(users);
/** The signed-in visitor: their session, user and membership, and the reads their page declared. */
export interface Auth {
  sessionId: string;
  user: SessionUser;
  membership: Membership | null;
  /** Their current cohort and seat (decision 35); null only for an account no cohort holds. */
  cohort: CohortPlace | null;
  /** Their second factor (decision 43): whether it is on, and whether this session gave its code. */
  secondFactor: { enabled: boolean; verified: boolean };
  reads: PageReads;
}

/**
 * The session with its user and membership when it is live at `now`, or null when it is unknown,
 * expired or revoked. The `reads` come in the same batch (the token already names the user) and
 * are answered only when the session is live; `readValues` binds what they need besides the user
 * and the moment (the desk's DeskReadValues).
 */
export async function findAuthSession(
  db: Db,
  sessionId: string,
  userId: string,
  reads: readonly PageRead[] = [],
  now = new Date(),
  readValues: Partial<DeskReadValues> = {},
): Promise<Auth | null> {
  const values = { ...readValues, sessionId, userId, now: now.toISOString() };
  const [[row], ...results] = (await runBatch(db, [sessionLookup(db), ...reads.map((read) => PAGE_READS[read].query(db))], values)) as [
    SessionRow[],
    ...unknown[][],
  ];
  if (!row) return null;
  const found: Record<string, unknown> = {};
  reads.forEach((read, i) => {
    found[read] = PAGE_READS[read].value(results[i]!);
  });
  const { secondFactorOn, secondFactorVerified, cohort, ...session } = row;
  return {
    sessionId,
    ...session,
    cohort: cohort?.id ? (cohort as CohortPlace) : null,
    secondFactor: { enabled: secondFactorOn !== null, verified: secondFactorVerified !== null },
    reads: found as PageReads,
  };
}

/** The session lookup, built once (src/db/prepared.ts): every signed-in request makes it. */
const sessionLookup = preparedOnce((db) =>
  db
    .select({
      user: sessionUserColumns,
      membership: memberships,
      cohort: currentPlaceColumns,
      secondFactorOn: secondFactors.enabledAt,
      secondFactorVerified: secondFactorSessions.verifiedAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    // Decision 35: the current cohort (the partial unique index finds the one row) and the cohort.
    .leftJoin(cohortMembers, and(eq(cohortMembers.userId, users.id), isNull(cohortMembers.leftAt)))
    .leftJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    // Decision 43: whether the user's second factor is on (a row being set up counts as off) and
    // whether this session gave its code. Two primary-key lookups in the same statement.
    .leftJoin(secondFactors, and(eq(secondFactors.userId, users.id), isNotNull(secondFactors.enabledAt)))
    .leftJoin(secondFactorSessions, eq(secondFactorSessions.sessionId, authSessions.id))
    .where(and(eq(authSessions.id, sql.placeholder('sessionId')), eq(authSessions.userId, USER), gt(authSessions.expiresAt, NOW)))
    .limit(1)
    .prepare(),
);
interface SessionRow {
  user: SessionUser;
  membership: Membership | null;
  cohort: CohortPlace | null;
  secondFactorOn: string | null;
  secondFactorVerified: string | null;
}

/** Sessions a user may hold at once: a sign-in past this ends the oldest (decision 27). */
export const LIVE_SESSIONS_MAX = 10;

/**
 * The statements that open a session: its row, then the user's expired sessions and those past
 * the newest LIVE_SESSIONS_MAX go (every session lasts as long, so the newest expire last).
 */
function openSession(db: Db, session: { id: string; userId: string; expiresAt: string }, now: string) {
  const newest = db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.userId, session.userId))
    .orderBy(desc(authSessions.expiresAt))
    .limit(LIVE_SESSIONS_MAX);
  return [
    db.insert(authSessions).values(session),
    db
      .delete(authSessions)
      .where(and(eq(authSessions.userId, session.userId), or(lte(authSessions.expiresAt, now), notInArray(authSessions.id, newest)))),
  ] as const;
}

export async function insertAuthSession(db: Db, id: string, userId: string, expiresAt: string): Promise<void> {
  await db.batch(openSession(db, { id, userId, expiresAt }, new Date().toISOString()));
}

export interface SignIn {
  userId: string;
  sessionId: string;
  expiresAt: string;
  lastLoginAt: string;
  /** The stored hash, or a stronger one when the parameters were raised. */
  passwordHash: string;
  /** Throttle keys a success clears (the account's failed attempts). */
  clearKeys: readonly string[];
}

/**
 * Completes a sign-in in one batch: forgets the account's attempt counts, stamps the sign-in
 * (with a rehashed password when due), opens the session and reads the membership.
 */
export async function recordSignIn(db: Db, signIn: SignIn): Promise<Membership | null> {
  const [, , , , [membership]] = await db.batch([
    db.delete(rateLimits).where(inArray(rateLimits.key, [...signIn.clearKeys, ''])),
    db.update(users).set({ lastLoginAt: signIn.lastLoginAt, passwordHash: signIn.passwordHash }).where(eq(users.id, signIn.userId)),
    ...openSession(db, { id: signIn.sessionId, userId: signIn.userId, expiresAt: signIn.expiresAt }, signIn.lastLoginAt),
    db.select().from(memberships).where(eq(memberships.userId, signIn.userId)).limit(1),
  ]);
  return membership ?? null;
}

export async function deleteAuthSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/** Statement ending every session of a user but one (or all when keep is null), for batches. */
export function endOtherSessions(db: Db, userId: string, keep: string | null) {
  return db
    .delete(authSessions)
    .where(keep ? and(eq(authSessions.userId, userId), ne(authSessions.id, keep)) : eq(authSessions.userId, userId));
}
