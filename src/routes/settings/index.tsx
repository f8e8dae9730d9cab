// Settings (docs/product.md#account-form-rules): the page with its forms, each posting to its own
// address (POST /settings for the password, POST /settings?form=time-zone for the zone,
// ?form=reminders for the reminders, ?form=calendar-feed to reset the feed address), and the JSON
// API /api/auth/change-password, /api/auth/time-zone, /api/reminders and /api/calendar-feed
// (docs/product.md#reminders-and-mail). A participant's own account (decision 42,
// docs/product.md#your-account) is handled in account.tsx beside this file: ?form=name, email,
// email-resend, email-cancel and delete-account, and /api/account, /api/account/name,
// /api/account/email (and /resend). The page itself is rendered by page.tsx.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { feedVersion, resetFeed } from '../../data/calendar-feeds';
import { coachMailOn, setCoachMail } from '../../data/coach-mail';
import { getReminderSettings, saveReminderSettings } from '../../data/reminders';
import { clearHits, countAttempt } from '../../data/throttle';
import { changeStoredPassword, changeTimeZone, passwordHashQuery } from '../../data/users';
import { changePasswordFormSchema, changePasswordSchema, setPasswordFormSchema, setPasswordSchema } from '../../domain/auth-schemas';
import { coachMailFormSchema, coachMailSchema } from '../../domain/outreach';
import { remindersFormSchema, remindersSchema } from '../../domain/reminders';
import { timeZoneSchema, userTimeZone } from '../../domain/time-zone';
import { API, PATHS, safeReturnPath } from '../../paths';
import { setFlash, takeFailure } from '../../server/flash';
import { currentAuth, requireUserApi, requireUserPage } from '../../server/guards';
import { readInput } from '../../server/input';
import { hashPassword, passwordCost, verifyPassword } from '../../server/password';
import { accept, reject } from '../../server/respond';
import { changePasswordLimit, waitInWords } from '../../server/throttle-policy';
import { cancelPendingEmail, deleteAccount, requestEmailChange, resendEmailChange, saveName, showAccount } from './account';
import {
  feedUrls,
  publicReminders,
  renderPasswordFailure,
  renderRemindersFailure,
  renderSettingsPage,
  renderTimeZoneFailure,
  type SettingsForm,
} from './page';

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
    return reject(c, input, renderPasswordFailure, {
      status: 429,
      message: `Too many attempts. Please wait ${wait} and try again.`,
      hideFields: hide,
      retryAfterSeconds: exceeded.retryAfterSeconds,
    });
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
  await changeStoredPassword(db, auth.user.id, await hashPassword(input.value.newPassword, passwordCost(c.env)), auth.sessionId);
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
    // The zone notice's switch after a check-in from another zone comes back to its page (decision 38).
    redirect: safeReturnPath(c.req.query('return')) ?? PATHS.settings,
    flash: { title: 'Time zone saved', description: `Check-ins now follow ${timeZone.replaceAll('_', ' ')} time.` },
  });
}

/** Reminders are opt-in (decision 29): the check-in time is kept in the user's own zone. */
async function saveReminders(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, remindersSchema, { formSchema: remindersFormSchema });
  if (!input.ok) return reject(c, input, renderRemindersFailure, { status: 400 });
  const { user } = currentAuth(c);
  const saved = await saveReminderSettings(c.get('db'), user.id, input.value, userTimeZone(user.timeZone), new Date());
  const on = saved.checkInEnabled || saved.webinarsEnabled;
  return accept(c, input.mode, {
    json: publicReminders(saved),
    redirect: `${PATHS.settings}#reminders`,
    flash: { title: 'Reminders saved', description: on ? 'We will email you as you chose.' : 'No reminder emails will be sent.' },
  });
}

