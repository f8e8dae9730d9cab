// Forgetting a password (docs/product.md#password-reset): /forgot-password sends a one-hour link,
// /reset-password?token=… sets a new password with it. Each page's form posts to its own address;
// /api/auth/forgot-password and /api/auth/reset-password are the JSON API.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { consumeResetToken, findResetTokenUser, storeResetToken } from '../data/reset-tokens';
import { clearHits, countAttempt } from '../data/throttle';
import { findUserByEmail } from '../data/users';
import { forgotPasswordSchema, resetPasswordFormSchema, resetPasswordSchema } from '../domain/auth-schemas';
import { resetPasswordMail } from '../domain/emails';
import { RESET_TOKEN_TTL_MS, RESET_TOKEN_VALIDITY } from '../domain/reset-token';
import { queueMail } from '../mail/send';
import { PATHS } from '../paths';
import { clearSessionCookie } from '../server/auth-session';
import { appOrigin } from '../server/config';
import { type Failure, takeFailure } from '../server/flash';
import { readInput } from '../server/input';
import { createLinkToken, hashLinkToken } from '../server/link-token';
import { errorFields, log } from '../server/log';
import { hashPassword, passwordCost } from '../server/password';
import { accept, reject } from '../server/respond';
import { clientIp, loginAccountKeys, resetMailLimits, waitInWords } from '../server/throttle-policy';
import { ForgotPasswordPage, ResetPasswordPage } from '../views/PasswordPages';
import { renderPage } from '../views/render-page';

const RESET_LINK_INVALID = 'This password reset link is invalid or has expired';

function renderForgotPage(c: Context<AppEnv>, failure: Failure | null): Response {
  return renderPage(c, <ForgotPasswordPage sent={!failure && c.req.query('sent') === '1'} lastResult={failure?.reply} />, {
    title: 'Forgot Password',
    status: failure?.status,
    toast: failure && { title: 'Error', description: failure.message, variant: 'destructive' },
  });
}

const renderForgotFailure = (c: Context<AppEnv>, failure: Failure) => renderForgotPage(c, failure);

function renderResetFailure(c: Context<AppEnv>, failure: Failure): Response {
  // The page's form carries the token in its address; a legacy post to /api only in the field.
  const posted = failure.reply.initialValue?.token;
  const token = c.req.query('token') ?? (typeof posted === 'string' ? posted : '');
  // An unknown, used or expired token cannot be retried: offer a new link instead of the form.
  const linkDead = !token || failure.message === RESET_LINK_INVALID;
  return renderPage(c, <ResetPasswordPage state={linkDead ? { kind: 'invalid' } : { kind: 'form', token, lastResult: failure.reply }} />, {
    title: 'Reset Password',
    status: failure.status,
    toast: { title: token ? failure.message : 'Invalid or missing reset token', variant: 'destructive' },
  });
}

function renderResetPage(c: Context<AppEnv>): Response {
  const failure = takeFailure(c);
  if (failure) return renderResetFailure(c, failure);
  const token = c.req.query('token');
  if (c.req.query('done') === '1') return renderPage(c, <ResetPasswordPage state={{ kind: 'done' }} />, { title: 'Password Reset' });
  if (!token) {
    return renderPage(c, <ResetPasswordPage state={{ kind: 'invalid' }} />, {
      title: 'Invalid Reset Link',
      toast: { title: 'Invalid or missing reset token', variant: 'destructive' },
    });
  }
  return renderPage(c, <ResetPasswordPage state={{ kind: 'form', token }} />, { title: 'Reset Password' });
}

async function forgotPassword(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, forgotPasswordSchema);
  if (!input.ok) return reject(c, input, renderForgotFailure, { status: 400 });
  const db = c.get('db');
  const { email } = input.value;
  const exceeded = await countAttempt(db, resetMailLimits(c.env, email, clientIp(c)));
  if (exceeded) {
    const wait = waitInWords(exceeded.retryAfterSeconds);
    return reject(c, input, renderForgotFailure, {
      status: 429,
      message: `Too many reset requests. Please try again in ${wait}.`,
      retryAfterSeconds: exceeded.retryAfterSeconds,
    });
  }
  const origin = appOrigin(c);
  // The token and email are made after the answer, so timing does not tell whether the
  // account exists (docs/product.md#password-reset).
  c.executionCtx.waitUntil(
    (async () => {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const { token, tokenHash } = await createLinkToken();
      await storeResetToken(db, user.id, tokenHash, new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString());
      const link = `${origin}${PATHS.resetPassword}?token=${encodeURIComponent(token)}`;
      await queueMail(c.env, 'reset-password', user, resetPasswordMail(link, RESET_TOKEN_VALIDITY));
    })().catch((error: unknown) => log('error', 'Password reset email failed', errorFields(error))),
  );
  return accept(c, input.mode, {
    json: { message: "If that email exists in our system, we've sent password reset instructions." },
    redirect: `${PATHS.forgotPassword}?sent=1`,
    flash: { title: 'Email sent', description: "If that email exists in our system, we've sent password reset instructions." },
  });
}

async function resetPassword(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, resetPasswordSchema, { formSchema: resetPasswordFormSchema });
  // The page's form carries the token in its address too, so a kept failure need not store it;
  // a legacy post to /api has only the field, which the re-rendered form needs.
  const hide = ['password', 'confirmPassword', ...(c.req.query('token') ? ['token'] : [])];
  if (!input.ok) return reject(c, input, renderResetFailure, { status: 400, hideFields: hide });
  const db = c.get('db');
  const tokenHash = await hashLinkToken(input.value.token);
  // A cheap look first, so a dead link costs no password hashing; the batch below decides.
  const dead = () => reject(c, input, renderResetFailure, { status: 400, message: RESET_LINK_INVALID, hideFields: hide });
  if (!(await findResetTokenUser(db, tokenHash))) return dead();
  const user = await consumeResetToken(db, tokenHash, await hashPassword(input.value.password, passwordCost(c.env)));
  if (!user) return dead();
  // Proving the address by email ends a sign-in lock-out.
  await clearHits(db, loginAccountKeys(c.env, user.email));
  clearSessionCookie(c);
  return accept(c, input.mode, {
    json: { message: 'Your password has been reset. You can now log in with your new password.' },
    redirect: `${PATHS.resetPassword}?done=1`,
    flash: { title: 'Your password has been reset. You can now log in with your new password.' },
  });
}

export const passwordResetRoutes = new Hono<AppEnv>()
  .get(PATHS.forgotPassword, (c) => renderForgotPage(c, takeFailure(c)))
  .post(PATHS.forgotPassword, forgotPassword)
  .get(PATHS.resetPassword, renderResetPage)
  .post(PATHS.resetPassword, resetPassword)
  .post('/api/auth/forgot-password', forgotPassword)
  .post('/api/auth/reset-password', resetPassword);
