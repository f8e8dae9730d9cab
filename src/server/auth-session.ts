// Sign-in sessions: a row in auth_sessions named by a jose-signed JWT in a __Host- cookie.
// The row is checked on every request, so deleting it ends the session at once.
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { authSessions, memberships, users, type Membership, type User } from '../db/schema';
import type { AppEnv } from '../app-env';
import type { Env } from '../env';
import { SESSION_COOKIE } from '../paths';

const SESSION_DAYS = 30;
const ALGORITHM = 'HS256';
const ISSUER = 'life7';

export interface Auth {
  sessionId: string;
  user: User;
  membership: Membership | null;
}

function secretKey(env: Env): Uint8Array {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) {
    throw new Error('JWT_SECRET must be set to at least 32 characters (see README, Configuration)');
  }
  return new TextEncoder().encode(env.JWT_SECRET);
}

export function newId(): string {
  return crypto.randomUUID();
}

/** Starts a session for the user and sets the cookie. */
export async function startSession(c: Context<AppEnv>, db: Db, userId: string): Promise<string> {
  const sessionId = newId();
  const expires = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  await db.insert(authSessions).values({ id: sessionId, userId, expiresAt: expires.toISOString() });
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(secretKey(c.env));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    expires,
  });
  return sessionId;
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
}

/** Reads the cookie and the session row; null when absent, forged, expired or revoked. */
export async function readSession(c: Context<AppEnv>, db: Db): Promise<Auth | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  let sessionId: string;
  let userId: string;
  try {
    const { payload } = await jwtVerify(token, secretKey(c.env), { algorithms: [ALGORITHM], issuer: ISSUER });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    sessionId = payload.sid;
    userId = payload.sub;
  } catch {
    return null;
  }
  const [row] = await db
    .select({ user: users, membership: memberships })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), gt(authSessions.expiresAt, new Date().toISOString())))
    .limit(1);
  if (!row) return null;
  return { sessionId, user: row.user, membership: row.membership };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/** Statement ending every session of a user but one (or all when keep is null), for batches. */
export function endOtherSessions(db: Db, userId: string, keep: string | null) {
  return db
    .delete(authSessions)
    .where(keep ? and(eq(authSessions.userId, userId), ne(authSessions.id, keep)) : eq(authSessions.userId, userId));
}
