// Admins' second factor (decision 43, docs/product.md#second-factor-for-admins): the sign-in's code
// step (/login/code, POST /api/auth/second-factor), setting it up and turning it off
// (/settings/two-factor, POST /api/account/second-factor/setup|enable|disable), and another admin's
// reset (POST /admin/users/:id?action=second-factor, POST /api/admin/users/:id/second-factor/reset).
// Every code typed counts against the user's code limits first (src/server/throttle-policy.ts).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { Auth } from '../data/auth-sessions';
import {
  acceptCodeStep,
  disableSecondFactor,
  enableSecondFactor,
  keepSetupSecret,
  markSessionVerified,
  readSecondFactorAndCodes,
  replaceSetupSecret,
  resetSecondFactor,
  secondFactorQuery,
  spendRecoveryCode,
} from '../data/second-factor';
import { countAttempt, type Exceeded } from '../data/throttle';
import { publicMembership, publicUser } from '../data/users';
import { confirmationRefusal } from '../domain/admin';
import type { FieldErrors } from '../domain/field-errors';
import { codeOrRecoverySchema, enableSchema, formatRecoveryCode, RESET_CONFIRM_WORD, resetSchema } from '../domain/second-factor';
import { adminUserPath, PATHS, safeReturnPath } from '../paths';
import { loadAuth } from '../server/auth-session';
import { secondFactorMode } from '../server/config';
import { HttpError } from '../server/errors';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { currentAuth, requireAdminApi, requireAdminPage, requireUserApi, requireUserPage } from '../server/guards';
import { type Input, isFormRequest, readInput } from '../server/input';
import { upcomingWebinars } from '../server/page-reads';
import { accept, type RenderFailure, reject } from '../server/respond';
import {
  codeStep,
  hashRecoveryCode,
  isTotpCode,
  keepRecoveryCodes,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrCodeSvg,
  sessionStep,
  takeRecoveryCodes,
} from '../server/second-factor';
import { secondFactorLimits, waitInWords } from '../server/throttle-policy';
import { LoginCodePage, loginCodePath } from '../views/LoginCodePage';
import { renderPage } from '../views/render-page';
import { SECOND_FACTOR_ACTION } from '../views/SecondFactorReset';
import { type TwoFactorForm, TwoFactorPage, type TwoFactorState } from '../views/TwoFactorPage';

const INVALID_CODE = 'Invalid code: check your authenticator app and try again';
const USED_CODE = 'That code was already used: wait for the next one and try again';
const INVALID_RECOVERY_CODE = 'Invalid recovery code, or one already used';
const ALREADY_ON = 'Two-factor authentication is already on';
const NOT_ON = 'Two-factor authentication is not on';

/** Why a request is refused: the status, the words, and whether they belong beside the code field. */
interface Refusal {
  status: 400 | 401 | 404 | 409 | 429;
  message: string;
  field?: 'code' | 'confirm';
  retryAfterSeconds?: number;
}

const throttled = (exceeded: Exceeded): Refusal => ({
  status: 429,
  message: `Too many code attempts. Please wait ${waitInWords(exceeded.retryAfterSeconds)} and try again.`,
  retryAfterSeconds: exceeded.retryAfterSeconds,
});

/** Answers a refusal as JSON, or back to the form's page (a code is never echoed into it). */
function refuse(c: Context<AppEnv>, input: Input<unknown>, render: RenderFailure, refusal: Refusal): Response | Promise<Response> {
  const fieldErrors: FieldErrors | undefined = refusal.field ? { [refusal.field]: [refusal.message] } : undefined;
  return reject(c, input, render, {
    status: refusal.status,
    message: refusal.message,
    fieldErrors,
    hideFields: ['code'],
    retryAfterSeconds: refusal.retryAfterSeconds,
  });
}

/**
 * Checks a code of the user's second factor, counted against their code limits first: a 6-digit
 * code of a time step newer than the last one accepted (each code works once), or an unused
 * recovery code (used up here). `wrongStatus`: 401 at sign-in (as a wrong password), else 400.
 */
