// /login/code, the sign-in's second step for an admin whose second factor is on (decision 43,
// docs/product.md#second-factor-for-admins): the code from the authenticator app, or a recovery
// code. A plain form post to its own address: no JavaScript needed.
import { CODE_PROMPT } from '../domain/second-factor';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { FieldMessage } from './FieldMessage';
import { LogoutForm } from './LogoutForm';

export interface LoginCodePageProps {
  /** Typing a recovery code instead of the app's code. */
  recovery: boolean;
  /** The page's own address (the form posts to it), and the other way's. */
  action: string;
  otherWay: string;
  /** A refused code: beside the field, or (a wait) above the form. */
  error: { message: string; field: boolean } | null;
}

export function LoginCodePage({ recovery, action, otherWay, error }: LoginCodePageProps) {
  const fieldMessages = error?.field ? [error.message] : undefined;
  return (
    <AuthLayout>
      <div className="card auth-card">
        <h1 className="card-title">Two-factor authentication</h1>
        <p className="card-subtitle">
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned two-factor authentication on. Each works once.'
            : CODE_PROMPT}
        </p>
        {error && !error.field && (
          <p className="banner banner-error" role="alert">
            {error.message}
          </p>
        )}
        <form method="post" action={action} className="form">
          <div className="field">
            <label htmlFor="code">{recovery ? 'Recovery code' : 'Authentication code'}</label>
            <input
              id="code"
              name="code"
              type="text"
              required
              autoComplete={recovery ? 'off' : 'one-time-code'}
              inputMode={recovery ? 'text' : 'numeric'}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={recovery ? 20 : 7}
              placeholder={recovery ? 'abcde-fghjk' : '123456'}
              aria-invalid={fieldMessages ? true : undefined}
              aria-describedby={fieldMessages ? 'code-error' : undefined}
            />
            <FieldMessage id="code-error" messages={fieldMessages} />
          </div>
          <button type="submit" className="button button-primary button-block" data-busy-label="Verifying...">
            Verify
          </button>
        </form>
        <p className="card-footer-link">
          <a href={otherWay}>{recovery ? 'Use the code from your authenticator app' : 'Use a recovery code'}</a>
        </p>
        <p className="muted small">Lost your phone and your recovery codes? Another admin can reset your second factor.</p>
        <LogoutForm className="button button-ghost button-block" />
      </div>
    </AuthLayout>
  );
}

/** The code page's address, keeping where the sign-in goes afterwards. */
export function loginCodePath(next: string | null, recovery: boolean): string {
  const query = new URLSearchParams();
  if (next) query.set('next', next);
  if (recovery) query.set('recovery', '1');
  const search = query.toString();
  return search ? `${PATHS.loginCode}?${search}` : PATHS.loginCode;
}
