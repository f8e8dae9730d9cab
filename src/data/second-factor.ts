// Admins' second factor in D1 (decision 43, docs/product.md#second-factor-for-admins): the TOTP
// secret and the newest time step a code was accepted for, the recovery codes' hashes, and the
// sessions in which a code was verified. Each write that a race could double is one conditional
// statement: a code's step is accepted once, a recovery code deleted once.
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authSessions, rateLimits, users } from '../db/schema';
import { recoveryCodes, type SecondFactorRow, secondFactorSessions, secondFactors } from '../db/schema-second-factor';
import { AUDIT_ACTIONS } from '../domain/audit';
import { appendAudit } from './audit';

/** The user's second factor (on, or being set up), as a query to await or batch. */
export function secondFactorQuery(db: Db, userId: string) {
  return db.select().from(secondFactors).where(eq(secondFactors.userId, userId)).limit(1);
}

export async function readSecondFactor(db: Db, userId: string): Promise<SecondFactorRow | null> {
  const [row] = await secondFactorQuery(db, userId);
  return row ?? null;
}

/** The user's second factor with how many unused recovery codes they have, in one round trip. */
export async function readSecondFactorAndCodes(
  db: Db,
  userId: string,
): Promise<{ row: SecondFactorRow | null; recoveryCodesLeft: number }> {
  const [[row], [count]] = await db.batch([
    secondFactorQuery(db, userId),
    db.select({ n: sql<number>`count(*)` }).from(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
  ]);
  return { row: row ?? null, recoveryCodesLeft: count?.n ?? 0 };
}

/**
 * The secret being set up: the one kept from an earlier visit, or `secret` when there is none
 * (so a reload shows the same QR code). The row as it stands; `enabledAt` set when it is on.
 */
export async function keepSetupSecret(db: Db, userId: string, secret: string): Promise<SecondFactorRow> {
  const [, [row]] = await db.batch([
    db.insert(secondFactors).values({ userId, secret }).onConflictDoNothing(),
    secondFactorQuery(db, userId),
  ]);
  return row!;
}

/** A new secret to set up, replacing one not yet proven; null when the second factor is on already. */
export async function replaceSetupSecret(db: Db, userId: string, secret: string): Promise<SecondFactorRow | null> {
  const [row] = await db
    .insert(secondFactors)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { secret, lastStep: null, createdAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` },
      setWhere: isNull(secondFactors.enabledAt),
    })
    .returning();
  return row ?? null;
}

export interface Enabling {
  userId: string;
  /** The secret the code was checked against: a new one set up meanwhile is not turned on. */
  secret: string;
  /** The time step of the code that proved it (a later code must be newer). */
  step: number;
  /** The session that proved it: verified from now on; the user's other sessions must give a code. */
  sessionId: string;
  /** The SHA-256 of each new recovery code. */
  codeHashes: readonly string[];
  /** Throttle keys the success clears (the user's code attempts). */
  clearKeys: readonly string[];
}

/**
 * Turns the second factor on in one batch, only if it is still being set up with that secret: the
 * recovery codes are replaced, this session counts as verified and every other session of the
 * user must give a code. False when it was not (turned on meanwhile, or a new secret set up).
 */
export async function enableSecondFactor(db: Db, { userId, secret, step, sessionId, codeHashes, clearKeys }: Enabling): Promise<boolean> {
  // A stamp only this batch writes: every later statement is conditional on it.
  const enabledAt = new Date().toISOString();
  const enabledNow = sql`EXISTS (SELECT 1 FROM ${secondFactors} WHERE ${secondFactors.userId} = ${userId} AND ${secondFactors.enabledAt} = ${enabledAt})`;
  const codes = sql.join(
    codeHashes.map((hash) => sql`(${hash}, ${userId})`),
    sql`, `,
  );
  const [enabled] = await db.batch([
    db
      .update(secondFactors)
      .set({ enabledAt, lastStep: step })
      .where(and(eq(secondFactors.userId, userId), eq(secondFactors.secret, secret), isNull(secondFactors.enabledAt)))
      .returning({ userId: secondFactors.userId }),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), enabledNow)),
    db.insert(recoveryCodes).select(sql`SELECT column1, column2, ${enabledAt} FROM (VALUES ${codes}) WHERE ${enabledNow}`),
    db.delete(secondFactorSessions).where(and(inArray(secondFactorSessions.sessionId, sessionsOf(db, userId)), enabledNow)),
    db.insert(secondFactorSessions).select(sql`SELECT ${sessionId}, ${enabledAt} WHERE ${enabledNow}`).onConflictDoNothing(),
    db.delete(rateLimits).where(and(inArray(rateLimits.key, [...clearKeys, '']), enabledNow)),
  ]);
  return enabled.length > 0;
}

const sessionsOf = (db: Db, userId: string) => db.select({ id: authSessions.id }).from(authSessions).where(eq(authSessions.userId, userId));

/**
 * Accepts a code of time step `step` for the user, once: only when no code of that step or a newer
 * one was accepted before (replay protection), in one statement, so of two racing requests with the
 * same code one wins. True when this one did.
 */
export async function acceptCodeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(secondFactors)
    .set({ lastStep: step })
    .where(
      and(
        eq(secondFactors.userId, userId),
        isNotNull(secondFactors.enabledAt),
        or(isNull(secondFactors.lastStep), sql`${secondFactors.lastStep} < ${step}`),
      ),
    )
    .returning({ userId: secondFactors.userId });
  return rows.length > 0;
}

/** Uses up the recovery code with this hash: true when it was the user's and unused (it is deleted). */
export async function spendRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(recoveryCodes)
    .where(and(eq(recoveryCodes.codeHash, codeHash), eq(recoveryCodes.userId, userId)))
    .returning({ codeHash: recoveryCodes.codeHash });
  return rows.length > 0;
}

/** The session gave its code: it is fully signed in. `clearKeys`: the code step's throttle counts, forgotten. */
export async function markSessionVerified(db: Db, sessionId: string, clearKeys: readonly string[]): Promise<void> {
  await db.batch([
    db.insert(secondFactorSessions).values({ sessionId }).onConflictDoNothing(),
    db.delete(rateLimits).where(inArray(rateLimits.key, [...clearKeys, ''])),
  ]);
}

/** Turns the user's second factor off: the secret, the recovery codes and the sessions' verifications go; `clearKeys` too. */
export async function disableSecondFactor(db: Db, userId: string, clearKeys: readonly string[]): Promise<void> {
  await db.batch([
    db.delete(rateLimits).where(inArray(rateLimits.key, [...clearKeys, ''])),
    db.delete(secondFactorSessions).where(inArray(secondFactorSessions.sessionId, sessionsOf(db, userId))),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    db.delete(secondFactors).where(eq(secondFactors.userId, userId)),
  ]);
}

/** What an admin's reset did: reset the named user's second factor, found none on, or found no such user. */
export type ResetOutcome = { kind: 'done'; email: string } | { kind: 'none' } | { kind: 'not-found' };

/**
 * An admin resets another user's second factor (they lost their phone and their recovery codes),
 * in one batch with its audit entry (decision 25): the secret and the recovery codes go and every
 * session of theirs ends, so a session waiting for its code cannot become a full sign-in. Nothing
 * happens, and nothing is written, unless their second factor is on.
 */
export async function resetSecondFactor(db: Db, userId: string, actor: string): Promise<ResetOutcome> {
  const on = sql`EXISTS (SELECT 1 FROM ${secondFactors} WHERE ${secondFactors.userId} = ${userId} AND ${secondFactors.enabledAt} IS NOT NULL)`;
  const [user, , , , reset] = await db.batch([
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1),
    appendAudit(
      db,
      {
        userId,
        actor,
        action: AUDIT_ACTIONS.secondFactorReset,
        from: sql`(SELECT 'On since ' || substr(${secondFactors.enabledAt}, 1, 10) FROM ${secondFactors} WHERE ${secondFactors.userId} = ${userId})`,
        to: 'Off',
      },
      on,
    ),
    db.delete(authSessions).where(and(eq(authSessions.userId, userId), on)),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), on)),
    db
      .delete(secondFactors)
      .where(and(eq(secondFactors.userId, userId), isNotNull(secondFactors.enabledAt)))
      .returning({ userId: secondFactors.userId }),
  ]);
  if (!user[0]) return { kind: 'not-found' };
  return reset.length > 0 ? { kind: 'done', email: user[0].email } : { kind: 'none' };
}
