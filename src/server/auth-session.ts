// Sign-in sessions (auth sessions): a row in auth_sessions named by a jose-signed JWT in a __Host- cookie.
// The row is checked on every request, so deleting it ends the session at once.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import type { Membership } from '../db/schema';
import { deleteAuthSession, findAuthSession, insertAuthSession, type PageRead, type PageReads, type SessionUser } from '../data/auth-sessions';
import type { AppEnv } from '../app-env';
import type { Env } from '../env';
import { PRODUCT_SLUG } from '../domain/product';
import { SESSION_COOKIE } from '../paths';
import { newId } from '../data/ids';

const SESSION_DAYS = 30;
const ALGORITHM = 'HS256';
const ISSUER = PRODUCT_SLUG;

export interface Auth {
  sessionId: string;
  user: SessionUser;
  membership: Membership | null;
  /** What the page reads about the user, read with the session (see page-reads.ts). */
  reads: PageReads;
}

// The HMAC key, imported once per isolate: jose would import the raw secret again on every request.
let imported: { secret: string; key: Promise<CryptoKey> } | null = null;

function secretKey(env: Env): Promise<CryptoKey> {
  const secret = env.JWT_SECRET;
  if (!secret || secret.length < 32) {
    throw new Error('JWT_SECRET must be set to at least 32 characters (see README, Configuration)');
  }
  if (imported?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    imported = { secret, key: crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']) };
  }
  return imported.key;
}

export interface NewSession {
  sessionId: string;
  userId: string;
  expires: Date;
}

/** A new session's id and expiry; its row is stored by the caller (alone, or in a sign-in batch). */
export function newSession(userId: string): NewSession {
  return { sessionId: newId(), userId, expires: new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000) };
}

/** Starts a session for the user and sets the cookie. */
export async function startSession(c: Context<AppEnv>, db: Db, userId: string): Promise<string> {
  const session = newSession(userId);
  await insertAuthSession(db, session.sessionId, userId, session.expires.toISOString());
  await setSessionCookie(c, session);
  return session.sessionId;
}

/** Signs the session's JWT and sets it as the cookie (its row must be stored). */
export async function setSessionCookie(c: Context<AppEnv>, { sessionId, userId, expires }: NewSession): Promise<void> {
  const token = await new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(await secretKey(c.env));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    expires,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true });
}

/**
 * Reads the cookie and the session row; null when absent, forged, expired or revoked. The page's
 * `reads` come in the same round trip.
 */
export async function readSession(c: Context<AppEnv>, db: Db, reads: readonly PageRead[] = []): Promise<Auth | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return null;
  let sessionId: string;
  let userId: string;
  try {
    const { payload } = await jwtVerify(token, await secretKey(c.env), { algorithms: [ALGORITHM], issuer: ISSUER });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    sessionId = payload.sid;
    userId = payload.sub;
  } catch {
    return null;
  }
  const row = await findAuthSession(db, sessionId, userId, reads);
  if (!row) return null;
  return { sessionId, ...row };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await deleteAuthSession(db, sessionId);
}
