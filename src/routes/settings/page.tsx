// The Settings page as every Settings handler renders it (index.tsx and
// account.tsx in this folder): its reads, and how a failed form shows (beside its fields, in its
// section, or as a toast).
import type { SubmissionResult } from '@conform-to/react';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { ReminderSettings } from '../../data/reminders';
import { paidSubscriptions } from '../../domain/account';
import { formatLocalTime } from '../../domain/reminders';
import { userTimeZone } from '../../domain/time-zone';
import type { Toast } from '../../domain/toasts';
import { feedToken } from '../../mail/links';
import { PATHS } from '../../paths';
import { appOrigin } from '../../server/config';
import type { Failure } from '../../server/flash';
import { currentAuth } from '../../server/guards';
import {
  upcomingWebinars,
  userCoachMailOn,
  userFeedVersion,
  userPendingEmailChange,
  userProviderGrants,
  userReminders,
} from '../../server/page-reads';
import type { RenderFailure } from '../../server/respond';
import { CoachMailCard } from '../../views/CoachMailCard';
import { renderPage } from '../../views/render-page';
import { SettingsPage } from '../../views/SettingsPage';

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

export type SettingsForm = 'password' | 'time-zone' | 'reminders' | AccountForm;
/** The account's own forms whose failures show beside their fields (decision 42). */
export type AccountForm = 'name' | 'email' | 'delete-account';

/** The reminder choices as the API and the form show them. */
export function publicReminders(settings: ReminderSettings) {
  return {
    checkIn: { enabled: settings.checkInEnabled, localTime: formatLocalTime(settings.checkInMinute) },
    webinars: { enabled: settings.webinarsEnabled },
  };
}

/** The private feed's https address and its webcal:// twin (calendar apps subscribe to that one). */
export async function feedUrls(c: Context<AppEnv>, userId: string, version: number): Promise<{ url: string; webcalUrl: string }> {
  const url = `${appOrigin(c)}${PATHS.calendarFeed}/${await feedToken(c.env.JWT_SECRET, userId, version)}.ics`;
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
}

/** What Settings shows of the account's own state: a pending address, and subscriptions a deletion leaves running. */
export async function accountState(c: Context<AppEnv>) {
  const [pending, grants] = await Promise.all([userPendingEmailChange(c), userProviderGrants(c)]);
  return {
    pendingEmail: pending ? { newEmail: pending.newEmail, expiresAt: pending.expiresAt } : null,
    // Decision 41: a Patreon member manages billing on PATREON_JOIN_URL when it is configured.
    paidSubscriptions: paidSubscriptions(grants, new Date(), c.env.STRIPE_BILLING_PORTAL_URL).map((s) =>
      s.source === 'patreon' && c.env.PATREON_JOIN_URL?.startsWith('https://') ? { ...s, manageUrl: c.env.PATREON_JOIN_URL } : s,
    ),
  };
}

export async function renderSettingsPage(c: Context<AppEnv>, failure: Failure | null, form: SettingsForm): Promise<Response> {
  const auth = currentAuth(c);
  const [webinars, reminders, version, account, coachMailOn] = await Promise.all([
    upcomingWebinars(c),
    userReminders(c),
    userFeedVersion(c),
    accountState(c),
    userCoachMailOn(c),
  ]);
  const extras = {
    reminders: publicReminders(reminders),
    feed: await feedUrls(c, auth.user.id, version),
    timeZone: userTimeZone(auth.user.timeZone),
    account,
    coachMail: <CoachMailCard on={coachMailOn} />,
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

export const renderPasswordFailure = (c: Context<AppEnv>, failure: Failure) => renderSettingsPage(c, failure, 'password');
export const renderTimeZoneFailure = (c: Context<AppEnv>, failure: Failure) => renderSettingsPage(c, failure, 'time-zone');
export const renderRemindersFailure = (c: Context<AppEnv>, failure: Failure) => renderSettingsPage(c, failure, 'reminders');
export const renderAccountFailure =
  (form: AccountForm): RenderFailure =>
  (c, failure) =>
    renderSettingsPage(c, failure, form);
