// Signing in and out (docs/product.md#accounts-and-sign-in): the /login page with its two tabs, whose forms
// post to its own address (POST /login, POST /login?tab=signup), and the JSON API at /api/auth
// (signup, login, logout, me). A failure comes back to the page that was posted.

import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { recordSignIn } from '../data/auth-sessions';
import { isOpenForEnrolment } from '../data/cohorts';
import { countAttempt } from '../data/throttle';
import { createAccount, findUserByEmail, publicMembership, publicUser } from '../data/users';
import { EMAIL_TAKEN } from '../domain/accounts';
import { CLOSED_COHORT, loginSchema, signupSchema } from '../domain/auth-schemas';
import { publicCohort } from '../domain/cohorts';
import { PRODUCT_NAME } from '../domain/product';
import { calendarDay, userTimeZone } from '../domain/time-zone';
import { PATHS, safeReturnPath } from '../paths';
import { clearSessionCookie, endSession, loadAuth, newSession, setSessionCookie, startSession } from '../server/auth-session';
import { coachDay } from '../server/coach-day';
import { signupPlan } from '../server/config';
import { countSignIn, rememberDevice } from '../server/device-cookie';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { isFormRequest, readInput } from '../server/input';
import { dummyPasswordHash, hashPassword, needsRehash, passwordCost, verifyPassword } from '../server/password';
import { accept, reject } from '../server/respond';
import { secondFactorAtSignIn } from '../server/second-factor';
import { clientIp, loginAccountKeys, loginDeviceKey, signupLimit, waitInWords } from '../server/throttle-policy';
import { sendVerificationLink } from '../server/verification-mail';
import { LoginPage } from '../views/LoginPage';
import { renderPage } from '../views/render-page';

/** Where to go after signing in: the page that sent the visitor to /login, or the dashboard. */
function returnPath(c: Context<AppEnv>): string {
  return safeReturnPath(c.req.query('next')) ?? PATHS.dashboard;
}

type Tab = 'login' | 'signup';

function renderLoginPage(c: Context<AppEnv>, tab: Tab, failure: Failure | null): Response {
  const result = failure?.reply ?? null;
  return renderPage(
    c,
    <LoginPage
      tab={tab}
      returnTo={safeReturnPath(c.req.query('next'))}
      loginResult={tab === 'login' ? result : null}
      signupResult={tab === 'signup' ? result : null}
    />,
    {
      title: tab === 'signup' ? 'Sign Up' : 'Login',
      status: failure?.status,
      toast: failure && {
        title: tab === 'signup' ? 'Signup failed' : 'Login failed',
        description: failure.message,
        variant: 'destructive',
      },
    },
  );
}

const renderLoginFailure = (c: Context<AppEnv>, failure: Failure) => renderLoginPage(c, 'login', failure);
const renderSignupFailure = (c: Context<AppEnv>, failure: Failure) => renderLoginPage(c, 'signup', failure);

async function signup(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, signupSchema);
  const hidePassword = ['password'];
  if (!input.ok) return reject(c, input, renderSignupFailure, { status: 400, hideFields: hidePassword });
  const db = c.get('db');
  const { email, password, name, timeZone, cohort } = input.value;
  const exceeded = await countAttempt(db, [signupLimit(c.env, clientIp(c))]);
  if (exceeded) {
    return reject(c, input, renderSignupFailure, {
      status: 429,
      message: `Too many sign-ups from here. Please try again in ${waitInWords(exceeded.retryAfterSeconds)}.`,
      hideFields: hidePassword,
      retryAfterSeconds: exceeded.retryAfterSeconds,
    });
  }
  if (await findUserByEmail(db, email)) {
    return reject(c, input, renderSignupFailure, { status: 409, message: EMAIL_TAKEN, hideFields: hidePassword });
  }
  if (cohort && !(await isOpenForEnrolment(db, cohort))) {
    return reject(c, input, renderSignupFailure, {
      status: 400,
      message: CLOSED_COHORT,
      fieldErrors: { cohort: [CLOSED_COHORT] },
      hideFields: hidePassword,
    });
  }
  const account = await createAccount(db, {
    email,
    name: name ?? null,
    passwordHash: await hashPassword(password, passwordCost(c.env)),
    // Never admin: anyone can type any address (docs/product.md#plans-and-memberships).
    role: 'user',
    plan: signupPlan(c.env),
    timeZone,
    cohortId: cohort,
    coachDay: coachDay(c),
    // The sign-up starts a session, so it counts as the account's first sign-in.
    signedInAt: new Date().toISOString(),
  }).catch((error: unknown) => {
    // Two sign-ups racing for one email: the unique index decides, the loser gets the 409.
    if (String(error).includes('UNIQUE')) return null;
    throw error;
  });
  if (!account) return reject(c, input, renderSignupFailure, { status: 409, message: EMAIL_TAKEN, hideFields: hidePassword });
  const { user, membership } = account;
  await startSession(c, db, user.id);
  await rememberDevice(c, user);
  sendVerificationLink(c, user);
  return accept(c, input.mode, {
    json: { user: publicUser(user), membership: publicMembership(membership) },
    jsonStatus: 201,
    redirect: returnPath(c),
    flash: { title: 'Account created!', description: `Welcome to ${PRODUCT_NAME}` },
  });
}

