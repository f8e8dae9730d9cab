// The public pages of a participant's own account (decision 42, docs/product.md#your-account): the
// links of an email change (confirm the new address; 'It was not me' from the old one), each a
// page with one button, since mail scanners open links; and where a deleted account lands.
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';

export type ConfirmEmailState = 'confirm' | 'confirmed' | 'taken' | 'invalid';

export const CONFIRM_EMAIL_TITLES: Record<ConfirmEmailState, string> = {
  confirm: 'Confirm your new email',
  confirmed: 'Email address changed',
  taken: 'Address already in use',
  invalid: 'Invalid confirmation link',
};

function NextLink({ signedIn }: { signedIn: boolean }) {
  return (
    <a className="button button-primary button-block" href={signedIn ? PATHS.settings : PATHS.login}>
      {signedIn ? 'Go to Settings' : 'Go to Login'}
    </a>
  );
}

export function ConfirmEmailPage({ state, token, signedIn }: { state: ConfirmEmailState; token: string; signedIn: boolean }) {
  return (
    <AuthLayout>
      <div className="card auth-card" role="status">
        <h1 className="card-title">{CONFIRM_EMAIL_TITLES[state]}</h1>
        {state === 'confirm' && (
          <form method="post" action={`${PATHS.confirmEmail}?${new URLSearchParams({ token })}`} className="form">
            <p>Confirm that this email address is yours. It then becomes the address of your account, and you sign in with it.</p>
            <button type="submit" className="button button-primary button-block">
              Confirm my new email
            </button>
          </form>
        )}
        {state === 'confirmed' && (
          <>
            <p>Thank you: this is your account's email address now, and it is verified. Sign in with it from now on.</p>
            <NextLink signedIn={signedIn} />
          </>
        )}
        {state === 'taken' && (
          <>
            <p>Another account started using this address meanwhile, so your address stays as it was.</p>
            <NextLink signedIn={signedIn} />
          </>
        )}
        {state === 'invalid' && (
          <>
            <p>
              This link is invalid, already used or expired (it works for 24 hours). If you confirmed your new address with it already,
              there is nothing more to do; otherwise ask for a new link on the Settings page.
            </p>
            <NextLink signedIn={signedIn} />
          </>
        )}
      </div>
    </AuthLayout>
  );
}

export type ReportState = 'confirm' | 'cancelled' | 'restored' | 'not-restored' | 'invalid';

export const REPORT_TITLES: Record<ReportState, string> = {
  confirm: 'Was this not you?',
  cancelled: 'Change cancelled',
  restored: 'Your address is back',
  'not-restored': 'Signed out everywhere',
  invalid: 'Invalid link',
};

function ResetPasswordLink() {
  return (
    <a className="button button-primary button-block" href={PATHS.forgotPassword}>
      Reset my password
    </a>
  );
}

export function ReportEmailChangePage({ state, token, contact }: { state: ReportState; token: string; contact: string }) {
  return (
    <AuthLayout>
      <div className="card auth-card" role="status">
        <h1 className="card-title">{REPORT_TITLES[state]}</h1>
        {state === 'confirm' && (
          <form method="post" action={`${PATHS.reportEmailChange}?${new URLSearchParams({ token })}`} className="form">
            <p>
              If you did not ask to change the email address of your account, cancel the change here. Your account is then signed out on
              every device, and you choose a new password.
            </p>
            <button type="submit" className="button button-destructive button-block">
              Cancel the change and sign out everywhere
            </button>
          </form>
        )}
        {state === 'cancelled' && (
          <>
            <p>
              The change of email address is cancelled and your account is signed out on every device. Whoever asked for it knew your
              password: choose a new one now.
            </p>
            <ResetPasswordLink />
          </>
        )}
        {state === 'restored' && (
          <>
            <p>
              The change had been confirmed: your account has its old email address again, and it is signed out on every device. Whoever
              changed it knew your password: choose a new one now.
            </p>
            <ResetPasswordLink />
          </>
        )}
        {state === 'not-restored' && (
          <p>
            Your account is signed out on every device, but its old email address could not be put back: another account uses it now. Please{' '}
            <a href={contact}>contact the team</a> to get your account back.
          </p>
        )}
        {state === 'invalid' && (
          <>
            <p>
              This link is invalid, already used or expired (it works for 7 days). If you used it already, your account is signed out
              everywhere: reset your password to sign in again.
            </p>
            <ResetPasswordLink />
          </>
        )}
      </div>
    </AuthLayout>
  );
}

export const ACCOUNT_DELETED_TITLE = 'Your account has been deleted';

export function AccountDeletedPage() {
  return (
    <AuthLayout>
      <div className="card auth-card" role="status">
        <h1 className="card-title">{ACCOUNT_DELETED_TITLE}</h1>
        <p>
          Everything you saved is gone, and you are signed out on every device. A subscription you paid for through Stripe or Patreon keeps
          running until you cancel it there.
        </p>
        <a className="button button-primary button-block" href={PATHS.login}>
          Go to Login
        </a>
        <p className="card-footer-link">
          <a href={PATHS.privacy}>What we keep, and why</a>
        </p>
      </div>
    </AuthLayout>
  );
}
