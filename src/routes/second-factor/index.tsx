// Admins' second factor (decision 43, docs/product.md#second-factor-for-admins): the sign-in's code
// step (/login/code, POST /api/auth/second-factor), setting it up and turning it off
// (/settings/two-factor, POST /api/account/second-factor/setup|enable|disable), and another admin's
// reset (POST /admin/users/:id?action=second-factor, POST /api/admin/users/:id/second-factor/reset).
// Every code typed counts against the user's code limits first (src/server/throttle-policy.ts).
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { resetSchema } from '../../domain/second-factor';
import { PATHS } from '../../paths';
import { loadAuth } from '../../server/auth-session';
import { HttpError } from '../../server/errors';
import { takeFailure } from '../../server/flash';
import { requireAdminApi, requireAdminPage, requireUserApi, requireUserPage } from '../../server/guards';
import { readInput } from '../../server/input';
import { sessionStep } from '../../server/second-factor';
import { resetFromPage, resetOther } from './admin-reset';
import { adminsOnly, disable, enable, newKey, POST_FORMS, renderTwoFactorPage, twoFactorForm } from './settings';
import { afterCode, renderCodePage, signInCode } from './sign-in-code';

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
