// The page a verification link opens (docs/product.md#email-verification).
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';

export function VerifyEmailPage({ verified, signedIn }: { verified: boolean; signedIn: boolean }) {
  return (
    <AuthLayout>
      <div className="card auth-card" role="status">
        {verified ? (
          <>
            <h1 className="card-title">Email verified</h1>
            <p>Thank you: your email address is confirmed.</p>
          </>
        ) : (
          <>
            <h1 className="card-title">Invalid verification link</h1>
            <p>This verification link is invalid, already used or expired. Sign in and use 'Resend link' in the banner to get a new one.</p>
          </>
        )}
        <a className="button button-primary button-block" href={signedIn ? PATHS.dashboard : PATHS.login}>
          {signedIn ? 'Go to Dashboard' : 'Go to Login'}
        </a>
      </div>
    </AuthLayout>
  );
}
