// Cross-site request protection: a state-changing request must come from our own origin.
// Hand-rolled because hono/csrf only checks form content types and lets a missing Origin
// through; we refuse both (webhook receivers are mounted before this and sign their bodies).
// One exception: RFC 8058 one-click unsubscribe, which mail providers POST with no Origin and no
// cookies; it acts only on what its signed link names (src/routes/reminder-links.tsx).
import type { MiddlewareHandler } from 'hono';
import { type Env, isDevelopment } from '../env';
import { PATHS } from '../paths';
import { HttpError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** POST paths that carry their own proof (a signed link) and need no Origin. */
const SIGNED_LINK_POSTS = new Set<string>([PATHS.unsubscribe]);

export function sameOrigin(): MiddlewareHandler<{ Bindings: Env }> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !(c.req.method === 'POST' && SIGNED_LINK_POSTS.has(c.req.path))) {
      const origin = c.req.header('origin');
      // Production knows its address (config.ts requires APP_URL); only development, which runs
      // under whatever host and port it was given, trusts the request's own.
      const allowed = new Set<string>();
      if (c.env.APP_URL) allowed.add(new URL(c.env.APP_URL).origin);
      if (isDevelopment(c.env)) allowed.add(new URL(c.req.url).origin);
      if (!origin || !allowed.has(origin)) {
        throw new HttpError(403, 'Cross-site request refused');
      }
    }
    await next();
  };
}
