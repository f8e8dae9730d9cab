// Email verification links (docs/product.md#email-verification): stored hashed, single use, and a
// new link replaces the user's older ones.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailVerificationTokens, users } from '../db/schema';

export async function storeVerificationToken(db: Db, userId: string, tokenHash: string, expiresAt: string): Promise<void> {
  await db.batch([
    db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, userId)),
    db.insert(emailVerificationTokens).values({ tokenHash, userId, expiresAt }),
  ]);
}

/**
 * Uses the token up and marks its user's address verified, in one batch: of two racing uses only
 * the first finds the token. Answers the verified user, or null for an unknown, used or expired link.
 */
export async function consumeVerificationToken(db: Db, tokenHash: string, now = new Date()): Promise<{ id: string; email: string } | null> {
  const at = now.toISOString();
  const live = db
    .select({ userId: emailVerificationTokens.userId })
    .from(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), gt(emailVerificationTokens.expiresAt, at)));
  const [verified, used] = await db.batch([
    db
      .update(users)
      .set({ emailVerifiedAt: sql`COALESCE(${users.emailVerifiedAt}, ${at})` })
      .where(eq(users.id, sql`(${live})`))
      .returning({ id: users.id, email: users.email }),
    db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash)).returning({ userId: emailVerificationTokens.userId }),
  ]);
  return used.length > 0 && verified[0] ? verified[0] : null;
}
