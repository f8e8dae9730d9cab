// A temporary password an admin just issued (create user, reset) travels from the form post's 303
// to the participant's page in a cookie, so it is shown on a page, not only in a toast, and never
// stored on our side. Sealed with AES-GCM under a key derived from JWT_SECRET, bound to the admin
// and the participant (associated data); HttpOnly, Secure, limited to /admin/users, two minutes
// long, and cleared by the first page load that reads it: leaving or reloading the page ends it.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { ISSUED_PASSWORD_COOKIE, PATHS } from '../paths';

const COOKIE_PATH = PATHS.adminUsers;
const MAX_AGE_SECONDS = 120;
const COOKIE_MAX = 512;
const IV_BYTES = 12;
const encoder = new TextEncoder();

async function key(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.digest('SHA-256', encoder.encode(`life7 issued password\u0000${secret}`));
  return crypto.subtle.importKey('raw', material, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

const toBase64Url = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string): Uint8Array => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
const boundTo = (adminId: string, userId: string) => encoder.encode(`${adminId}\u0000${userId}`);

/** Keeps the password for the admin's next load of the participant's page. */
export async function keepIssuedPassword(c: Context<AppEnv>, adminId: string, userId: string, password: string): Promise<void> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: boundTo(adminId, userId) }, await key(c.env.JWT_SECRET), encoder.encode(password));
  const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
  bytes.set(iv);
  bytes.set(new Uint8Array(sealed), IV_BYTES);
  setCookie(c, ISSUED_PASSWORD_COOKIE, toBase64Url(bytes), { httpOnly: true, secure: true, sameSite: 'Strict', path: COOKIE_PATH, maxAge: MAX_AGE_SECONDS });
}

/** The password issued to this participant by this admin, read once (the cookie is cleared); null when there is none. */
export async function takeIssuedPassword(c: Context<AppEnv>, adminId: string, userId: string): Promise<string | null> {
  const value = getCookie(c, ISSUED_PASSWORD_COOKIE);
  if (value === undefined) return null;
  deleteCookie(c, ISSUED_PASSWORD_COOKIE, { path: COOKIE_PATH, secure: true });
  if (value.length > COOKIE_MAX) return null;
  try {
    const bytes = fromBase64Url(value);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES), additionalData: boundTo(adminId, userId) },
      await key(c.env.JWT_SECRET),
      bytes.slice(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
