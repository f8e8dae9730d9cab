import type { SubmissionResult } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Address } from '../components/Address';
import type { Auth } from '../data/auth-sessions';
import { planBadge } from '../domain/plans';
import type { Webinar } from '../domain/webinars';
import { PATHS } from '../paths';
import { type AccountResult, type AccountView, DeleteAccountCard, EmailCard, NameCard, YourDataCard } from './AccountSettings';
import { BillingCard } from './BillingCard';
import { Island } from './islands';
import { CalendarFeedCard, RemindersCard, type RemindersView } from './ReminderSettings';
import { Shell } from './Shell';
import { TimeZoneForm } from './TimeZoneForm';

export function SettingsPage({
  auth,
  webinars,
  lastResult,
  timeZoneError,
  updated,
  reminders,
  feed,
  timeZone,
  remindersError,
  account,
  accountResult,
  coachMail,
}: {
  auth: Auth;
  webinars: Webinar[];
  /** conform's reply after a failed password change. */
  lastResult?: SubmissionResult | null;
  /** The message after a refused time zone. */
  timeZoneError?: string;
  updated: boolean;
  reminders: RemindersView;
  /** The private calendar feed's addresses. */
  feed: { url: string; webcalUrl: string };
  /** The zone reminders follow. */
  timeZone: string;
  /** The message after refused reminder choices. */
  remindersError?: string;
  /** A pending address and the subscriptions a deletion leaves running (docs/product.md#your-account). */
  account: AccountView;
  /** conform's reply after a failed name, email or deletion form. */
  accountResult?: AccountResult;
  /** The 'From your coach' mail switch (src/views/CoachMailCard.tsx). */
  coachMail?: ReactNode;
}) {
  return (
    <Shell auth={auth} webinars={webinars} active="settings">
      <div className="page-header">
        <h1 className="page-title">Settings</h1>
      </div>
      {auth.user.mustChangePassword && (
        <div className="banner banner-warning" role="alert">
          You signed in with a temporary password. Please choose a new password to continue.
        </div>
      )}
      <div className="grid-2">
        <section className="card" aria-labelledby="change-password-title">
          <h2 id="change-password-title" className="card-title">
            Change Password
          </h2>
          {updated && (
            <div className="banner banner-success banner-fade" role="status">
              Password updated
            </div>
          )}
          {/* A temporary password was just proven by signing in with it: not asked again (docs/product.md#temporary-password-gate). */}
          <Island
            name="AuthForm"
            props={{
              schema: auth.user.mustChangePassword ? 'setPassword' : 'changePassword',
              action: PATHS.settings,
              lastResult: lastResult ?? null,
            }}
          />
        </section>
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title" className="card-title">
            Account
          </h2>
          <dl className="details">
            <dt>Email</dt>
            <dd>
              <Address address={auth.user.email} />
            </dd>
            <dt>Name</dt>
            <dd>{auth.user.name ?? 'Not set'}</dd>
            <dt>Plan</dt>
            <dd>{planBadge(auth.membership)}</dd>
          </dl>
          {/* Decision 43: an admin's second factor has a page of its own. */}
          {auth.user.role === 'admin' && (
            <p>
              <a href={PATHS.twoFactor}>Two-factor authentication</a>: {auth.secondFactor.enabled ? 'on' : 'off'}
            </p>
          )}
          <TimeZoneForm current={auth.user.timeZone} error={timeZoneError} />
        </section>
      </div>
      <div className="grid-2 settings-more">
        <div className="stack">
          <RemindersCard reminders={reminders} timeZone={timeZone} error={remindersError} />
          {coachMail}
        </div>
        <CalendarFeedCard feed={feed} />
      </div>
      <div className="grid-2 settings-more">
        <NameCard name={auth.user.name} result={accountResult} />
        <EmailCard email={auth.user.email} pending={account.pendingEmail} result={accountResult} />
      </div>
      <BillingCard membership={auth.membership} subscriptions={account.paidSubscriptions} email={auth.user.email} timeZone={timeZone} />
      <div className="grid-2 settings-more">
        <YourDataCard />
        <DeleteAccountCard subscriptions={account.paidSubscriptions} result={accountResult} />
      </div>
    </Shell>
  );
}
