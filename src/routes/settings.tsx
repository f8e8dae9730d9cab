// Settings (docs/product.md#account-form-rules): the page with its forms, each posting to its own
// address (POST /settings for the password, POST /settings?form=time-zone for the zone,
// ?form=reminders for the reminders, ?form=calendar-feed to reset the feed address), and the JSON
// API /api/auth/change-password, /api/auth/time-zone, /api/reminders and /api/calendar-feed
// (docs/product.md#reminders-and-mail).
import type { SubmissionResult } from '@conform-to/react';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { feedVersion, resetFeed } from '../data/calendar-feeds';
import { getReminderSettings, type ReminderSettings, saveReminderSettings } from '../data/reminders';
import { clearHits, countAttempt } from '../data/throttle';
import { changeStoredPassword, changeTimeZone, passwordHashQuery } from '../data/users';
import { changePasswordFormSchema, changePasswordSchema, setPasswordFormSchema, setPasswordSchema } from '../domain/auth-schemas';
import { formatLocalTime, remindersFormSchema, remindersSchema } from '../domain/reminders';
import { timeZoneSchema, userTimeZone } from '../domain/time-zone';
import type { Toast } from '../domain/toasts';
import { feedToken } from '../mail/links';
import { API, PATHS } from '../paths';
import { appOrigin } from '../server/config';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';
import { readInput } from '../server/input';
import { upcomingWebinars, userFeedVersion, userReminders } from '../server/page-reads';
import { hashPassword, passwordCost, verifyPassword } from '../server/password';
import { accept, reject } from '../server/respond';
import { changePasswordLimit, waitInWords } from '../server/throttle-policy';
import { renderPage } from '../views/render-page';
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

type SettingsForm = 'password' | 'time-zone' | 'reminders';

/** The reminder choices as the API and the form show them. */
function publicReminders(settings: ReminderSettings) {
  return {
    checkIn: { enabled: settings.checkInEnabled, localTime: formatLocalTime(settings.checkInMinute) },
    webinars: { enabled: settings.webinarsEnabled },
  };
}

/** The private feed's https address and its webcal:// twin (calendar apps subscribe to that one). */
async function feedUrls(c: Context<AppEnv>, userId: string, version: number): Promise<{ url: string; webcalUrl: string }> {
  const url = `${appOrigin(c)}${PATHS.calendarFeed}/${await feedToken(c.env.JWT_SECRET, userId, version)}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

async function renderSettingsPage(c: Context<AppEnv>, failure: Failure | null, form: SettingsForm): Promise<Response> {
  const auth = currentAuth(c);
  const [webinars, reminders, version] = await Promise.all([upcomingWebinars(c), userReminders(c), userFeedVersion(c)]);
  const extras = {
    reminders: publicReminders(reminders),
    feed: await feedUrls(c, auth.user.id, version),
    timeZone: userTimeZone(auth.user.timeZone),
  };
  if (failure && form === 'reminders') {
    return renderPage(c, <SettingsPage auth={auth} webinars={webinars} {...extras} remindersError={failure.message} updated={false} />, {
      title: 'Settings',
      status: failure.status,
      toast: { title: 'Error', description: failure.message, variant: 'destructive' },
    });
  }
  if (failure && form === 'time-zone') {
    return renderPage(c, <SettingsPage auth={auth} webinars={webinars} {...extras} timeZoneError={failure.message} updated={false} />, {
      title: 'Settings',
      status: failure.status,
      toast: { title: 'Error', description: failure.message, variant: 'destructive' },
    });
  }
  const shown = failure && besideTheirFields(failure);
  return renderPage(
    c,
    <SettingsPage
      auth={auth}
      webinars={webinars}
      {...extras}
      lastResult={shown?.reply}
      updated={!failure && c.req.query('updated') === '1'}
    />,
    {
      title: 'Settings',
      status: failure?.status,
      toast: shown?.toast,
    },
  );
}

const renderPasswordFailure = (c: Context<AppEnv>, failure: Failure) => renderSettingsPage(c, failure, 'password');
const renderTimeZoneFailure = (c: Context<AppEnv>, failure: Failure) => renderSettingsPage(c, failure, 'time-zone');
const renderRemindersFailure = (c: Context<AppEnv>, failure: Failure) => renderSettingsPage(c, failure, 'reminders');

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
    redirect: PATHS.settings,
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

const settingsForm = (c: Context<AppEnv>): SettingsForm | 'calendar-feed' => {
  const form = c.req.query('form');
  return form === 'time-zone' || form === 'reminders' || form === 'calendar-feed' ? form : 'password';
};

/** What the Settings page reads with the session, in its one round trip. */
const SETTINGS_READS = ['reminders', 'feedVersion'] as const;

const POST_FORMS = {
  password: changePassword,
  'time-zone': saveTimeZone,
  reminders: saveReminders,
  'calendar-feed': resetCalendarFeed,
} as const;

export const settingsRoutes = new Hono<AppEnv>()
  .get(PATHS.settings, requireUserPage({ reads: SETTINGS_READS }), (c) => {
    const form = settingsForm(c);
    return renderSettingsPage(c, takeFailure(c), form === 'calendar-feed' ? 'password' : form);
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
  .post(API.calendarFeedReset, requireUserApi(), resetCalendarFeed);
