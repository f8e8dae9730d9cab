// Settings (docs/product.md#account-form-rules): the page with its forms, each posting to its own
// address (POST /settings for the password, POST /settings?form=time-zone for the zone,
// ?form=reminders for the reminders, ?form=calendar-feed to reset the feed address), and the JSON
// API /api/auth/change-password, /api/auth/time-zone, /api/reminders and /api/calendar-feed
// (docs/product.md#reminders-and-mail). A participant's own account (decision 42,
// docs/product.md#your-account): ?form=name, email, email-resend, email-cancel and delete-account,
// and /api/account, /api/account/name, /api/account/email (and /resend).
import type { SubmissionResult } from '@conform-to/react';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { cancelEmailChange, changeName, deleteOwnAccount, passwordAndAddressQuery } from '../data/account';
import { feedVersion, resetFeed } from '../data/calendar-feeds';
import { getReminderSettings, type ReminderSettings, saveReminderSettings } from '../data/reminders';
import { type BatchedRead, clearHits, countAttempt } from '../data/throttle';
import { changeStoredPassword, changeTimeZone, passwordHashQuery, publicUser } from '../data/users';
import { ACCOUNT_MESSAGES, paidSubscriptions, pseudonymFrom } from '../domain/account';
import {
  changeEmailSchema,
  changeNameFormSchema,
  changeNameSchema,
  changePasswordFormSchema,
  changePasswordSchema,
  deleteAccountSchema,
  setPasswordFormSchema,
  setPasswordSchema,
} from '../domain/auth-schemas';
import { formatLocalTime, remindersFormSchema, remindersSchema } from '../domain/reminders';
import { timeZoneSchema, userTimeZone } from '../domain/time-zone';
import type { Toast } from '../domain/toasts';
import { feedToken } from '../mail/links';
import { API, PATHS } from '../paths';
import { clearSessionCookie } from '../server/auth-session';
import { mailSeatedFromWaitlist } from '../server/cohort-seat-mail';
import { appOrigin } from '../server/config';
import { resendEmailChangeLink, sendEmailChangeLinks } from '../server/email-change-mail';
import { HttpError } from '../server/errors';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';
import { type Input, readInput } from '../server/input';
import { upcomingWebinars, userFeedVersion, userPendingEmailChange, userProviderGrants, userReminders } from '../server/page-reads';
import { hashPassword, passwordCost, verifyPassword } from '../server/password';
import { accept, type RenderFailure, reject } from '../server/respond';
import { accountPasswordLimits, changePasswordLimit, verificationResendLimit, waitInWords } from '../server/throttle-policy';
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

type SettingsForm = 'password' | 'time-zone' | 'reminders' | AccountForm;
/** The account's own forms whose failures show beside their fields (decision 42). */
type AccountForm = 'name' | 'email' | 'delete-account';

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

/** What Settings shows of the account's own state: a pending address, and subscriptions a deletion leaves running. */
async function accountState(c: Context<AppEnv>) {
  const [pending, grants] = await Promise.all([userPendingEmailChange(c), userProviderGrants(c)]);
  return {
    pendingEmail: pending ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt } : null,
    paidSubscriptions: paidSubscriptions(grants, new Date(), c.env.STRIPE_BILLING_PORTAL_URL),
  };
}

async function renderSettingsPage(c: Context<AppEnv>, failure: Failure | null, form: SettingsForm): Promise<Response> {
  const auth = currentAuth(c);
  const [webinars, reminders, version, account] = await Promise.all([
    upcomingWebinars(c),
    userReminders(c),
    userFeedVersion(c),
    accountState(c),
  ]);
  const extras = {
    reminders: publicReminders(reminders),
    feed: await feedUrls(c, auth.user.id, version),
    timeZone: userTimeZone(auth.user.timeZone),
    account,
  };
  if (failure && (form === 'name' || form === 'email' || form === 'delete-account')) {
    const shown = besideTheirFields(failure);
    return renderPage(
      c,
      <SettingsPage auth={auth} webinars={webinars} {...extras} accountResult={{ form, reply: shown.reply }} updated={false} />,
      { title: 'Settings', status: failure.status, toast: shown.toast },
    );
  }
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
const renderAccountFailure =
  (form: AccountForm): RenderFailure =>
  (c, failure) =>
    renderSettingsPage(c, failure, form);

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

// ---------------------------------------------------------------------------------------------
// A participant's own account (decision 42, docs/product.md#your-account).

/** A change of name, by sign-up's rule (blank clears it): `{ user }`. */
async function saveName(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, changeNameSchema, { formSchema: changeNameFormSchema });
  if (!input.ok) return reject(c, input, renderAccountFailure('name'), { status: 400 });
  const user = await changeName(c.get('db'), currentAuth(c).user.id, input.value.name);
  if (!user) throw new HttpError(401, 'Not signed in');
  return accept(c, input.mode, {
    json: { user: publicUser(user) },
    redirect: `${PATHS.settings}#name`,
    flash: { title: 'Name saved', description: user.name ? 'Your new name shows from now on.' : 'Your name was removed.' },
  });
}

