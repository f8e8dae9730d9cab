import type { SubmissionResult } from '@conform-to/react';
import { PRODUCT_NAME } from '../domain/product';
import type { LoginTab } from '../islands/LoginCard';
import { PATHS } from '../paths';
import { AuthLayout } from './AuthLayout';
import { Island } from './islands';

export function LoginPage(props: {
  tab: LoginTab;
  returnTo: string | null;
  loginResult?: SubmissionResult | null;
  signupResult?: SubmissionResult | null;
}) {
  return (
    <AuthLayout>
      <Island name="LoginCard" props={props} />
      <p className="login-new">
        New to {PRODUCT_NAME}? <a href={PATHS.join}>See the next cohorts and join</a>
      </p>
    </AuthLayout>
  );
}
