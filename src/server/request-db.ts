// Opens each request's D1 session (docs/product.md#speed); the sign-in session is read with it on
// first need (loadAuth).
// A visitor who changed something gets a bookmark cookie, and their next requests read at least
// that far, whichever replica serves them: read-your-writes for each visitor, while everyone
// else's reads may go to the nearest replica.
import type { MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { openRequestDb } from '../db/client';
import { D1_BOOKMARK_COOKIE } from '../paths';

const READ_ONLY = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Replication lag is seconds; an hour covers a visitor's next requests with room to spare. */
const BOOKMARK_SECONDS = 60 * 60;
const BOOKMARK_SHAPE = /^[\w-]{1,200}$/;

export function requestDb(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const sent = getCookie(c, D1_BOOKMARK_COOKIE);
    const handle = openRequestDb(c.env.DB, {
      bookmark: sent && BOOKMARK_SHAPE.test(sent) ? sent : null,
      countRoundTrips: c.env.COUNT_D1_ROUND_TRIPS === '1',
      // Only where round trips are counted (bench and tests): never in production.
      delayMs: c.env.COUNT_D1_ROUND_TRIPS === '1' ? Math.min(1000, Number(c.env.D1_DELAY_MS) || 0) : 0,
    });
    c.set('db', handle.db);
    await next();
    if (!READ_ONLY.has(c.req.method)) {
      const bookmark = handle.bookmark();
      if (bookmark && bookmark !== sent) {
        setCookie(c, D1_BOOKMARK_COOKIE, bookmark, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: BOOKMARK_SECONDS });
      }
    }
    const trips = handle.roundTrips();
    if (trips !== null) c.header('X-D1-Round-Trips', String(trips));
    const rows = handle.rowsRead();
    if (rows !== null) c.header('X-D1-Rows-Read', String(rows));
  };
}
