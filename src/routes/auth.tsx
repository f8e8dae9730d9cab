// /api/auth: the account API of spec.md section 7. Each handler also takes the form post of
// its page, so every account form works without JavaScript.
import { and, eq, gt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { memberships, passwordResetTokens, users } from '../db/schema';
import {
  changePasswordFormSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  signupSchema,
} from '../domain/auth-schemas';
import { PRODUCT_NAME } from '../domain/product';
import { PATHS, safeReturnPath } from '../paths';
import {
  createAccount,
  findUserByEmail,
  isAdminEmail,
  publicMembership,
  publicUser,
  signupPlan,
} from '../server/accounts';
import { setFlash } from '../server/flash';
import { currentAuth, requireUserApi } from '../server/guards';
import { isFormRequest, readInput } from '../server/input';
import { sendMail } from '../server/mail';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../server/password';
import { clearHits, hit, isLimited, type Limit } from '../server/rate-limit';
import { accept, reject, type FormPage } from '../server/respond';
import { createResetToken, hashResetToken, RESET_TOKEN_TTL_MS } from '../server/reset-token';
import { clearSessionCookie, endOtherSessions, endSession, startSession } from '../server/auth-session';
import { listUpcomingWebinars } from '../data/webinars';
import { LoginPage } from '../views/LoginPage';
import { ForgotPasswordPage, ResetPasswordPage } from '../views/PasswordPages';
import { renderPage } from '../views/render';
import { SettingsPage } from '../views/SettingsPage';

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;
const loginLimits = (email: string, ip: string): Limit[] => [
  { key: `login:email:${email}`, max: 10, windowSeconds: FIFTEEN_MINUTES },
  { key: `login:ip:${ip}`, max: 100, windowSeconds: FIFTEEN_MINUTES },
];
const resetMailLimits = (email: string, ip: string): Limit[] => [
  { key: `forgot:email:${email}`, max: 3, windowSeconds: HOUR },
  { key: `forgot:ip:${ip}`, max: 30, windowSeconds: HOUR },
];
const RESET_LINK_INVALID = 'This password reset link is invalid or has expired';
const EMAIL_TAKEN = 'An account with this email already exists';

function clientIp(c: Context<AppEnv>): string {
  return c.req.header('cf-connecting-ip') ?? 'local';
}

/** Where to go after signing in: the page that sent the visitor to /login, or the dashboard. */
function returnPath(c: Context<AppEnv>): string {
  return safeReturnPath(c.req.query('next')) ?? PATHS.dashboard;
}

const loginPage: FormPage = (c, failure) =>
  renderPage(c, <LoginPage tab="login" returnTo={safeReturnPath(c.req.query('next'))} loginResult={failure.reply} />, {
    title: 'Login',
    status: failure.status,
    toast: { title: 'Login failed', description: failure.message, variant: 'destructive' },
  });

const signupPage: FormPage = (c, failure) =>
  renderPage(c, <LoginPage tab="signup" returnTo={safeReturnPath(c.req.query('next'))} signupResult={failure.reply} />, {
    title: 'Sign Up',
    status: failure.status,
    toast: { title: 'Signup failed', description: failure.message, variant: 'destructive' },
  });

const forgotPage: FormPage = (c, failure) =>
  renderPage(c, <ForgotPasswordPage sent={false} lastResult={failure.reply} />, {
    title: 'Forgot Password',
    status: failure.status,
    toast: { title: 'Error', description: failure.message, variant: 'destructive' },
  });

const resetPage: FormPage = (c, failure) => {
  const posted = failure.reply.initialValue?.token;
  const token = typeof posted === 'string' ? posted : '';
  // An unknown, used or expired token cannot be retried: offer a new link instead of the form.
  const linkDead = !token || failure.message === RESET_LINK_INVALID;
  return renderPage(
    c,
    <ResetPasswordPage state={linkDead ? { kind: 'invalid' } : { kind: 'form', token, lastResult: failure.reply }} />,
    {
      title: 'Reset Password',
      status: failure.status,
      toast: { title: token ? failure.message : 'Invalid or missing reset token', variant: 'destructive' },
    },
  );
};

const settingsPage: FormPage = async (c, failure) =>
  renderPage(
    c,
    <SettingsPage auth={currentAuth(c)} webinars={await listUpcomingWebinars(c.get('db'))} lastResult={failure.reply} updated={false} />,
    { title: 'Settings', status: failure.status, toast: { title: 'Error', description: failure.message, variant: 'destructive' } },
  );

export const authRoutes = new Hono<AppEnv>()
  .get('/me', (c) => {
    const auth = c.get('auth');
    if (!auth) return c.json({ message: 'Not signed in' }, 401);
    return c.json({ user: publicUser(auth.user), membership: publicMembership(auth.membership) });
  })

  .post('/signup', async (c) => {
    const input = await readInput(c, signupSchema);
    const hidePassword = ['password'];
    if (!input.ok) return reject(c, input, signupPage, { status: 400, hideFields: hidePassword });
    const db = c.get('db');
    const { email, password, name } = input.value;
    const signupLimit = { key: `signup:ip:${clientIp(c)}`, max: 20, windowSeconds: HOUR };
    if (await hit(db, signupLimit)) {
      return reject(c, input, signupPage, { status: 429, message: 'Too many sign-ups from here. Please try again later.', hideFields: hidePassword });
    }
    if (await findUserByEmail(db, email)) {
      return reject(c, input, signupPage, { status: 409, message: EMAIL_TAKEN, hideFields: hidePassword });
    }
    const account = await createAccount(db, {
      email,
      name: name ?? null,
      passwordHash: await hashPassword(password),
      role: isAdminEmail(c.env, email) ? 'admin' : 'user',
      plan: signupPlan(c.env),
    }).catch((error: unknown) => {
      // Two sign-ups racing for one email: the unique index decides, the loser gets the 409.
      if (String(error).includes('UNIQUE')) return null;
      throw error;
    });
    if (!account) return reject(c, input, signupPage, { status: 409, message: EMAIL_TAKEN, hideFields: hidePassword });
    const { user, membership } = account;
    await startSession(c, db, user.id);
    return accept(c, input.mode, {
      json: { user: publicUser(user), membership: publicMembership(membership) },
      jsonStatus: 201,
      redirect: returnPath(c),
      flash: { title: 'Account created!', description: `Welcome to ${PRODUCT_NAME}` },
    });
  })

  .post('/login', async (c) => {
    const input = await readInput(c, loginSchema);
    const hidePassword = ['password'];
    if (!input.ok) return reject(c, input, loginPage, { status: 400, hideFields: hidePassword });
    const db = c.get('db');
    const { email, password } = input.value;
    const limits = loginLimits(email, clientIp(c));
    for (const limit of limits) {
      if (await isLimited(db, limit)) {
        return reject(c, input, loginPage, {
          status: 429,
          message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
          hideFields: hidePassword,
        });
      }
    }
    const user = await findUserByEmail(db, email);
    // Unknown emails verify against a dummy hash: same work, same answer as a wrong password.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !valid) {
      for (const limit of limits) await hit(db, limit);
      return reject(c, input, loginPage, { status: 401, message: 'Invalid email or password', hideFields: hidePassword });
    }
    await clearHits(db, limits[0]!.key);
    const lastLoginAt = new Date().toISOString();
    const passwordHash = needsRehash(user.passwordHash) ? await hashPassword(password) : user.passwordHash;
    await db.update(users).set({ lastLoginAt, passwordHash }).where(eq(users.id, user.id));
    await startSession(c, db, user.id);
    const [membership] = await db.select().from(memberships).where(eq(memberships.userId, user.id));
    const next = user.mustChangePassword ? PATHS.settings : returnPath(c);
    return accept(c, input.mode, {
      json: { user: publicUser({ ...user, lastLoginAt }), membership: publicMembership(membership ?? null) },
      redirect: next,
      flash: user.mustChangePassword
        ? { title: 'Welcome back!', description: 'Please choose a new password to replace your temporary one.' }
        : { title: 'Welcome back!', description: 'Successfully logged in' },
    });
  })

  .post('/logout', async (c) => {
    const auth = c.get('auth');
    if (auth) await endSession(c.get('db'), auth.sessionId);
    clearSessionCookie(c);
    if (!isFormRequest(c)) return c.json({ message: 'Logged out' });
    setFlash(c, { title: 'Logged out', description: 'See you next time!' });
    return c.redirect(PATHS.login, 303);
  })

  .post('/forgot-password', async (c) => {
    const input = await readInput(c, forgotPasswordSchema);
    if (!input.ok) return reject(c, input, forgotPage, { status: 400 });
    const db = c.get('db');
    const { email } = input.value;
    for (const limit of resetMailLimits(email, clientIp(c))) {
      if (await hit(db, limit)) {
        return reject(c, input, forgotPage, { status: 429, message: 'Too many reset requests. Please try again in an hour.' });
      }
    }
    const origin = c.env.APP_URL || new URL(c.req.url).origin;
    // The token and email are made after the answer, so timing does not tell whether the
    // account exists (decisions.md item 13).
    c.executionCtx.waitUntil(
      (async () => {
        const user = await findUserByEmail(db, email);
        if (!user) return;
        const { token, tokenHash } = await createResetToken();
        await db.batch([
          db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id)),
          db.insert(passwordResetTokens).values({
            tokenHash,
            userId: user.id,
            expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS).toISOString(),
          }),
        ]);
        const link = `${origin}${PATHS.resetPassword}?token=${encodeURIComponent(token)}`;
        await sendMail(c.env, db, {
          to: user.email,
          subject: `Reset your ${PRODUCT_NAME} password`,
          text: `Hello${user.name ? ` ${user.name}` : ''},\n\nSomeone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link within 1 hour:\n\n${link}\n\nIf it wasn't you, ignore this email: your password stays as it is.\n\nThe ${PRODUCT_NAME} team`,
        });
      })().catch((error: unknown) => console.error('Password reset email failed', error)),
    );
    return accept(c, input.mode, {
      json: { message: "If that email exists in our system, we've sent password reset instructions." },
      redirect: `${PATHS.forgotPassword}?sent=1`,
      flash: { title: 'Email sent', description: "If that email exists in our system, we've sent password reset instructions." },
    });
  })

  .post('/reset-password', async (c) => {
    const input = await readInput(c, resetPasswordSchema, { formSchema: resetPasswordFormSchema });
    const hide = ['password', 'confirmPassword'];
    if (!input.ok) return reject(c, input, resetPage, { status: 400, hideFields: hide });
    const db = c.get('db');
    const tokenHash = await hashResetToken(input.value.token);
    const [row] = await db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.tokenHash, tokenHash), gt(passwordResetTokens.expiresAt, new Date().toISOString())))
      .limit(1);
    if (!row) return reject(c, input, resetPage, { status: 400, message: RESET_LINK_INVALID, hideFields: hide });
    // One batch: new password, token used up, every session ended.
    await db.batch([
      db.update(users).set({ passwordHash: await hashPassword(input.value.password), mustChangePassword: false }).where(eq(users.id, row.userId)),
      db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, row.userId)),
      endOtherSessions(db, row.userId, null),
    ]);
    clearSessionCookie(c);
    return accept(c, input.mode, {
      json: { message: 'Your password has been reset. You can now log in with your new password.' },
      redirect: `${PATHS.resetPassword}?done=1`,
      flash: { title: 'Your password has been reset. You can now log in with your new password.' },
    });
  })

  .post('/change-password', requireUserApi, async (c) => {
    const input = await readInput(c, changePasswordSchema, { formSchema: changePasswordFormSchema });
    const hide = ['currentPassword', 'newPassword', 'confirmPassword'];
    if (!input.ok) return reject(c, input, settingsPage, { status: 400, hideFields: hide });
    const db = c.get('db');
    const auth = currentAuth(c);
    const limit = { key: `change-password:${auth.user.id}`, max: 10, windowSeconds: FIFTEEN_MINUTES };
    if (await isLimited(db, limit)) {
      return reject(c, input, settingsPage, { status: 429, message: 'Too many attempts. Please wait 15 minutes and try again.', hideFields: hide });
    }
    if (!(await verifyPassword(input.value.currentPassword, auth.user.passwordHash))) {
      await hit(db, limit);
      return reject(c, input, settingsPage, {
        status: 400,
        message: 'Current password is incorrect',
        fieldErrors: { currentPassword: ['Current password is incorrect'] },
        hideFields: hide,
      });
    }
    // The current session stays; every other one ends (a copied cookie stops working).
    await db.batch([
      db.update(users).set({ passwordHash: await hashPassword(input.value.newPassword), mustChangePassword: false }).where(eq(users.id, auth.user.id)),
      endOtherSessions(db, auth.user.id, auth.sessionId),
    ]);
    return accept(c, input.mode, {
      json: { message: 'Password updated' },
      redirect: `${PATHS.settings}?updated=1`,
      flash: { title: 'Password updated' },
    });
  });
