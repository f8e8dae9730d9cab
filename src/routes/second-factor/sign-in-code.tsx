// The sign-in's code step (decision 43): /login/code and POST /api/auth/second-factor.
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Auth } from '../../data/auth-sessions';
import { markSessionVerified } from '../../data/second-factor';
import { publicMembership, publicUser } from '../../data/users';
import { codeOrRecoverySchema } from '../../domain/second-factor';
import { PATHS, safeReturnPath } from '../../paths';
import { loadAuth } from '../../server/auth-session';
import { HttpError } from '../../server/errors';
import type { Failure } from '../../server/flash';
import { isFormRequest, readInput } from '../../server/input';
import { accept, reject } from '../../server/respond';
import { isTotpCode, sessionStep } from '../../server/second-factor';
import { LoginCodePage, loginCodePath } from '../../views/LoginCodePage';
import { renderPage } from '../../views/render-page';
import { proveCode, refuse } from './shared';

/** Where the sign-in goes once the code is given: a temporary password first, else `next` or the dashboard. */
export function afterCode(c: Context<AppEnv>, auth: Auth): string {
  return auth.user.mustChangePassword ? PATHS.settings : (safeReturnPath(c.req.query('next')) ?? PATHS.dashboard);
}

export function renderCodePage(c: Context<AppEnv>, failure: Failure | null): Response {
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

export async function signInCode(c: Context<AppEnv>): Promise<Response> {
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
