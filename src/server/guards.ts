// Guards for pages and API routes: who is signed in, with which role and plan. A guard decides
// and redirects or throws; it never renders (app.tsx turns a PlanRequired into the access notice).
// A page's guard also names what the page reads, so those reads come with the session lookup in
// one D1 round trip (src/data/auth-sessions.ts).
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import type { Auth } from '../data/auth-sessions';
import type { DeskReadValues, PageRead } from '../data/page-reads';
import { type Access, hasAccess, requiresPlanMessage } from '../domain/plans';
import { SETUP_REFUSAL } from '../domain/second-factor';
import { PATHS, SESSION_COOKIE } from '../paths';
import { clearSessionCookie, loadAuth } from './auth-session';
import { HttpError } from './errors';
import { setFlash, type Toast } from './flash';
import { SET_UP_FIRST, sessionStep } from './second-factor';

/** Thrown when the member's plan does not open a page or API (docs/product.md#plan-access-map). */
export class PlanRequired extends HttpError {
  constructor(readonly access: Access) {
    super(403, `Your plan does not include this (requires ${access})`);
  }

  get title(): string {
    return requiresPlanMessage(this.access);
  }
}

/** The signed-in user, once a guard has loaded them; a 401 otherwise. */
export function currentAuth(c: Context<AppEnv>): Auth {
  const auth = c.get('auth');
  if (!auth) throw new HttpError(401, 'Not signed in');
  return auth;
}

/** Said on the login page when a session cookie names a session that has ended (docs/product.md#sign-in-sessions-and-throttling). */
const SIGNED_OUT_ELSEWHERE: Toast = {
  title: 'Please log in again',
  description: 'You were signed out because your password was changed on another device.',
};

function loginRedirect(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  // A cookie lives as long as its session, and logging out removes it; so a cookie whose session
  // is gone means a password change or reset elsewhere ended it. Say so, once.
  if (getCookie(c, SESSION_COOKIE)) {
    clearSessionCookie(c);
    setFlash(c, { toast: SIGNED_OUT_ELSEWHERE });
  }
  return c.redirect(`${PATHS.login}?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
}

/** A session waiting for its second-factor code goes to the code step, and then comes back (decision 43). */
function codeStepRedirect(c: Context<AppEnv>): Response {
  const url = new URL(c.req.url);
  return c.redirect(`${PATHS.loginCode}?next=${encodeURIComponent(url.pathname + url.search)}`, 303);
}

export interface PageGuard {
  /** The plan access the page needs; without it the visitor sees the access notice (403). */
  access?: Access;
  /** What the page reads besides the session (the frame's webinars always come). */
  reads?: readonly PageRead[];
}

/** Pages: anonymous visitors go to /login and come back; a temporary password goes to Settings first. */
export function requireUserPage({ access, reads = [] }: PageGuard = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await loadAuth(c, ['webinars', ...reads]);
    if (!auth) return loginRedirect(c);
    // docs/product.md#second-factor-for-admins: the sign-in is not over before the code step.
    if (sessionStep(c, auth) === 'code') return codeStepRedirect(c);
    // docs/product.md#temporary-password-gate
    if (auth.user.mustChangePassword && c.req.path !== PATHS.settings) return c.redirect(PATHS.settings, 303);
    if (access && !hasAccess(auth.membership, access)) throw new PlanRequired(access);
    await next();
  };
}

/** What an admin guard's reads bind besides the user and the moment, worked out from the request (the desk's cohort). */
interface AdminGuard extends Pick<PageGuard, 'reads'> {
  readValues?: (c: Context<AppEnv>) => Partial<DeskReadValues>;
}

/**
 * Admin pages: anonymous to /login, signed-in non-admins to /dashboard. `reads`: what the page reads
 * besides the session (no webinars: the admin frame shows none, unlike the member pages').
 */
export function requireAdminPage({ reads = [], readValues }: AdminGuard = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await loadAuth(c, reads, readValues?.(c));
    if (!auth) return loginRedirect(c);
    if (auth.user.role !== 'admin') return c.redirect(PATHS.dashboard, 303);
    const step = sessionStep(c, auth);
    if (step === 'code') return codeStepRedirect(c);
    if (auth.user.mustChangePassword) return c.redirect(PATHS.settings, 303);
    if (step === 'setup') {
      setFlash(c, { toast: SET_UP_FIRST });
      return c.redirect(PATHS.twoFactor, 303);
    }
    await next();
  };
}

/** APIs: 401 when signed out, 403 when the plan does not open them (loadAuth applies the password gate). */
export function requireUserApi({ access, reads = [] }: PageGuard = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await loadAuth(c, reads);
    if (!auth) throw new HttpError(401, 'Not signed in');
    if (access && !hasAccess(auth.membership, access)) throw new PlanRequired(access);
    await next();
  };
}

export function requireAdminApi({ reads = [], readValues }: AdminGuard = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const auth = await loadAuth(c, reads, readValues?.(c));
    if (!auth) throw new HttpError(401, 'Not signed in');
    if (auth.user.role !== 'admin') throw new HttpError(403, 'Admins only');
    // A session waiting for its code was refused by loadAuth already.
    if (sessionStep(c, auth) === 'setup') throw new HttpError(403, SETUP_REFUSAL);
    await next();
  };
}
