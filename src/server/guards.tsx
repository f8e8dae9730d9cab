// Guards for pages and API routes: who is signed in, with which role and plan.
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { hasAccess, type Access } from '../domain/plans';
import { PATHS, SESSION_COOKIE } from '../paths';
import { listUpcomingWebinars } from '../data/webinars';
import { AccessNotice } from '../views/AccessNotice';
import { renderPage } from '../views/render';
import { Shell } from '../views/Shell';
import { HttpError } from './errors';
import { clearSessionCookie, type Auth } from './auth-session';
import { setFlash, type Toast } from './flash';

/** The signed-in user, or a 401 (API) the caller must have guarded against. */
export function currentAuth(c: Context<AppEnv>): Auth {
  const auth = c.get('auth');
  if (!auth) throw new HttpError(401, 'Not signed in');
  return auth;
}

/** Said on the login page when a session cookie names a session that has ended (docs/product.md#sign-in-sessions-and-throttling). */
export const SIGNED_OUT_ELSEWHERE: Toast = {
  title: 'Please log in again',
  description: 'You were signed out because your password was changed on another device.',
};

function loginRedirect(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  // A cookie lives as long as its session, and logging out removes it; so a cookie whose session
  // is gone means a password change or reset elsewhere ended it. Say so, once.
  if (getCookie(c, SESSION_COOKIE)) {
    clearSessionCookie(c);
    setFlash(c, SIGNED_OUT_ELSEWHERE);
  }
  return c.redirect(`${PATHS.login}?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
}

/** A temporary password must be replaced before anything else (docs/product.md#temporary-password-gate). */
function mustSetPassword(c: Context<AppEnv>): boolean {
  return Boolean(c.get('auth')?.user.mustChangePassword) && new URL(c.req.url).pathname !== PATHS.settings;
}

/** Pages: anonymous visitors go to /login and come back after signing in. */
export const requireUserPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('auth')) return loginRedirect(c);
  if (mustSetPassword(c)) return c.redirect(PATHS.settings, 303);
  await next();
};

/** The APIs a user with a temporary password may still call. */
const OPEN_WHILE_TEMPORARY = new Set(['/api/auth/me', '/api/auth/change-password', '/api/auth/logout']);

/** Every other API answers 403 until the temporary password is replaced. */
export const passwordGateApi: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('auth')?.user.mustChangePassword && !OPEN_WHILE_TEMPORARY.has(c.req.path)) throw new HttpError(403, 'Set a new password first');
  await next();
};

/** Admin pages: anonymous to /login, signed-in non-admins to /dashboard. */
export const requireAdminPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get('auth');
  if (!auth) return loginRedirect(c);
  if (auth.user.role !== 'admin') return c.redirect(PATHS.dashboard, 303);
  if (mustSetPassword(c)) return c.redirect(PATHS.settings, 303);
  await next();
};

export const requireUserApi: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('auth')) throw new HttpError(401, 'Not signed in');
  await next();
};

export const requireAdminApi: MiddlewareHandler<AppEnv> = async (c, next) => {
  const auth = c.get('auth');
  if (!auth) throw new HttpError(401, 'Not signed in');
  if (auth.user.role !== 'admin') throw new HttpError(403, 'Admins only');
  await next();
};

/** APIs a plan does not open answer 403 (docs/product.md#plan-access-map). */
export function requireAccessApi(access: Access): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = c.get('auth');
    if (!auth) throw new HttpError(401, 'Not signed in');
    if (!hasAccess(auth.membership, access)) throw new HttpError(403, `Your plan does not include this (requires ${access})`);
    await next();
  };
}

/** Pages a plan does not open answer 403 with the access notice, never the content. */
export function requireAccessPage(access: Access, title: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = currentAuth(c);
    if (hasAccess(auth.membership, access)) return next();
    const webinars = await listUpcomingWebinars(c.get('db'));
    return renderPage(
      c,
      <Shell auth={auth} webinars={webinars}>
        <AccessNotice access={access} />
      </Shell>,
      { title, status: 403 },
    );
  };
}
