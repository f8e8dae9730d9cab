import type { SubmissionResult } from '@conform-to/react';
import type { LoginTab } from '../islands/LoginCard';
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
    </AuthLayout>
  );
}
