// The pages of a verification link (docs/product.md#email-verification): confirm, done, invalid.
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';

export type VerifyState = 'confirm' | 'verified' | 'already' | 'invalid';

export const VERIFY_TITLES: Record<VerifyState, string> = {
  confirm: 'Confirm your email',
  verified: 'Email verified',
  already: 'Your email is already verified',
  invalid: 'Invalid verification link',
};

export function VerifyEmailPage({ state, token, signedIn }: { state: VerifyState; token: string; signedIn: boolean }) {
  const next = (
    <a className="button button-primary button-block" href={signedIn ? PATHS.dashboard : PATHS.login}>
      {signedIn ? 'Go to Dashboard' : 'Go to Login'}
    </a>
  );
  return (
    <AuthLayout>
      <div className="card auth-card" role="status">
        {state === 'confirm' && (
          <form method="post" action={`${PATHS.verifyEmail}?${new URLSearchParams({ token })}`} className="form">
            <h1 className="card-title">Confirm your email</h1>
            <p>Confirm that this email address is yours.</p>
            <button type="submit" className="button button-primary button-block">
              Confirm my email
            </button>
          </form>
        )}
        {state === 'verified' && (
          <>
            <h1 className="card-title">Email verified</h1>
            <p>Thank you: your email address is confirmed.</p>
            {next}
          </>
        )}
        {state === 'already' && (
          <>
            <h1 className="card-title">{VERIFY_TITLES.already}</h1>
            <p>Your email address was confirmed before: there is nothing more to do.</p>
            {next}
          </>
        )}
        {state === 'invalid' && (
          <>
            <h1 className="card-title">Invalid verification link</h1>
            <p>
              This verification link is invalid, already used or expired. If you confirmed your address with it already, there is nothing
              more to do. Otherwise sign in and use 'Resend link' in the banner to get a new one.
            </p>
            {next}
          </>
        )}
      </div>
    </AuthLayout>
  );
}
