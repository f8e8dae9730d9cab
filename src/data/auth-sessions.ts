// Sign-in sessions in D1: the session cookie's JWT names one row, checked on every request, so
// deleting the row ends the session at once.
import { and, eq, getTableColumns, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce, runPrepared } from '../db/prepared';
import { authSessions, memberships, rateLimits, users, type CheckInRow, type Membership, type ProgressRow, type User, type WheelSnapshotRow } from '../db/schema';
import { RECENT_CHECK_INS } from '../domain/check-ins';
import { checkInDaysQuery, checkInsQuery } from './check-ins';
import { progressQuery, wheelSnapshotsQuery } from './progress';

/** What a page may read about its user in the same round trip as the session. */
export interface PageReads {
  progress?: ProgressRow | null;
  recentCheckIns?: CheckInRow[];
  checkInDays?: string[];
  wheelSnapshots?: WheelSnapshotRow[];
}
export type PageRead = keyof PageReads;

/** A user as every request sees it: never the password hash, which only sign-in and a password change read. */
export type SessionUser = Omit<User, 'passwordHash'>;
const { passwordHash: _hash, ...sessionUserColumns } = getTableColumns(users);

export interface AuthSessionRow {
  user: SessionUser;
  membership: Membership | null;
  reads: PageReads;
}

export async function insertAuthSession(db: Db, id: string, userId: string, expiresAt: string): Promise<void> {
  await db.insert(authSessions).values({ id, userId, expiresAt });
}

const USER_ID = sql.placeholder('userId');

/** The session's row with its user and membership, when it is live at `now`. */
const sessionQuery = preparedOnce((db) =>
  db
    .select({ user: sessionUserColumns, membership: memberships })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(authSessions.id, sql.placeholder('sessionId')), eq(authSessions.userId, USER_ID), gt(authSessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare(),
);

const readQueries = {
  progress: preparedOnce((db) => progressQuery(db, USER_ID).prepare()),
  recentCheckIns: preparedOnce((db) => checkInsQuery(db, USER_ID, RECENT_CHECK_INS).prepare()),
  checkInDays: preparedOnce((db) => checkInDaysQuery(db, USER_ID).prepare()),
  wheelSnapshots: preparedOnce((db) => wheelSnapshotsQuery(db, USER_ID).prepare()),
} satisfies Record<PageRead, unknown>;

/**
 * The user and membership of a live session, or null when it is unknown, expired or revoked.
 * The `reads` a page asks for come in the same round trip (the token already names the user), and
 * are answered only when the session is live.
 */
export async function findAuthSession(db: Db, sessionId: string, userId: string, reads: readonly PageRead[] = [], now = new Date()): Promise<AuthSessionRow | null> {
  const [sessionRows, ...results] = await runPrepared(db, [
    { query: sessionQuery(db), values: { sessionId, userId, now: now.toISOString() } },
    ...reads.map((read) => ({ query: readQueries[read](db), values: { userId } })),
  ]);
  const row = sessionRows![0] as Omit<AuthSessionRow, 'reads'> | undefined;
  if (!row) return null;
  const found: PageReads = {};
  reads.forEach((read, i) => {
    const rows = results[i]!;
    if (read === 'progress') found.progress = (rows[0] as ProgressRow | undefined) ?? null;
    else if (read === 'checkInDays') found.checkInDays = (rows as { date: string }[]).map((r) => r.date);
    else if (read === 'recentCheckIns') found.recentCheckIns = rows as CheckInRow[];
    else found.wheelSnapshots = rows as WheelSnapshotRow[];
  });
  return { ...row, reads: found };
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
 * (with a rehashed password when due), opens the session row and reads the membership.
 */
export async function recordSignIn(db: Db, signIn: SignIn): Promise<Membership | null> {
  const [, , , [membership]] = await db.batch([
    db.delete(rateLimits).where(inArray(rateLimits.key, [...signIn.clearKeys, ''])),
    db.update(users).set({ lastLoginAt: signIn.lastLoginAt, passwordHash: signIn.passwordHash }).where(eq(users.id, signIn.userId)),
    db.insert(authSessions).values({ id: signIn.sessionId, userId: signIn.userId, expiresAt: signIn.expiresAt }),
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