const PASSWORD_FIELDS = ['password'];

/**
 * The password asked again before an email change or a deletion, counted like sign-in attempts
 * (per user, 429 past the limit) in the round trip that reads the stored hash with `read`'s
 * other facts. Answers those facts when the password is right, else the refusal to return.
 */
async function checkAccountPassword<R extends { passwordHash: string }>(
  c: Context<AppEnv>,
  input: Input<unknown>,
  render: RenderFailure,
  read: BatchedRead<R[]>,
): Promise<{ ok: true; facts: R } | { ok: false; response: Response | Promise<Response> }> {
  const db = c.get('db');
  const limits = accountPasswordLimits(c.env, currentAuth(c).user.id);
  const [exceeded, [facts]] = await countAttempt(db, limits, undefined, read);
  if (exceeded) {
    const response = reject(c, input, render, {
      status: 429,
      message: `Too many attempts. Please wait ${waitInWords(exceeded.retryAfterSeconds)} and try again.`,
      hideFields: PASSWORD_FIELDS,
      retryAfterSeconds: exceeded.retryAfterSeconds,
    });
    return { ok: false, response };
  }
  const password = input.ok ? (input.value as { password: string }).password : '';
  if (!facts || !(await verifyPassword(password, facts.passwordHash))) {
    const message = ACCOUNT_MESSAGES.wrongPassword;
    const response = reject(c, input, render, { status: 403, message, fieldErrors: { password: [message] }, hideFields: PASSWORD_FIELDS });
    return { ok: false, response };
  }
  return { ok: true, facts };
}

/**
 * A change of address: 202, and the new address gets a link that makes it the account's once
 * followed; the old one is told, with a link that undoes it. An address another account holds is
 * 409 with sign-up's own words, and only after the password: it tells no more than sign-up does.
 */
async function requestEmailChange(c: Context<AppEnv>): Promise<Response> {
  const render = renderAccountFailure('email');
  const input = await readInput(c, changeEmailSchema);
  if (!input.ok) return reject(c, input, render, { status: 400, hideFields: PASSWORD_FIELDS });
  const { user } = currentAuth(c);
  const { email } = input.value;
  if (email === user.email) {
    const message = ACCOUNT_MESSAGES.sameEmail;
    return reject(c, input, render, { status: 400, message, fieldErrors: { email: [message] }, hideFields: PASSWORD_FIELDS });
  }
  const checked = await checkAccountPassword(c, input, render, passwordAndAddressQuery(c.get('db'), user.id, email));
  if (!checked.ok) return checked.response;
  if (checked.facts.taken) {
    const message = ACCOUNT_MESSAGES.emailTaken;
    return reject(c, input, render, { status: 409, message, fieldErrors: { email: [message] }, hideFields: PASSWORD_FIELDS });
  }
  await clearHits(
    c.get('db'),
    accountPasswordLimits(c.env, user.id).map((limit) => limit.key),
  );
  const pendingEmail = await sendEmailChangeLinks(c, user, email);
  const message = `We sent a link to ${email}. Your address changes once you open it.`;
  return accept(c, input.mode, {
    json: { message, pendingEmail },
    jsonStatus: 202,
    redirect: `${PATHS.settings}#email`,
    flash: { title: 'Check your new inbox', description: message },
  });
}

/** Answers a Settings button without fields (resend, cancel): JSON for the API, a toast and 303 for the page. */
function buttonAnswer(c: Context<AppEnv>, status: 200 | 409 | 429, title: string, message: string): Response {
  if (c.req.path !== PATHS.settings) {
    if (status !== 200) throw new HttpError(status, message);
    return c.json({ message });
  }
  setFlash(c, { toast: { title, description: message, ...(status === 200 ? {} : { variant: 'destructive' as const }) } });
  return c.redirect(`${PATHS.settings}#email`, 303);
}