async function login(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, loginSchema);
  const hidePassword = ['password'];
  if (!input.ok) return reject(c, input, renderLoginFailure, { status: 400, hideFields: hidePassword });
  const db = c.get('db');
  const { email, password } = input.value;
  // Counted before the password work, so a burst of parallel guesses is cut off at the limit;
  // the account is looked up in the same round trip. A browser that signed in to the account
  // before (its device cookie) is counted on its own, so nobody else's guesses lock it out.
  const { exceeded, user, device } = await countSignIn(c, email);
  if (exceeded) {
    return reject(c, input, renderLoginFailure, {
      status: 429,
      message: `Too many sign-in attempts. Please wait ${waitInWords(exceeded.retryAfterSeconds)} and try again, or reset your password.`,
      hideFields: hidePassword,
      retryAfterSeconds: exceeded.retryAfterSeconds,
    });
  }
  // Unknown emails verify against a dummy hash: same work, same answer as a wrong password.
  const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash(passwordCost(c.env))));
  if (!user || !valid)
    return reject(c, input, renderLoginFailure, { status: 401, message: 'Invalid email or password', hideFields: hidePassword });
  const lastLoginAt = new Date().toISOString();
  const session = newSession(user.id);
  const membership = await recordSignIn(db, {
    userId: user.id,
    sessionId: session.sessionId,
    expiresAt: session.expires.toISOString(),
    lastLoginAt,
    passwordHash: needsRehash(user.passwordHash, passwordCost(c.env))
      ? await hashPassword(password, passwordCost(c.env))
      : user.passwordHash,
    clearKeys: [...loginAccountKeys(c.env, email), ...(device ? [loginDeviceKey(c.env, device.deviceId)] : [])],
  });
  await setSessionCookie(c, session);
  await rememberDevice(c, user);
  const next = user.mustChangePassword ? PATHS.settings : returnPath(c);
  // Decision 43: an admin may still have the code step, or setting up the second factor, to do.
  const secondFactor = await secondFactorAtSignIn(c, user, next);
  return accept(c, input.mode, {
    json: {
      user: publicUser({ ...user, lastLoginAt }),
      membership: publicMembership(membership ?? null),
      ...(secondFactor && { secondFactor: secondFactor.json }),
    },
    redirect: secondFactor?.redirect ?? next,
    flash: secondFactor?.redirect
      ? secondFactor.flash
      : user.mustChangePassword
        ? { title: 'Welcome back!', description: 'Please choose a new password to replace your temporary one.' }
        : { title: 'Welcome back!', description: 'Successfully logged in' },
  });
}

async function logout(c: Context<AppEnv>): Promise<Response> {
  const auth = await loadAuth(c);
  if (auth) await endSession(c.get('db'), auth.sessionId);
  clearSessionCookie(c);
  if (!isFormRequest(c)) return c.json({ message: 'Logged out' });
  setFlash(c, { toast: { title: 'Logged out', description: 'See you next time!' } });
  return c.redirect(PATHS.login, 303);
}

export const signInRoutes = new Hono<AppEnv>()
  .get(PATHS.login, async (c) => {
    if (await loadAuth(c)) return c.redirect(returnPath(c), 302);
    return renderLoginPage(c, c.req.query('tab') === 'signup' ? 'signup' : 'login', takeFailure(c));
  })
  .post(PATHS.login, (c) => (c.req.query('tab') === 'signup' ? signup(c) : login(c)))

  .get('/api/auth/me', async (c) => {
    const auth = await loadAuth(c);
    if (!auth) return c.json({ message: 'Not signed in' }, 401);
    return c.json({
      user: publicUser(auth.user),
      membership: publicMembership(auth.membership),
      cohort: auth.cohort && publicCohort(auth.cohort, calendarDay(new Date(), userTimeZone(auth.user.timeZone))),
      // Decision 43: whether an admin's second factor is on, and whether this session gave its code.
      ...(auth.user.role === 'admin' && { secondFactor: auth.secondFactor }),
    });
  })
  .post('/api/auth/signup', signup)
  .post('/api/auth/login', login)
  .post('/api/auth/logout', logout);
