// The pages of a verification link (docs/product.md#email-verification): confirm, done, invalid.
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';

export type VerifyState = 'confirm' | 'verified' | 'invalid';

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
        {state === 'invalid' && (
          <>
            <h1 className="card-title">Invalid verification link</h1>
            <p>This verification link is invalid, already used or expired. Sign in and use 'Resend link' in the banner to get a new one.</p>
            {next}
          </>
        )}
      </div>
    </AuthLayout>
  );
}
