// Email verification (docs/product.md#email-verification): the link sent at sign-up (and in the
// welcome email), following it (also signed out), and resending it from the banner or the API.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { consumeVerificationToken, storeVerificationToken } from '../data/email-verification';
import { attachPendingMembership } from '../data/memberships';
import { hit } from '../data/throttle';
import { verifyEmailMail, type MailText } from '../domain/emails';
import { PATHS, safeReturnPath } from '../paths';
import { HttpError } from '../server/errors';
import { setFlash } from '../server/flash';
import { currentAuth } from '../server/guards';
import { isFormRequest } from '../server/input';
import { createLinkToken, hashLinkToken } from '../server/link-token';
import { sendMail } from '../server/mail';
import { verificationResendLimit } from '../server/throttle-policy';
import { VerifyEmailPage } from '../views/VerifyEmailPage';
import { renderPage } from '../views/render';

export const VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const VERIFICATION_VALIDITY = '7 days';

/** Makes a fresh link for the user (older ones stop working) and mails it, after the response. */
export function sendVerificationLink(c: Context<AppEnv>, user: { id: string; email: string }, mail: (link: string) => MailText = (link) => verifyEmailMail(link, VERIFICATION_VALIDITY)): void {
  const db = c.get('db');
  const origin = c.env.APP_URL || new URL(c.req.url).origin;
  c.executionCtx.waitUntil(
    (async () => {
      const { token, tokenHash } = await createLinkToken();
      await storeVerificationToken(db, user.id, tokenHash, new Date(Date.now() + VERIFICATION_TTL_MS).toISOString());
      await sendMail(c.env, db, { to: user.email, ...mail(`${origin}${PATHS.verifyEmail}?token=${encodeURIComponent(token)}`) });
    })(),
  );
}

/** GET /verify-email?token=…: works signed in or out; attaches a pending paid membership. */
export async function followVerificationLink(c: Context<AppEnv>): Promise<Response> {
  const token = c.req.query('token') ?? '';
  const db = c.get('db');
  const user = token && token.length <= 200 ? await consumeVerificationToken(db, await hashLinkToken(token)) : null;
  if (user) await attachPendingMembership(db, user.id, user.email);
  const signedIn = Boolean(c.get('auth'));
  return renderPage(c, <VerifyEmailPage verified={Boolean(user)} signedIn={signedIn} />, {
    title: user ? 'Email verified' : 'Invalid verification link',
    status: user ? 200 : 400,
  });
}

/** POST /verify-email (the banner's button) and POST /api/auth/resend-verification. */
export async function resendVerification(c: Context<AppEnv>): Promise<Response> {
  const { user } = currentAuth(c);
  const form = isFormRequest(c);
  const back = safeReturnPath(c.req.header('referer') ? new URL(c.req.header('referer')!, c.req.url).pathname : null) ?? PATHS.dashboard;
  if (user.emailVerifiedAt) {
    if (!form) return c.json({ message: 'Your email is already verified' });
    setFlash(c, { title: 'Your email is already verified' });
    return c.redirect(back, 303);
  }
  if (await hit(c.get('db'), verificationResendLimit(user.id))) {
    if (!form) throw new HttpError(429, 'Too many verification emails. Please try again in an hour.');
    setFlash(c, { title: 'Too many verification emails', description: 'Please try again in an hour.', variant: 'destructive' });
    return c.redirect(back, 303);
  }
  sendVerificationLink(c, user);
  const message = `We sent a new link to ${user.email}.`;
  if (!form) return c.json({ message });
  setFlash(c, { title: 'Verification email sent', description: message });
  return c.redirect(back, 303);
}
