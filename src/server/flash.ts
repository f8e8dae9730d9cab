// The one-time flash (docs/product.md#form-posts): what a response tells the next page load it
// redirects to. A toast after a success; after a failed form post, the failure itself (messages
// and the posted values), so the page shows them at its own address and the history never holds a
// POST. It travels in the browser, in a signed, compressed cookie that the next page load reads
// and clears: nothing is stored on our side, whoever sends the post.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Flash } from '../app-env';
import type { Failure } from '../domain/field-errors';
import { type Toast, toastSchema } from '../domain/toasts';
import { FLASH_COOKIE, pathAndQuery, SESSION_COOKIE } from '../paths';

export type { Failure } from '../domain/field-errors';
export type { Toast } from '../domain/toasts';

/** A page load follows its redirect at once; a minute is generous. */
const FLASH_SECONDS = 60;
/**
 * Browsers keep about 4 KB per cookie, so a large failure is split over a few. Past them (about
 * 30 KB of prose once compressed) it is shown in place instead (src/server/respond.ts).
 */
const CHUNK_CHARS = 3800;
const CHUNKS_MAX = 4;
const chunkName = (i: number) => (i === 0 ? FLASH_COOKIE : `${FLASH_COOKIE}_${i}`);
const COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: FLASH_SECONDS } as const;

function signature(c: Context<AppEnv>, data: string): Buffer {
  return createHmac('sha256', `flash:${c.env.JWT_SECRET}`).update(data).digest();
}

/** Sets the flash for the next page load; false (and nothing set) when it is too large for cookies. */
export function setFlash(c: Context<AppEnv>, flash: Flash): boolean {
  const data = deflateRawSync(JSON.stringify({ ...flash, exp: Date.now() + FLASH_SECONDS * 1000 })).toString('base64url');
  const value = `${data}.${signature(c, data).toString('base64url')}`;
  const chunks = Math.ceil(value.length / CHUNK_CHARS);
  if (chunks > CHUNKS_MAX) return false;
  for (let i = 0; i < CHUNKS_MAX; i++) {
    if (i < chunks) setCookie(c, chunkName(i), value.slice(i * CHUNK_CHARS, (i + 1) * CHUNK_CHARS), COOKIE_OPTIONS);
    else if (getCookie(c, chunkName(i)) !== undefined) deleteCookie(c, chunkName(i), { path: '/', secure: true });
  }
  return true;
}

function readFlash(c: Context<AppEnv>): Flash | null {
  let value = '';
  for (let i = 0; i < CHUNKS_MAX; i++) {
    const chunk = getCookie(c, chunkName(i));
    if (chunk === undefined) break;
    deleteCookie(c, chunkName(i), { path: '/', secure: true });
    value += chunk;
  }
  const [data, mac] = value.split('.');
  if (!data || !mac) return null;
  const expected = signature(c, data);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const flash = JSON.parse(inflateRawSync(Buffer.from(data, 'base64url'), { maxOutputLength: 256 * 1024 }).toString()) as Flash & {
      exp: number;
    };
    return flash.exp > Date.now() ? flash : null;
  } catch {
    return null;
  }
}

/** The flash this request arrived with, read and cleared once so it shows once. */
function takeFlash(c: Context<AppEnv>): Flash | null {
  let flash = c.get('flash');
  if (flash === undefined) {
    flash = readFlash(c);
    c.set('flash', flash);
  }
  return flash;
}

/** The toast to show on this page load, if any. */
export function takeToast(c: Context<AppEnv>): Toast | null {
  const toast = toastSchema.safeParse(takeFlash(c)?.toast);
  return toast.success ? toast.data : null;
}

/** The page address a failure belongs to: its path and query. */
export function pageAddress(c: Context<AppEnv>): string {
  return pathAndQuery(c.req.url);
}

/** Names the visitor's sign-in session (its token's signature) without reading D1; null when signed out. */
export function sessionTag(c: Context<AppEnv>): string | null {
  return getCookie(c, SESSION_COOKIE)?.slice(-22) ?? null;
}

/** The failed post to show on this page, when it was posted here in this sign-in session. */
export function takeFailure(c: Context<AppEnv>): Failure | null {
  const failure = takeFlash(c)?.failure;
  if (!failure || failure.path !== pageAddress(c) || failure.session !== sessionTag(c)) return null;
  const { path: _path, session: _session, ...shown } = failure;
  return shown;
}
