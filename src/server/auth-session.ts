// Sign-in sessions (auth sessions): a row in auth_sessions named by a jose-signed JWT in a __Host- cookie.
// The row is checked on every request, so deleting it ends the session at once.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { jwtVerify, SignJWT } from 'jose';
import type { AppEnv } from '../app-env';
import { type Auth, deleteAuthSession, findAuthSession, insertAuthSession } from '../data/auth-sessions';
import { newId } from '../data/ids';
import type { DeskReadValues, PageRead } from '../data/page-reads';
import type { Db } from '../db/client';
import { PRODUCT_SLUG } from '../domain/product';
import { CODE_STEP_REFUSAL } from '../domain/second-factor';
import type { Env } from '../env';
import { SESSION_COOKIE } from '../paths';
import { HttpError } from './errors';
import { sessionStep } from './second-factor';

const SESSION_DAYS = 30;
const ALGORITHM = 'HS256';
const ISSUER = PRODUCT_SLUG;

// The HMAC key is imported once per isolate (README, "Hand-rolled on purpose"): given raw bytes,
// jose imports the key again on every request.
let imported: { secret: string; key: Promise<CryptoKey> } | null = null;

function secretKey(env: Env): Promise<CryptoKey> {
  const secret = env.JWT_SECRET;
  if (!secret || secret.length < 32) throw new Error('JWT_SECRET must be set to at least 32 characters (see README, Configuration)');
  if (imported?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    imported = { secret, key };
  }
  return imported.key;
}

/** The session and user a token names, or null when it is forged, malformed or expired. */
async function verifyToken(env: Env, token: string): Promise<{ sessionId: string; userId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(env), { algorithms: [ALGORITHM], issuer: ISSUER });
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    return { sessionId: payload.sid, userId: payload.sub };
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

const READ_ONLY_METHODS = new Set(['GET', 'HEAD']);

/** The APIs a user with a temporary password may still call (docs/product.md#temporary-password-gate); the code step comes first. */
const OPEN_WHILE_TEMPORARY = new Set(['/api/auth/me', '/api/auth/change-password', '/api/auth/logout', '/api/auth/second-factor']);

/** The APIs a session waiting for its second-factor code may call (docs/product.md#second-factor-for-admins). */
const OPEN_WHILE_CODE_PENDING = new Set(['/api/auth/me', '/api/auth/logout', '/api/auth/second-factor']);

/**
 * Who is signed in: reads the cookie and the session row once per request (null when absent,
 * forged, expired or revoked). The first caller's `reads` come in the same round trip, and only
 * on a GET or HEAD: a write always reads afresh what it changed, so nothing can show stale data.
 * An API asked by a session still waiting for its second-factor code, or by a user who must
 * replace a temporary password, answers 403.
 */
export async function loadAuth(
  c: Context<AppEnv>,
  reads: readonly PageRead[] = [],
  readValues: Partial<DeskReadValues> = {},
): Promise<Auth | null> {
  let auth = c.get('auth');
  if (auth === undefined) {
    auth = await readSession(c, READ_ONLY_METHODS.has(c.req.method) ? reads : [], readValues);
    c.set('auth', auth);
  }
  if (auth && c.req.path.startsWith('/api/')) {
    if (!OPEN_WHILE_CODE_PENDING.has(c.req.path) && sessionStep(c, auth) === 'code') throw new HttpError(403, CODE_STEP_REFUSAL);
    if (auth.user.mustChangePassword && !OPEN_WHILE_TEMPORARY.has(c.req.path)) throw new HttpError(403, 'Set a new password first');
  }
  return auth;
}

async function readSession(c: Context<AppEnv>, reads: readonly PageRead[], readValues: Partial<DeskReadValues>): Promise<Auth | null> {
  const token = getCookie(c, SESSION_COOKIE);
  const verified = token ? await verifyToken(c.env, token) : null;
  return verified && findAuthSession(c.get('db'), verified.sessionId, verified.userId, reads, new Date(), readValues);
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await deleteAuthSession(db, sessionId);
}
