// Settings (docs/product.md#account-form-rules): the page with its two forms, each posting to its own
// address (POST /settings for the password, POST /settings?form=time-zone for the zone), and the
// JSON API /api/auth/change-password and /api/auth/time-zone.
import type { SubmissionResult } from '@conform-to/react';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { clearHits, countAttempt } from '../data/throttle';
import { changeStoredPassword, changeTimeZone, passwordHashQuery } from '../data/users';
import { changePasswordFormSchema, changePasswordSchema, setPasswordFormSchema, setPasswordSchema } from '../domain/auth-schemas';
import { timeZoneSchema } from '../domain/time-zone';
import type { Toast } from '../domain/toasts';
import { PATHS } from '../paths';
import { takeFailure, type Failure } from '../server/flash';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';
import { readInput } from '../server/input';
import { upcomingWebinars } from '../server/page-reads';
import { hashPassword, verifyPassword } from '../server/password';
import { renderPage } from '../views/render-page';
import { accept, reject } from '../server/respond';
import { changePasswordLimit, waitInWords } from '../server/throttle-policy';
import { SettingsPage } from '../views/SettingsPage';

/**
 * A message that belongs to a field shows once, beside that field: not again in the banner above
 * the form and in a toast (a wrong current password used to say so three times).
 */
function besideTheirFields(failure: Failure): { reply: SubmissionResult; toast: Toast | null } {
  const toast: Toast = { title: 'Error', description: failure.message, variant: 'destructive' };
  const fieldMessages = Object.values(failure.fieldErrors ?? {}).flat();
  if (!fieldMessages.includes(failure.message)) return { reply: failure.reply, toast };
  const { '': _banner, ...fields } = failure.reply.error ?? {};
  return { reply: { ...failure.reply, error: fields }, toast: null };
}

async function renderSettingsPage(c: Context<AppEnv>, failure: Failure | null, form: 'password' | 'time-zone'): Promise<Response> {
  const auth = currentAuth(c);
  const webinars = await upcomingWebinars(c);
  if (failure && form === 'time-zone') {
    return renderPage(c, <SettingsPage auth={auth} webinars={webinars} timeZoneError={failure.message} updated={false} />, {
      title: 'Settings',
      status: failure.status,
      toast: { title: 'Error', description: failure.message, variant: 'destructive' },
    });
  }
  const shown = failure && besideTheirFields(failure);
  return renderPage(c, <SettingsPage auth={auth} webinars={webinars} lastResult={shown?.reply} updated={!failure && c.req.query('updated') === '1'} />, {
    title: 'Settings',
    status: failure?.status,
    toast: shown?.toast,
  });
}

const renderPasswordFailure = (c: Context<AppEnv>, failure: Failure) => renderSettingsPage(c, failure, 'password');
const renderTimeZoneFailure = (c: Context<AppEnv>, failure: Failure) => renderSettingsPage(c, failure, 'time-zone');

async function changePassword(c: Context<AppEnv>): Promise<Response> {
  const auth = currentAuth(c);
  // Replacing a temporary password: the sign-in with it proved it, so it is not asked again, and
  // the new password leads on to the dashboard (docs/product.md#temporary-password-gate).
  const temporary = auth.user.mustChangePassword;
  const input = temporary
    ? await readInput(c, setPasswordSchema, { formSchema: setPasswordFormSchema })
    : await readInput(c, changePasswordSchema, { formSchema: changePasswordFormSchema });
  const hide = ['currentPassword', 'newPassword', 'confirmPassword'];
  if (!input.ok) return reject(c, input, renderPasswordFailure, { status: 400, hideFields: hide });
  const db = c.get('db');
  const limit = changePasswordLimit(c.env, auth.user.id);
  // The stored hash is read here only, with the attempt's count (never with the session).
  const [exceeded, [stored]] = await countAttempt(db, [limit], undefined, passwordHashQuery(db, auth.user.id));
  if (exceeded) {
    const wait = waitInWords(exceeded.retryAfterSeconds);
    return reject(c, input, renderPasswordFailure, { status: 429, message: `Too many attempts. Please wait ${wait} and try again.`, hideFields: hide, retryAfterSeconds: exceeded.retryAfterSeconds });
  }
  if (!stored || (!temporary && !(await verifyPassword(input.value.currentPassword ?? '', stored.passwordHash)))) {
    return reject(c, input, renderPasswordFailure, {
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
    redirect: temporary ? PATHS.dashboard : `${PATHS.settings}?updated=1`,
    flash: { title: 'Password updated' },
  });
}
async function saveTimeZone(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, timeZoneSchema);
  if (!input.ok) return reject(c, input, renderTimeZoneFailure, { status: 400 });
  const { timeZone } = input.value;
  await changeTimeZone(c.get('db'), currentAuth(c).user.id, timeZone);
  return accept(c, input.mode, {
    json: { timeZone },
    redirect: PATHS.settings,
    flash: { title: 'Time zone saved', description: `Check-ins now follow ${timeZone.replaceAll('_', ' ')} time.` },
  });
}

const isTimeZoneForm = (c: Context<AppEnv>) => c.req.query('form') === 'time-zone';

export const settingsRoutes = new Hono<AppEnv>()
  .get(PATHS.settings, requireUserPage(), (c) => renderSettingsPage(c, takeFailure(c), isTimeZoneForm(c) ? 'time-zone' : 'password'))
  .post(PATHS.settings, requireUserPage(), (c) => (isTimeZoneForm(c) ? saveTimeZone(c) : changePassword(c)))
  .post('/api/auth/change-password', requireUserApi(), changePassword)
  .post('/api/auth/time-zone', requireUserApi(), saveTimeZone);