/** Mail from the coach on or off (decision 40); a switch: any form post is a valid choice. */
async function saveCoachMail(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, coachMailSchema, { formSchema: coachMailFormSchema });
  if (!input.ok) return reject(c, input, renderPasswordFailure, { status: 400 });
  await setCoachMail(c.get('db'), currentAuth(c).user.id, input.value.enabled);
  return accept(c, input.mode, {
    json: { enabled: input.value.enabled },
    redirect: `${PATHS.settings}#coach-mail`,
    flash: input.value.enabled
      ? { title: 'Coach mail on', description: 'Nudges and announcements from your coach come by email.' }
      : { title: 'Coach mail off', description: 'Announcements still show on your dashboard.' },
  });
}

/** 'Reset link': a new feed address; the old one answers 404 from now on. */
async function resetCalendarFeed(c: Context<AppEnv>): Promise<Response> {
  const { user } = currentAuth(c);
  const urls = await feedUrls(c, user.id, await resetFeed(c.get('db'), user.id));
  if (c.req.path !== PATHS.settings) return c.json(urls);
  setFlash(c, {
    toast: { title: 'Calendar link reset', description: 'The old address no longer works. Subscribe again with the new one.' },
  });
  return c.redirect(`${PATHS.settings}#calendar-feed`, 303);
}

const settingsForm = (c: Context<AppEnv>): SettingsForm | 'calendar-feed' | 'email-resend' | 'email-cancel' | 'coach-mail' => {
  const form = c.req.query('form');
  switch (form) {
    case 'time-zone':
    case 'reminders':
    case 'calendar-feed':
    case 'name':
    case 'email':
    case 'email-resend':
    case 'email-cancel':
    case 'delete-account':
    case 'coach-mail':
      return form;
    default:
      return 'password';
  }
};

/** What the Settings page reads with the session, in its one round trip. */
const SETTINGS_READS = ['reminders', 'feedVersion', 'pendingEmailChange', 'providerGrants', 'coachMailOptOut'] as const;

const POST_FORMS = {
  password: changePassword,
  'time-zone': saveTimeZone,
  reminders: saveReminders,
  'calendar-feed': resetCalendarFeed,
  name: saveName,
  email: requestEmailChange,
  'email-resend': resendEmailChange,
  'email-cancel': cancelPendingEmail,
  'delete-account': deleteAccount,
  'coach-mail': saveCoachMail,
} as const;

export const settingsRoutes = new Hono<AppEnv>()
  .get(PATHS.settings, requireUserPage({ reads: SETTINGS_READS }), (c) => {
    const form = settingsForm(c);
    // A button without fields (reset link, resend, cancel) answers with a toast, never a failure to show; nor does a switch.
    const shown =
      form === 'calendar-feed' || form === 'email-resend' || form === 'email-cancel' || form === 'coach-mail' ? 'password' : form;
    return renderSettingsPage(c, takeFailure(c), shown);
  })
  .post(PATHS.settings, requireUserPage(), (c) => POST_FORMS[settingsForm(c)](c))
  .post('/api/auth/change-password', requireUserApi(), changePassword)
  .post('/api/auth/time-zone', requireUserApi(), saveTimeZone)
  .get(API.reminders, requireUserApi(), async (c) =>
    c.json(publicReminders(await getReminderSettings(c.get('db'), currentAuth(c).user.id))),
  )
  .post(API.reminders, requireUserApi(), saveReminders)
  .get(API.calendarFeed, requireUserApi(), async (c) => {
    const { user } = currentAuth(c);
    return c.json(await feedUrls(c, user.id, await feedVersion(c.get('db'), user.id)));
  })
  .post(API.calendarFeedReset, requireUserApi(), resetCalendarFeed)
  .get(API.coachMail, requireUserApi(), async (c) => c.json({ enabled: await coachMailOn(c.get('db'), currentAuth(c).user.id) }))
  .post(API.coachMail, requireUserApi(), saveCoachMail)
  .get(API.account, requireUserApi(), showAccount)
  .delete(API.account, requireUserApi(), deleteAccount)
  .post(API.accountName, requireUserApi(), saveName)
  .post(API.accountEmail, requireUserApi(), requestEmailChange)
  .delete(API.accountEmail, requireUserApi(), cancelPendingEmail)
  .post(API.accountEmailResend, requireUserApi(), resendEmailChange);
