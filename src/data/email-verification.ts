// Email verification links (docs/product.md#email-verification): stored hashed, single use, and a
// new link replaces the user's older ones.
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authSessions, emailVerificationTokens, users } from '../db/schema';

export async function storeVerificationToken(db: Db, userId: string, tokenHash: string, expiresAt: string): Promise<void> {
  await db.batch([
    db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId)),
    db.insert(emailVerificationTokens).values({ tokenHash, userId, expiresAt }),
  ]);
}

/**
 * Uses the token up, marks its user's address verified and ends that user's sign-in sessions, in
 * one batch: of two racing uses only the first finds the token. Proving the address ends the
 * sessions of whoever opened the account with it (decision 28), all of them when confirmed signed
 * out; `keepSessionId` (the confirming visitor's own session) survives only if it is that user's.
 * Answers the verified user, or null for an unknown, used or expired link.
 */
export async function consumeVerificationToken(
  db: Db,
  tokenHash: string,
  keepSessionId: string | null = null,
  now = new Date(),
): Promise<{ id: string; email: string } | null> {
  const at = now.toISOString();
  const live = db
    .select({ userId: emailVerificationTokens.userId })
    .from(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), gt(emailVerificationTokens.expiresAt, at)));
  const ofTokenUser = eq(authSessions.userId, sql`(${live})`);
  const [verified, , used] = await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${at})` })
      .where(eq(users.id, sql`(${live})`))
      .returning({ id: users.id, email: users.email }),
    // Before the token goes: `live` finds nothing after that.
    db.delete(authSessions).where(keepSessionId ? and(ofTokenUser, ne(authSessions.id, keepSessionId)) : ofTokenUser),
    db
      .delete(emailVerificationTokens)
      .where(eq(emailVerificationTokens.tokenHash, tokenHash))
      .returning({ userId: emailVerificationTokens.userId }),
  ]);
  return used.length > 0 && verified[0] ? verified[0] : null;
}
