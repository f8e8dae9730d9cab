// Email verification (docs/product.md#email-verification): following the link sent at sign-up
// (also signed out: a page with one button, since mail scanners open links), and asking for a new
// link from the banner (POST /verify-email) or the API (POST /api/auth/resend-verification).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { consumeVerificationToken } from '../data/email-verification';
import { attachPendingMembership } from '../data/memberships';
import { countAttempt } from '../data/throttle';
import { PATHS, safeReturnPath } from '../paths';
import { loadAuth } from '../server/auth-session';
import { HttpError } from '../server/errors';
import { setFlash } from '../server/flash';
import { isFormRequest } from '../server/input';
import { hashLinkToken } from '../server/link-token';
import { verificationResendLimit, waitInWords } from '../server/throttle-policy';
import { sendVerificationLink } from '../server/verification-mail';
import { renderPage } from '../views/render-page';
import { VERIFY_TITLES, VerifyEmailPage, type VerifyState } from '../views/VerifyEmailPage';

/**
 * GET /verify-email: with ?token, a page with one button that confirms (mail scanners that open
 * links must not use the token up); with ?done=1 or ?done=0, the outcome of that confirmation.
 */
async function showVerificationPage(c: Context<AppEnv>): Promise<Response> {
  const auth = await loadAuth(c);
  const done = c.req.query('done');
  const token = c.req.query('token') ?? '';
  let state: VerifyState = done === '1' ? 'verified' : done === undefined && token && token.length <= TOKEN_MAX ? 'confirm' : 'invalid';
  // An address already proven, opening its link again, is told so rather than shown an error.
  if (state !== 'verified' && auth?.user.emailVerifiedAt) state = 'already';
  return renderPage(c, <VerifyEmailPage state={state} token={token} signedIn={Boolean(auth)} />, {
    title: VERIFY_TITLES[state],
    status: state === 'invalid' ? 400 : 200,
  });
}

const TOKEN_MAX = 200;

/** POST /verify-email?token=…: uses the link up, marks the address verified, attaches a pending payment. */
async function confirmVerification(c: Context<AppEnv>): Promise<Response> {
  const token = c.req.query('token') ?? '';
  const db = c.get('db');
  // Proving the address ends the sessions of whoever opened the account with it (decision 28):
  // all of them when confirmed signed out; signed in as that account, the confirming one stays.
  const keep = (await loadAuth(c))?.sessionId ?? null;
  const user = token.length <= TOKEN_MAX ? await consumeVerificationToken(db, await hashLinkToken(token), keep) : null;
  if (user) await attachPendingMembership(db, user.id, user.email);
  return c.redirect(`${PATHS.verifyEmail}?done=${user ? 1 : 0}`, 303);
}

/** POST /verify-email: with a token it confirms; without, the signed-in user asks for a new link. */
async function postVerifyEmail(c: Context<AppEnv>): Promise<Response> {
  if (c.req.query('token')) return confirmVerification(c);
  if (!(await loadAuth(c))) return c.redirect(`${PATHS.login}?next=${encodeURIComponent(PATHS.dashboard)}`, 303);
  return resendVerification(c);
}

/** The path of the page the request came from, if the Referer is readable. */
function refererPath(c: Context<AppEnv>): string | null {
  const referer = c.req.header('referer');
  if (!referer) return null;
  try {
    return new URL(referer, c.req.url).pathname;
  } catch {
    return null;
  }
}

/** POST /verify-email (the banner's button) and POST /api/auth/resend-verification. */
async function resendVerification(c: Context<AppEnv>): Promise<Response> {
  const auth = await loadAuth(c);
  if (!auth) throw new HttpError(401, 'Not signed in');
  const { user } = auth;
  const form = isFormRequest(c);
  const back = safeReturnPath(refererPath(c)) ?? PATHS.dashboard;
  if (user.emailVerifiedAt) {
    if (!form) return c.json({ message: 'Your email is already verified' });
    setFlash(c, { toast: { title: 'Your email is already verified' } });
    return c.redirect(back, 303);
  }
  const exceeded = await countAttempt(c.get('db'), [verificationResendLimit(c.env, user.id)]);
  if (exceeded) {
    const again = `Please try again in ${waitInWords(exceeded.retryAfterSeconds)}.`;
    c.header('Retry-After', String(exceeded.retryAfterSeconds));
    if (!form) throw new HttpError(429, `Too many verification emails. ${again}`);
    setFlash(c, { toast: { title: 'Too many verification emails', description: again, variant: 'destructive' } });
    return c.redirect(back, 303);
  }
  sendVerificationLink(c, user);
  const message = `We sent a new link to ${user.email}.`;
  if (!form) return c.json({ message });
  setFlash(c, { toast: { title: 'Verification email sent', description: message } });
  return c.redirect(back, 303);
}

export const verifyEmailRoutes = new Hono<AppEnv>()
  .get(PATHS.verifyEmail, showVerificationPage)
  .post(PATHS.verifyEmail, postVerifyEmail)
  .post('/api/auth/resend-verification', resendVerification);
