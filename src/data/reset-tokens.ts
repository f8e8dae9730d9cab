// Password reset tokens: only the SHA-256 of a token is stored, one live token per user.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { passwordResetTokens, users } from '../db/schema';
import { endOtherSessions } from './auth-sessions';

/** Replaces the user's outstanding token with a new one (one batch). */
export async function storeResetToken(db: Db, userId: string, tokenHash: string, expiresAt: string): Promise<void> {
  await db.batch([
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    db.insert(passwordResetTokens).values({ tokenHash, userId, expiresAt }),
  ]);
}

/** The user a live (unexpired) token belongs to, or null. */
export async function findResetTokenUser(db: Db, tokenHash: string, now = new Date()): Promise<string | null> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now.toISOString())))
    .limit(1);
  return row?.userId ?? null;
}

/** One batch: the new password, the user's tokens used up, every sign-in session ended. */
export async function resetPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.batch([
    db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, userId)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId)),
    endOtherSessions(db, userId, null),
  ]);
}
