// A temporary password an admin just issued (create user, reset) travels from the form post's 303
// to the participant's page in a cookie, so it is shown on a page, not only in a toast, and never
// stored on our side. Sealed (src/server/sealed-cookie.ts: encrypted under a key derived from
// JWT_SECRET, bound to the participant as `sub` and the admin as `aud`) so nobody can read it
// from the cookie; HttpOnly, Secure, limited to /admin/users, two minutes long, and cleared by the
// first page load that reads it: leaving or reloading the page ends it.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { ISSUED_PASSWORD_COOKIE, PATHS } from '../paths';
import { sealedCookie } from './sealed-cookie';

const cookie = sealedCookie({
  name: ISSUED_PASSWORD_COOKIE,
  path: PATHS.adminUsers,
  sameSite: 'Strict',
  maxAgeSeconds: 120,
  /** A sealed 20-character password is about 260 characters. */
  maxLength: 512,
  purpose: 'issued password',
});

/** Keeps the password for the admin's next load of the participant's page. */
export async function keepIssuedPassword(c: Context<AppEnv>, adminId: string, userId: string, password: string): Promise<void> {
  await cookie.keep(c, { subject: userId, audience: adminId }, password);
}

/** The password issued to this participant by this admin, read once (the cookie is cleared); null when there is none. */
export async function takeIssuedPassword(c: Context<AppEnv>, adminId: string, userId: string): Promise<string | null> {
  const password = await cookie.take(c, { subject: userId, audience: adminId });
  return typeof password === 'string' ? password : null;
}