async function proveCode(
  c: Context<AppEnv>,
  userId: string,
  code: string,
  wrongStatus: 400 | 401,
): Promise<Refusal | { clearKeys: string[] }> {
  const db = c.get('db');
  const limits = secondFactorLimits(c.env, userId);
  const [exceeded, [row]] = await countAttempt(db, limits, undefined, secondFactorQuery(db, userId));
  if (exceeded) return throttled(exceeded);
  if (!row?.enabledAt) return { status: 409, message: NOT_ON };
  if (isTotpCode(code)) {
    const step = codeStep(row.secret, code);
    if (step === null) return { status: wrongStatus, message: INVALID_CODE, field: 'code' };
    if (!(await acceptCodeStep(db, userId, step))) return { status: wrongStatus, message: USED_CODE, field: 'code' };
  } else if (!(await spendRecoveryCode(db, userId, await hashRecoveryCode(userId, code)))) {
    return { status: wrongStatus, message: INVALID_RECOVERY_CODE, field: 'code' };
  }
  return { clearKeys: limits.map((limit) => limit.key) };
}

// --- The sign-in's code step ---

/** Where the sign-in goes once the code is given: a temporary password first, else `next` or the dashboard. */
function afterCode(c: Context<AppEnv>, auth: Auth): string {
  return auth.user.mustChangePassword ? PATHS.settings : (safeReturnPath(c.req.query('next')) ?? PATHS.dashboard);
}

function renderCodePage(c: Context<AppEnv>, failure: Failure | null): Response {
  const next = safeReturnPath(c.req.query('next'));
  const recovery = c.req.query('recovery') === '1';
  return renderPage(
    c,
    <LoginCodePage
      recovery={recovery}
      action={loginCodePath(next, recovery)}
      otherWay={loginCodePath(next, !recovery)}
      error={failure && { message: failure.message, field: Boolean(failure.fieldErrors?.code) }}
    />,
    { title: 'Two-factor authentication', status: failure?.status },
  );
}

async function signInCode(c: Context<AppEnv>): Promise<Response> {
  const auth = await loadAuth(c);
  const form = isFormRequest(c);
  if (!auth) {
    if (form) return c.redirect(PATHS.login, 303);
    throw new HttpError(401, 'Not signed in');
  }
  if (sessionStep(c, auth) !== 'code') {
    if (form) return c.redirect(afterCode(c, auth), 303);
    throw new HttpError(409, 'This session needs no code');
  }
  const input = await readInput(c, codeOrRecoverySchema);
  if (!input.ok) return reject(c, input, renderCodePage, { status: 400, hideFields: ['code'] });
  const proof = await proveCode(c, auth.user.id, input.value.code, 401);
  if ('status' in proof) return refuse(c, input, renderCodePage, proof);
  await markSessionVerified(c.get('db'), auth.sessionId, proof.clearKeys);
  return accept(c, input.mode, {
    json: {
      user: publicUser(auth.user),
      membership: publicMembership(auth.membership),
      secondFactor: { enabled: true, verified: true },
    },
    redirect: afterCode(c, auth),
    flash: auth.user.mustChangePassword
      ? { title: 'Welcome back!', description: 'Please choose a new password to replace your temporary one.' }
      : isTotpCode(input.value.code)
        ? { title: 'Welcome back!', description: 'Successfully logged in' }
        : { title: 'Welcome back!', description: 'You signed in with a recovery code: it cannot be used again.' },
  });
}

// --- Setting it up and turning it off (/settings/two-factor) ---

/** The second factor is the admins': anyone else is sent back to Settings (a page) or refused (an API). */
async function adminsOnly(c: Context<AppEnv>, next: () => Promise<void>): Promise<Response | undefined> {
  if (currentAuth(c).user.role === 'admin') {
    await next();
    return;
  }
  if (c.req.path.startsWith('/api/')) throw new HttpError(403, 'Admins only');
  return c.redirect(PATHS.settings, 303);
}

const twoFactorForm = (c: Context<AppEnv>): TwoFactorForm => {
  const form = c.req.query('form');
  return form === 'disable' || form === 'new-key' ? form : 'enable';
};

