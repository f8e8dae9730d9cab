// /forgot-password and /reset-password, each with its states (docs/product.md#password-reset).

import type { SubmissionResult } from '@conform-to/react';
import { RESET_TOKEN_VALIDITY } from '../domain/reset-token';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { Island } from './islands';

export function ForgotPasswordPage({ sent, lastResult }: { sent: boolean; lastResult?: SubmissionResult | null }) {
  return (
    <AuthLayout>
      <div className="card auth-card">
        {sent ? (
          <>
            <h1 className="card-title">Check your email</h1>
            <p>If that email exists in our system, we've sent password reset instructions. The link is valid for {RESET_TOKEN_VALIDITY}.</p>
            <a className="button button-primary button-block" href={PATHS.login}>
              Back to Login
            </a>
          </>
        ) : (
          <>
            <h1 className="card-title">Forgot Password?</h1>
            <p className="card-subtitle">Enter your email and we'll send you a link to reset your password.</p>
            <Island name="AuthForm" props={{ schema: 'forgotPassword', action: PATHS.forgotPassword, lastResult: lastResult ?? null }} />
            <p className="card-footer-link">
              <a href={PATHS.login}>Back to Login</a>
            </p>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

export type ResetState = { kind: 'invalid' } | { kind: 'form'; token: string; lastResult?: SubmissionResult | null } | { kind: 'done' };

export function ResetPasswordPage({ state }: { state: ResetState }) {
  return (
    <AuthLayout>
      <div className="card auth-card">
        {state.kind === 'invalid' && (
          <>
            <h1 className="card-title">Invalid Reset Link</h1>
            <p>This password reset link is invalid or has expired</p>
            <a className="button button-primary button-block" href={PATHS.forgotPassword}>
              Request New Reset Link
            </a>
          </>
        )}
        {state.kind === 'form' && (
          <>
            <h1 className="card-title">Reset Your Password</h1>
            <Island
              name="AuthForm"
              props={{
                schema: 'resetPassword',
                action: `${PATHS.resetPassword}?${new URLSearchParams({ token: state.token })}`,
                hidden: { token: state.token },
                lastResult: state.lastResult ?? null,
              }}
            />
          </>
        )}
        {state.kind === 'done' && (
          <div role="status">
            {/* Works without JavaScript: the browser follows the refresh after 2 seconds. */}
            <meta httpEquiv="refresh" content={`2;url=${PATHS.login}`} />
            <h1 className="card-title">Password reset successful!</h1>
            <p>Redirecting you to login...</p>
            <a href={PATHS.login}>Go to login now</a>
          </div>
        )}
      </div>
    </AuthLayout>
  );
}