/** 'Resend': a new link to the pending address (three an hour, with the verification mails). */
async function resendEmailChange(c: Context<AppEnv>): Promise<Response> {
  const { user } = currentAuth(c);
  const exceeded = await countAttempt(c.get('db'), [verificationResendLimit(c.env, user.id)]);
  if (exceeded) {
    c.header('Retry-After', String(exceeded.retryAfterSeconds));
    return buttonAnswer(c, 429, 'Too many emails', `Please try again in ${waitInWords(exceeded.retryAfterSeconds)}.`);
  }
  const newEmail = await resendEmailChangeLink(c, user.id);
  if (!newEmail) return buttonAnswer(c, 409, 'Nothing to resend', ACCOUNT_MESSAGES.noPendingChange);
  return buttonAnswer(c, 200, 'Link sent again', `We sent a new link to ${newEmail}.`);
}

/** 'Cancel': the pending change goes, and its link stops working. */
async function cancelPendingEmail(c: Context<AppEnv>): Promise<Response> {
  const cancelled = await cancelEmailChange(c.get('db'), currentAuth(c).user.id);
  if (!cancelled) return buttonAnswer(c, 409, 'Nothing to cancel', ACCOUNT_MESSAGES.noPendingChange);
  return buttonAnswer(c, 200, 'Email change cancelled', 'Your address stays as it is.');
}

/** The audit trail's name for a self-deleted account: 'deleted:' and the first 12 hex of SHA-256(id + JWT_SECRET). */
async function pseudonymOf(c: Context<AppEnv>, userId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userId + c.env.JWT_SECRET));
  return pseudonymFrom(Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join(''));
}

/**
 * Deleting the account: the word 'delete' (any letter case) and the password; everything of theirs
 * goes in one batch, the audit trail keeps a pseudonym; they are signed out everywhere and land on
 * the page that says it is done. The last admin cannot (409).
 */
async function deleteAccount(c: Context<AppEnv>): Promise<Response> {
  const render = renderAccountFailure('delete-account');
  const input = await readInput(c, deleteAccountSchema);
  if (!input.ok) return reject(c, input, render, { status: 400, hideFields: PASSWORD_FIELDS });
  const { user } = currentAuth(c);
  const db = c.get('db');
  const checked = await checkAccountPassword(c, input, render, passwordHashQuery(db, user.id));
  if (!checked.ok) return checked.response;
  const { outcome, freed } = await deleteOwnAccount(db, user, await pseudonymOf(c, user.id));
  if (outcome === 'last-admin') {
    return reject(c, input, render, { status: 409, message: ACCOUNT_MESSAGES.lastAdmin, hideFields: PASSWORD_FIELDS });
  }
  if (freed?.seatedFromWaitlist) await mailSeatedFromWaitlist(c, freed.cohortId, freed.at);
  clearSessionCookie(c);
  return accept(c, input.mode, { json: { message: ACCOUNT_MESSAGES.deleted }, redirect: PATHS.accountDeleted });
}

/** GET /api/account: the account, a pending address and the subscriptions a deletion would leave running. */
async function showAccount(c: Context<AppEnv>): Promise<Response> {
  return c.json({ user: publicUser(currentAuth(c).user), ...(await accountState(c)) });
}

const settingsForm = (c: Context<AppEnv>): SettingsForm | 'calendar-feed' | 'email-resend' | 'email-cancel' => {
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
      return form;
    default:
      return 'password';
  }
};

/** What the Settings page reads with the session, in its one round trip. */
const SETTINGS_READS = ['reminders', 'feedVersion', 'pendingEmailChange', 'providerGrants'] as const;

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
} as const;

export const settingsRoutes = new Hono<AppEnv>()
  .get(PATHS.settings, requireUserPage({ reads: SETTINGS_READS }), (c) => {
    const form = settingsForm(c);
    // A button without fields (reset link, resend, cancel) answers with a toast, never a failure to show.
    const shown = form === 'calendar-feed' || form === 'email-resend' || form === 'email-cancel' ? 'password' : form;
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
  .get(API.account, requireUserApi(), showAccount)
  .delete(API.account, requireUserApi(), deleteAccount)
  .post(API.accountName, requireUserApi(), saveName)
  .post(API.accountEmail, requireUserApi(), requestEmailChange)
  .delete(API.accountEmail, requireUserApi(), cancelPendingEmail)
  .post(API.accountEmailResend, requireUserApi(), resendEmailChange);