async function renderTwoFactorPage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
  const auth = currentAuth(c);
  const db = c.get('db');
  const [webinars, recoveryCodes, { row, recoveryCodesLeft }] = await Promise.all([
    upcomingWebinars(c),
    takeRecoveryCodes(c, auth.user.id),
    readSecondFactorAndCodes(db, auth.user.id),
  ]);
  let state: TwoFactorState;
  if (recoveryCodes && row?.enabledAt) state = { kind: 'codes', recoveryCodes };
  else if (row?.enabledAt) state = { kind: 'on', since: row.enabledAt, recoveryCodesLeft };
  else {
    // The key being set up stays the same across reloads, until 'Use a new key'.
    const { secret } = row ?? (await keepSetupSecret(db, auth.user.id, newTotpSecret()));
    const url = otpauthUrl(secret, auth.user.email);
    state = { kind: 'setup', secret, otpauthUrl: url, qrSvg: qrCodeSvg(url) };
  }
  const field = Boolean(failure?.fieldErrors?.code);
  return renderPage(
    c,
    <TwoFactorPage
      auth={auth}
      webinars={webinars}
      state={state}
      required={secondFactorMode(c.env) === 'required'}
      failure={failure && { form: twoFactorForm(c), message: failure.message, field }}
    />,
    {
      title: 'Two-factor authentication',
      status: failure?.status,
      // A message beside its field shows once, there; any other (a wait) in the banner and a toast.
      toast: failure && !field ? { title: 'Error', description: failure.message, variant: 'destructive' } : undefined,
    },
  );
}

/** A new key to set up (the form's 'Use a new key', the API's setup): `{ secret, otpauthUrl }`. */
async function newKey(c: Context<AppEnv>): Promise<Response> {
  const { user } = currentAuth(c);
  const row = await replaceSetupSecret(c.get('db'), user.id, newTotpSecret());
  const api = c.req.path.startsWith('/api/');
  if (!row) {
    if (api) throw new HttpError(409, ALREADY_ON);
    return c.redirect(PATHS.twoFactor, 303);
  }
  if (api) return c.json({ secret: row.secret, otpauthUrl: otpauthUrl(row.secret, user.email) });
  setFlash(c, { toast: { title: 'New key', description: 'Scan the new QR code: the old key no longer works.' } });
  return c.redirect(PATHS.twoFactor, 303);
}

/** Turns it on with a code of the key being set up; answers the ten recovery codes, once. */
async function enable(c: Context<AppEnv>): Promise<Response> {
  const auth = currentAuth(c);
  const userId = auth.user.id;
  const input = await readInput(c, enableSchema);
  if (!input.ok) return reject(c, input, renderTwoFactorPage, { status: 400, hideFields: ['code'] });
  const db = c.get('db');
  const limits = secondFactorLimits(c.env, userId);
  const [exceeded, [row]] = await countAttempt(db, limits, undefined, secondFactorQuery(db, userId));
  if (exceeded) return refuse(c, input, renderTwoFactorPage, throttled(exceeded));
  if (!row) return refuse(c, input, renderTwoFactorPage, { status: 409, message: 'Set up a key first' });
  if (row.enabledAt) return refuse(c, input, renderTwoFactorPage, { status: 409, message: ALREADY_ON });
  const step = codeStep(row.secret, input.value.code);
  if (step === null) return refuse(c, input, renderTwoFactorPage, { status: 400, message: INVALID_CODE, field: 'code' });
  const codes = newRecoveryCodes();
  const enabled = await enableSecondFactor(db, {
    userId,
    secret: row.secret,
    step,
    sessionId: auth.sessionId,
    codeHashes: await Promise.all(codes.map((code) => hashRecoveryCode(userId, code))),
    clearKeys: limits.map((limit) => limit.key),
  });
  if (!enabled) {
    return refuse(c, input, renderTwoFactorPage, { status: 409, message: 'The key changed meanwhile: reload the page and try again' });
  }
  if (input.mode === 'form') await keepRecoveryCodes(c, userId, codes);
  return accept(c, input.mode, {
    json: { recoveryCodes: codes.map(formatRecoveryCode) },
    redirect: PATHS.twoFactor,
    flash: { title: 'Two-factor authentication is on', description: 'Save your recovery codes now: they are shown only once.' },
  });
}

