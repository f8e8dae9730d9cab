// Sign-in sessions in D1: the session cookie's JWT names one row, checked on every request, so
// deleting the row ends the session at once.
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authSessions, memberships, users, type Membership, type User } from '../db/schema';

export interface AuthSessionRow {
  user: User;
  membership: Membership | null;
}

export async function insertAuthSession(db: Db, id: string, userId: string, expiresAt: string): Promise<void> {
  await db.insert(authSessions).values({ id, userId, expiresAt });
}

/** The user and membership of a live session, or null when it is unknown, expired or revoked. */
export async function findAuthSession(db: Db, sessionId: string, userId: string, now = new Date()): Promise<AuthSessionRow | null> {
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), gt(authSessions.expiresAt, now.toISOString())))
    .limit(1);
  return row ?? null;
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
