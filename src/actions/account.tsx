// The account actions (sign-up, login, logout, forgot/reset/change password). Each serves the
// JSON API (/api/auth/*) and its page's own form post (POST /login, /forgot-password, ...).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { clearHits, countAttempt } from '../data/throttle';
import { consumeResetToken, findResetTokenUser, storeResetToken } from '../data/reset-tokens';
import { recordSignIn } from '../data/auth-sessions';
import { changeStoredPassword, createAccount, findUserByEmail, publicMembership, publicUser, passwordHashQuery, signupPlan, userByEmail } from '../data/users';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  signupSchema,
} from '../domain/auth-schemas';
import { resetPasswordMail } from '../domain/emails';
import { PRODUCT_NAME } from '../domain/product';
import { sendVerificationLink } from './email-verification';
import { PATHS, safeReturnPath } from '../paths';
import { clearSessionCookie, endSession, newSession, setSessionCookie, startSession } from '../server/auth-session';
import { appOrigin } from '../server/config';
import { HttpError } from '../server/errors';
import { setFlash } from '../server/flash';
import { currentAuth } from '../server/guards';
import { isFormRequest, readInput } from '../server/input';
import { errorFields, log } from '../server/log';
import { sendMail } from '../server/mail';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../server/password';
import { accept, reject } from '../server/respond';
import { createLinkToken, hashLinkToken } from '../server/link-token';
import { RESET_TOKEN_TTL_MS, RESET_TOKEN_VALIDITY } from '../server/reset-token';
import { changePasswordLimit, loginAccountKeys, loginLimits, resetMailLimits, signupLimit, waitInWords } from '../server/throttle-policy';
import { forgotFormPage, loginFormPage, resetFormPage, RESET_LINK_INVALID, settingsFormPage, signupFormPage } from '../views/account-forms';

const EMAIL_TAKEN = 'An account with this email already exists';

function clientIp(c: Context<AppEnv>): string {
  return c.req.header('cf-connecting-ip') ?? 'local';
}

/** Where to go after signing in: the page that sent the visitor to /login, or the dashboard. */
function returnPath(c: Context<AppEnv>): string {
  return safeReturnPath(c.req.query('next')) ?? PATHS.dashboard;
}

export async function signup(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, signupSchema);
  const hidePassword = ['password'];
  if (!input.ok) return reject(c, input, signupFormPage, { status: 400, hideFields: hidePassword });
  const db = c.get('db');
  const { email, password, name, timeZone } = input.value;
  const exceeded = await countAttempt(db, [signupLimit(c.env, clientIp(c))]);
  if (exceeded) {
    return reject(c, input, signupFormPage, {
      status: 429,
      message: `Too many sign-ups from here. Please try again in ${waitInWords(exceeded.retryAfterSeconds)}.`,
      hideFields: hidePassword,
      retryAfterSeconds: exceeded.retryAfterSeconds,
    });
  }
  if (await findUserByEmail(db, email)) {
    return reject(c, input, signupFormPage, { status: 409, message: EMAIL_TAKEN, hideFields: hidePassword });
  }
  const account = await createAccount(db, {
    email,
    name: name ?? null,
    passwordHash: await hashPassword(password),
    // Never admin: anyone can type any address (docs/product.md#plans-and-memberships).
    role: 'user',
    plan: signupPlan(c.env),
    timeZone,
  }).catch((error: unknown) => {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the 409.
    if (String(error).includes('UNIQUE')) return null;
    throw error;
  });
  if (!account) return reject(c, input, signupFormPage, { status: 409, message: EMAIL_TAKEN, hideFields: hidePassword });
  const { user, membership } = account;
  await startSession(c, db, user.id);
  sendVerificationLink(c, user);
  return accept(c, input.mode, {
    json: { user: publicUser(user), membership: publicMembership(membership) },
    jsonStatus: 201,
    redirect: returnPath(c),
    flash: { title: 'Account created!', description: `Welcome to ${PRODUCT_NAME}` },
  });
}

export async function login(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, loginSchema);
  const hidePassword = ['password'];
  if (!input.ok) return reject(c, input, loginFormPage, { status: 400, hideFields: hidePassword });
  const db = c.get('db');
  const { email, password } = input.value;
  // Counted before the password work, so a burst of parallel guesses is cut off at the limit;
  // the account is looked up in the same round trip.
  const [exceeded, [user]] = await countAttempt(db, loginLimits(c.env, email, clientIp(c)), undefined, userByEmail(db, email));
  if (exceeded) {
    return reject(c, input, loginFormPage, {
      status: 429,
      message: `Too many sign-in attempts. Please wait ${waitInWords(exceeded.retryAfterSeconds)} and try again, or reset your password.`,
      hideFields: hidePassword,
      retryAfterSeconds: exceeded.retryAfterSeconds,
    });
  }
  // Unknown emails verify against a dummy hash: same work, same answer as a wrong password.
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !valid) return reject(c, input, loginFormPage, { status: 401, message: 'Invalid email or password', hideFields: hidePassword });
  const lastLoginAt = new Date().toISOString();
  const session = newSession(user.id);
  const membership = await recordSignIn(db, {
    userId: user.id,
    sessionId: session.sessionId,
    expiresAt: session.expires.toISOString(),
    lastLoginAt,
    passwordHash: needsRehash(user.passwordHash) ? await hashPassword(password) : user.passwordHash,
    clearKeys: loginAccountKeys(c.env, email),
  });
  await setSessionCookie(c, session);
  const next = user.mustChangePassword ? PATHS.settings : returnPath(c);
  return accept(c, input.mode, {
    json: { user: publicUser({ ...user, lastLoginAt }), membership: publicMembership(membership ?? null) },
    redirect: next,
    flash: user.mustChangePassword
      ? { title: 'Welcome back!', description: 'Please choose a new password to replace your temporary one.' }
      : { title: 'Welcome back!', description: 'Successfully logged in' },
  });
}