/** Turns it off with a code from the app or a recovery code. */
async function disable(c: Context<AppEnv>): Promise<Response> {
  const { user } = currentAuth(c);
  const input = await readInput(c, codeOrRecoverySchema);
  if (!input.ok) return reject(c, input, renderTwoFactorPage, { status: 400, hideFields: ['code'] });
  const proof = await proveCode(c, user.id, input.value.code, 400);
  if ('status' in proof) return refuse(c, input, renderTwoFactorPage, proof);
  await disableSecondFactor(c.get('db'), user.id, proof.clearKeys);
  const required = secondFactorMode(c.env) === 'required';
  return accept(c, input.mode, {
    json: { message: 'Two-factor authentication is off' },
    redirect: PATHS.twoFactor,
    flash: {
      title: 'Two-factor authentication is off',
      description: required ? 'Admin pages stay closed until you turn it on again.' : 'Signing in asks for your password only.',
    },
  });
}

const POST_FORMS = { enable, disable, 'new-key': newKey } as const;

// --- Another admin's reset (/admin/users/:id) ---

/** Resets another admin's second factor, with its audit entry; never one's own (that asks a code, in Settings). */
async function resetOther(
  c: Context<AppEnv>,
  userId: string,
  typed: string | undefined,
  required: boolean,
): Promise<Refusal | { email: string }> {
  const admin = currentAuth(c).user;
  if (admin.id === userId) {
    return { status: 409, message: 'Turn your own second factor off in Settings, with a code' };
  }
  const refusal = confirmationRefusal(typed, RESET_CONFIRM_WORD, required);
  if (refusal) return { status: 400, message: refusal, field: 'confirm' };
  const outcome = await resetSecondFactor(c.get('db'), userId, admin.email);
  if (outcome.kind === 'not-found') return { status: 404, message: 'User not found' };
  if (outcome.kind === 'none') return { status: 409, message: 'They have no second factor to reset' };
  return { email: outcome.email };
}

/**
 * The participant page's form post `?action=second-factor`. The page and its other actions are
 * src/routes/admin-user.tsx's: this handler is mounted before it (src/app.tsx) and passes every
 * other action on. A refused reset goes back to the page, which shows it beside this form.
 */
async function resetFromPage(c: Context<AppEnv>, next: () => Promise<void>): Promise<Response | undefined> {
  if (c.req.query('action') !== SECOND_FACTOR_ACTION) {
    await next();
    return;
  }
  const userId = c.req.param('id') ?? '';
  const page = adminUserPath(userId);
  const input = await readInput(c, resetSchema);
  // The page's own renderer is admin-user.tsx's: a failure too large for the flash (never one of
  // these) would go back to the plain page.
  const backToPage: RenderFailure = () => c.redirect(page, 303);
  if (!input.ok) return reject(c, input, backToPage, { status: 400 });
  const outcome = await resetOther(c, userId, input.value.confirm, true);
  if ('status' in outcome) return refuse(c, input, backToPage, outcome);
  return accept(c, input.mode, {
    json: { message: 'Second factor reset' },
    redirect: page,
    flash: { title: 'Second factor reset', description: `${outcome.email} is signed out everywhere and can set it up again.` },
  });
}

export const secondFactorRoutes = new Hono<AppEnv>()
  .get(PATHS.loginCode, async (c) => {
    const auth = await loadAuth(c);
    if (!auth) return c.redirect(PATHS.login, 303);
    if (sessionStep(c, auth) !== 'code') return c.redirect(afterCode(c, auth), 303);
    return renderCodePage(c, takeFailure(c));
  })
  .post(PATHS.loginCode, signInCode)
  .post('/api/auth/second-factor', signInCode)

  .get(PATHS.twoFactor, requireUserPage(), adminsOnly, (c) => renderTwoFactorPage(c, takeFailure(c)))
  .post(PATHS.twoFactor, requireUserPage(), adminsOnly, (c) => POST_FORMS[twoFactorForm(c)](c))
  .post('/api/account/second-factor/setup', requireUserApi(), adminsOnly, newKey)
  .post('/api/account/second-factor/enable', requireUserApi(), adminsOnly, enable)
  .post('/api/account/second-factor/disable', requireUserApi(), adminsOnly, disable)

  .post(`${PATHS.adminUsers}/:id`, requireAdminPage(), resetFromPage)
  .post('/api/admin/users/:id/second-factor/reset', requireAdminApi(), async (c) => {
    const input = await readInput(c, resetSchema);
    if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
    const outcome = await resetOther(c, c.req.param('id').slice(0, 64), input.value.confirm, false);
    if ('status' in outcome) {
      throw new HttpError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : undefined);
    }
    return c.json({ message: 'Second factor reset' });
  });
