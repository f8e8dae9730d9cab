// Setting the second factor up and turning it off (decision 43): /settings/two-factor and
// POST /api/account/second-factor/setup|enable|disable.
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import {
  disableSecondFactor,
  enableSecondFactor,
  keepSetupSecret,
  readSecondFactorAndCodes,
  replaceSetupSecret,
  secondFactorQuery,
} from '../../data/second-factor';
import { countAttempt } from '../../data/throttle';
import { codeOrRecoverySchema, enableSchema, formatRecoveryCode } from '../../domain/second-factor';
import { PATHS } from '../../paths';
import { secondFactorMode } from '../../server/config';
import { HttpError } from '../../server/errors';
import { type Failure, setFlash } from '../../server/flash';
import { currentAuth } from '../../server/guards';
import { readInput } from '../../server/input';
import { upcomingWebinars } from '../../server/page-reads';
import { accept, reject } from '../../server/respond';
import {
  codeStep,
  hashRecoveryCode,
  keepRecoveryCodes,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrCodeSvg,
  takeRecoveryCodes,
} from '../../server/second-factor';
import { secondFactorLimits } from '../../server/throttle-policy';
import { renderPage } from '../../views/render-page';
import { type TwoFactorForm, TwoFactorPage, type TwoFactorState } from '../../views/TwoFactorPage';
import { ALREADY_ON, INVALID_CODE, proveCode, refuse, throttled } from './shared';

/** The second factor is the admins': anyone else is sent back to Settings (a page) or refused (an API). */
export async function adminsOnly(c: Context<AppEnv>, next: () => Promise<void>): Promise<Response | undefined> {
  if (currentAuth(c).user.role === 'admin') {
    await next();
    return;
  }
  if (c.req.path.startsWith('/api/')) throw new HttpError(403, 'Admins only');
  return c.redirect(PATHS.settings, 303);
}

export const twoFactorForm = (c: Context<AppEnv>): TwoFactorForm => {
  const form = c.req.query('form');
  return form === 'disable' || form === 'new-key' ? form : 'enable';
};

export async function renderTwoFactorPage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
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
export async function newKey(c: Context<AppEnv>): Promise<Response> {
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
export async function enable(c: Context<AppEnv>): Promise<Response> {
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
export async function disable(c: Context<AppEnv>): Promise<Response> {
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

export const POST_FORMS = { enable, disable, 'new-key': newKey } as const;
