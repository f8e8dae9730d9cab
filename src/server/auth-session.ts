// Sign-in sessions (auth sessions): a row in auth_sessions named by a jose-signed JWT in a __Host- cookie.
// The row is checked on every request, so deleting it ends the session at once.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import type { Membership } from '../db/schema';
import { deleteAuthSession, findAuthSession, insertAuthSession, type PageRead, type PageReads, type SessionUser } from '../data/auth-sessions';
import type { AppEnv } from '../app-env';
import { BoundedMap } from '../bounded-map';
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
let imported: { secret: string; key: Promise<CryptoKey>; verified: BoundedMap<string, VerifiedToken> } | null = null;

interface VerifiedToken {
  sessionId: string;
  userId: string;
  expiresMs: number;
}

/** How many verified tokens an isolate remembers (about 300 bytes each). */
const VERIFIED_TOKENS_MAX = 1000;

function signingKey(env: Env): NonNullable<typeof imported> {
  const secret = env.JWT_SECRET;
  if (!secret || secret.length < 32) {
    throw new Error('JWT_SECRET must be set to at least 32 characters (see README, Configuration)');
  }
  if (imported?.secret !== secret) {
    const raw = new TextEncoder().encode(secret);
    const key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    // A new secret forgets every token verified with the old one.
    const entry = { secret, key, verified: new BoundedMap<string, VerifiedToken>(VERIFIED_TOKENS_MAX) };
    imported = entry;
    // A failed import is not kept: the next request tries again.
    key.catch(() => {
      if (imported === entry) imported = null;
    });
  }
  return imported;
}

/**
 * The session and user a token names, or null when it is forged, malformed or expired. A token
 * that verified once is remembered by this isolate until it expires: its signature and claims
 * cannot change, so only its session row (read on every request) can end it.
 */
async function verifyToken(env: Env, token: string): Promise<VerifiedToken | null> {
  const { key, verified } = signingKey(env);
  const known = verified.get(token);
  if (known) return known.expiresMs > Date.now() ? known : null;
  try {
    const { payload } = await jwtVerify(token, await key, { algorithms: [ALGORITHM], issuer: ISSUER });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    const result = { sessionId: payload.sid, userId: payload.sub, expiresMs: payload.exp * 1000 };
    verified.set(token, result);
    return result;
  } catch {
    return null;
  }
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
    .sign(await signingKey(c.env).key);
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
  const verified = await verifyToken(c.env, token);
  if (!verified) return null;
  const { sessionId, userId } = verified;
  const row = await findAuthSession(db, sessionId, userId, reads);
  if (!row) return null;
  return { sessionId, ...row };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await deleteAuthSession(db, sessionId);
}