export async function logout(c: Context<AppEnv>): Promise<Response> {
  const auth = c.get('auth');
  if (auth) await endSession(c.get('db'), auth.sessionId);
  clearSessionCookie(c);
  if (!isFormRequest(c)) return c.json({ message: 'Logged out' });
  setFlash(c, { title: 'Logged out', description: 'See you next time!' });
  return c.redirect(PATHS.login, 303);
}

export async function forgotPassword(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, forgotPasswordSchema);
  if (!input.ok) return reject(c, input, forgotFormPage, { status: 400 });
  const db = c.get('db');
  const { email } = input.value;
  const exceeded = await countAttempt(db, resetMailLimits(c.env, email, clientIp(c)));
  if (exceeded) {
    const wait = waitInWords(exceeded.retryAfterSeconds);
    return reject(c, input, forgotFormPage, { status: 429, message: `Too many reset requests. Please try again in ${wait}.`, retryAfterSeconds: exceeded.retryAfterSeconds });
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
      await sendMail(c.env, db, { to: user.email, ...resetPasswordMail(link, RESET_TOKEN_VALIDITY) });
    })().catch((error: unknown) => log('error', 'Password reset email failed', errorFields(error))),
  );
  return accept(c, input.mode, {
    json: { message: "If that email exists in our system, we've sent password reset instructions." },
    redirect: `${PATHS.forgotPassword}?sent=1`,
    flash: { title: 'Email sent', description: "If that email exists in our system, we've sent password reset instructions." },
  });
}

export async function resetPassword(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, resetPasswordSchema, { formSchema: resetPasswordFormSchema });
  // The page's form carries the token in its address too, so a kept failure need not store it;
  // a legacy post to /api has only the field, which the re-rendered form needs.
  const hide = ['password', 'confirmPassword', ...(c.req.query('token') ? ['token'] : [])];
  if (!input.ok) return reject(c, input, resetFormPage, { status: 400, hideFields: hide });
  const db = c.get('db');
  const tokenHash = await hashLinkToken(input.value.token);
  // A cheap look first, so a dead link costs no password hashing; the batch below decides.
  const dead = () => reject(c, input, resetFormPage, { status: 400, message: RESET_LINK_INVALID, hideFields: hide });
  if (!(await findResetTokenUser(db, tokenHash))) return dead();
  const user = await consumeResetToken(db, tokenHash, await hashPassword(input.value.password));
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

export async function changePassword(c: Context<AppEnv>): Promise<Response> {
  if (!c.get('auth')) throw new HttpError(401, 'Not signed in');
  const input = await readInput(c, changePasswordSchema, { formSchema: changePasswordFormSchema });
  const hide = ['currentPassword', 'newPassword', 'confirmPassword'];
  if (!input.ok) return reject(c, input, settingsFormPage, { status: 400, hideFields: hide });
  const db = c.get('db');
  const auth = currentAuth(c);
  const limit = changePasswordLimit(c.env, auth.user.id);
  // The stored hash is read here only, with the attempt's count (never with the session).
  const [exceeded, [stored]] = await countAttempt(db, [limit], undefined, passwordHashQuery(db, auth.user.id));
  if (exceeded) {
    const wait = waitInWords(exceeded.retryAfterSeconds);
    return reject(c, input, settingsFormPage, { status: 429, message: `Too many attempts. Please wait ${wait} and try again.`, hideFields: hide, retryAfterSeconds: exceeded.retryAfterSeconds });
  }
  if (!stored || !(await verifyPassword(input.value.currentPassword, stored.passwordHash))) {
    return reject(c, input, settingsFormPage, {
      status: 400,
      message: 'Current password is incorrect',
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
      hideFields: hide,
    });
  }
  await clearHits(db, [limit.key]);
  // The current session stays; every other one ends (a copied cookie stops working).
  await changeStoredPassword(db, auth.user.id, await hashPassword(input.value.newPassword), auth.sessionId);
  return accept(c, input.mode, {
    json: { message: 'Password updated' },
    redirect: `${PATHS.settings}?updated=1`,
    flash: { title: 'Password updated' },
  });
}
