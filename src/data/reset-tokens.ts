// Password reset tokens: only the SHA-256 of a token is stored, one live token per user.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authSessions, passwordResetTokens, users } from '../db/schema';

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

/**
 * Uses the token up and sets the new password, in one batch whose every statement names the user
 * through the live token: of racing resets with one token only the first finds it, and it ends
 * every session and every other reset link of that user. Answers the user, or null.
 */
export async function consumeResetToken(
  db: Db,
  tokenHash: string,
  passwordHash: string,
  now = new Date(),
): Promise<{ id: string; email: string } | null> {
  const owner = db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, now.toISOString())));
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(users.id, sql`(${owner})`))
      .returning({ id: users.id, email: users.email }),
    db.delete(authSessions).where(eq(authSessions.userId, sql`(${owner})`)),
    db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, sql`(${owner})`)),
  ]);
  return updated[0] ?? null;
}
