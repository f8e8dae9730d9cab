// Settings: a participant's own account (decision 42, docs/product.md#your-account): their name,
// their email address (a change waits for the new address's link, with 'Resend' and 'Cancel'),
// their data (the download, the privacy page) and deleting the account. Each form posts to its own
// address on /settings and works without JavaScript; the fields are the account-form island.

import type { SubmissionResult } from '@conform-to/react';
import { Address } from '../components/Address';
import type { PaidSubscription } from '../domain/account';
import { PRODUCT_NAME } from '../domain/product';
import { ACCOUNT_FORM_PATHS, API, PATHS } from '../paths';
import { Island } from './islands';

export interface AccountView {
  /** The address waiting for its link to be opened, if any. */
  pendingEmail: { newEmail: string; expiresAt: string } | null;
  /** Subscriptions the participant pays a provider for, which deleting the account does not cancel. */
  paidSubscriptions: PaidSubscription[];
}

/** conform's reply for the account form that just failed. */
export interface AccountResult {
  form: 'name' | 'email' | 'delete-account';
  reply: SubmissionResult;
}

const resultFor = (result: AccountResult | undefined, form: AccountResult['form']) => (result?.form === form ? result.reply : null);

export function NameCard({ name, result }: { name: string | null; result?: AccountResult }) {
  return (
    <section className="card" id="name" aria-labelledby="name-title">
      <h2 id="name-title" className="card-title">
        Your Name
      </h2>
      <Island
        name="AuthForm"
        props={{
          schema: 'changeName',
          action: ACCOUNT_FORM_PATHS.name,
          lastResult: resultFor(result, 'name'),
          defaultValue: { name: name ?? '' },
        }}
      />
    </section>
  );
}

export function EmailCard({ email, pending, result }: { email: string; pending: AccountView['pendingEmail']; result?: AccountResult }) {
  return (
    <section className="card" id="email" aria-labelledby="email-title">
      <h2 id="email-title" className="card-title">
        Email Address
      </h2>
      <p>
        Your address:{' '}
        <strong>
          <Address address={email} />
        </strong>
      </p>
      {pending && (
        <div className="banner banner-info pending-email" role="status">
          <p id="pending-email-text">
            Waiting for confirmation:{' '}
            <strong>
              <Address address={pending.newEmail} />
            </strong>
            . Your address stays as it is until you open the link we sent there; it works for 24 hours.
          </p>
          <div className="pending-email-actions">
            <form method="post" action={ACCOUNT_FORM_PATHS.emailResend}>
              <button type="submit" className="button button-outline button-small" aria-describedby="pending-email-text">
                Resend
              </button>
            </form>
            <form method="post" action={ACCOUNT_FORM_PATHS.emailCancel}>
              <button type="submit" className="button button-ghost button-small" aria-describedby="pending-email-text">
                Cancel
              </button>
            </form>
          </div>
        </div>
      )}
      <Island name="AuthForm" props={{ schema: 'changeEmail', action: ACCOUNT_FORM_PATHS.email, lastResult: resultFor(result, 'email') }} />
    </section>
  );
}

export function YourDataCard() {
  return (
    <section className="card" id="your-data" aria-labelledby="your-data-title">
      <h2 id="your-data-title" className="card-title">
        Your Data
      </h2>
      <p className="muted small">
        Everything you saved is yours: your account, your plan, every session's answers, every wheel, your check-ins and your reminder
        choices, in one file.
      </p>
      <p>
        <a className="button button-outline" href={API.progressExport} download>
          Download My Progress
        </a>
      </p>
      <p>
        <a href={PATHS.privacy}>What we store, for how long, and how to delete it</a>
      </p>
    </section>
  );
}

function SubscriptionNotice({ subscription }: { subscription: PaidSubscription }) {
  const { provider, plan, manageUrl, source } = subscription;
  return (
    <li>
      {`Your ${plan} plan through ${provider}. `}
      {manageUrl ? (
        <a href={manageUrl} rel="noopener noreferrer" target="_blank">
          {source === 'stripe' ? 'Manage billing' : 'Manage your membership on Patreon'}
        </a>
      ) : (
        `Cancel it with ${provider}: the receipt email ${provider} sent you has the link.`
      )}
    </li>
  );
}

export function DeleteAccountCard({ subscriptions, result }: { subscriptions: PaidSubscription[]; result?: AccountResult }) {
  return (
    <section className="card" id="delete-account" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="card-title">
        Delete Account
      </h2>
      <p className="muted small">
        This removes your account and everything you saved (sessions, wheels, check-ins, reminders) and signs you out on every device. It
        cannot be undone: download your progress first if you want to keep it.
      </p>
      {subscriptions.length > 0 && (
        <div className="banner banner-warning delete-notice" role="note">
          <p>
            <strong>You still pay for a subscription.</strong> Deleting your account does not cancel it, and {PRODUCT_NAME} cannot cancel it
            for you:
          </p>
          <ul>
            {subscriptions.map((subscription) => (
              <SubscriptionNotice key={subscription.source} subscription={subscription} />
            ))}
          </ul>
        </div>
      )}
      <Island
        name="AuthForm"
        props={{ schema: 'deleteAccount', action: ACCOUNT_FORM_PATHS.deleteAccount, lastResult: resultFor(result, 'delete-account') }}
      />
    </section>
  );
}
