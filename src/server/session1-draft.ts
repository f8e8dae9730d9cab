// Session 1 without JavaScript keeps its 70 answers between steps in a cookie, not in D1: the
// answers are a draft until the reflections are saved, so they must not touch the progress row
// (a draft is not a completed Session 1). The cookie is sealed with AES-GCM under a key derived
// from JWT_SECRET, with the user id as associated data: nobody can read or forge it, and it opens
// only for the user who wrote it (another account on the same browser sees no draft). HttpOnly,
// Secure, limited to /sessions/1, a week long, and read only when under COOKIE_MAX characters.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { answersFromList, answersToList } from '../domain/session1-steps';
import type { QuestionId } from '../domain/questions';
import { WHEEL_DRAFT_COOKIE } from '../paths';

const COOKIE = WHEEL_DRAFT_COOKIE;
const COOKIE_PATH = '/sessions/1';
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A sealed draft is about 300 characters; anything much longer is not one of ours. */
const COOKIE_MAX = 1024;
const IV_BYTES = 12;

const encoder = new TextEncoder();

async function draftKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.digest('SHA-256', encoder.encode(`life7 wheel draft\u0000${secret}`));
  return crypto.subtle.importKey('raw', material, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const toBase64Url = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string): Uint8Array => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/** Keeps the answers as the signed-in user's draft. */
export async function keepDraft(c: Context<AppEnv>, userId: string, responses: Readonly<Record<string, number>>): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = encoder.encode(JSON.stringify(answersToList(responses)));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: encoder.encode(userId) }, await draftKey(c.env.JWT_SECRET), plain);
  const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
  bytes.set(iv);
  bytes.set(new Uint8Array(sealed), IV_BYTES);
  setCookie(c, COOKIE, toBase64Url(bytes), { httpOnly: true, secure: true, sameSite: 'Lax', path: COOKIE_PATH, maxAge: MAX_AGE_SECONDS });
}

/** The user's draft answers, or null when there is none (or it is someone else's, or damaged). */
export async function readDraft(c: Context<AppEnv>, userId: string): Promise<Record<QuestionId, number> | null> {
  const value = getCookie(c, COOKIE);
  if (!value || value.length > COOKIE_MAX) return null;
  try {
    const bytes = fromBase64Url(value);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: encoder.encode(userId) },
      await draftKey(c.env.JWT_SECRET),
      bytes.slice(IV_BYTES),
    );
    return answersFromList(JSON.parse(new TextDecoder().decode(plain)));
  } catch {
    return null;
  }
}

export function forgetDraft(c: Context<AppEnv>): void {
  deleteCookie(c, COOKIE, { path: COOKIE_PATH, secure: true });
}
