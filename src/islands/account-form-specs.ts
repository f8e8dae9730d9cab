// What each account form shows: its id, fields and button labels, in one place for the login
// card, the password pages and settings (the schemas that check them are in domain/auth-schemas).
import { type AuthFormName, PASSWORD_PLACEHOLDER } from '../domain/auth-schemas';

interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  placeholder?: string;
}

export interface AccountFormSpec {
  formId: string;
  fields: FieldSpec[];
  submitLabel: string;
  busyLabel: string;
  /** Sends the browser's time zone along (sign-up stores it for check-in days). */
  sendsTimeZone?: boolean;
}

const email = (label: string): FieldSpec => ({ name: 'email', label, type: 'email', autoComplete: 'email' });
const password = (name: string, label: string, autoComplete: 'current-password' | 'new-password'): FieldSpec => ({
  name,
  label,
  type: 'password',
  autoComplete,
});

export const ACCOUNT_FORMS: Record<AuthFormName, AccountFormSpec> = {
  login: {
    formId: 'login-form',
    fields: [email('Email'), password('password', 'Password', 'current-password')],
    submitLabel: 'Login',
    busyLabel: 'Logging in...',
  },
  signup: {
    formId: 'signup-form',
    fields: [
      email('Email'),
      { name: 'name', label: 'Name (Optional)', type: 'text', autoComplete: 'name' },
      { ...password('password', 'Password', 'new-password'), placeholder: PASSWORD_PLACEHOLDER },
    ],
    submitLabel: 'Create Account',
    busyLabel: 'Creating Account...',
    sendsTimeZone: true,
  },
  forgotPassword: {
    formId: 'forgot-password-form',
    fields: [email('Email Address')],
    submitLabel: 'Send Reset Link',
    busyLabel: 'Sending...',
  },
  resetPassword: {
    formId: 'reset-password-form',
    fields: [password('password', 'New Password', 'new-password'), password('confirmPassword', 'Confirm New Password', 'new-password')],
    submitLabel: 'Reset Password',
    busyLabel: 'Resetting Password...',
  },
  changePassword: {
    formId: 'change-password-form',
    fields: [
      password('currentPassword', 'Current Password', 'current-password'),
      password('newPassword', 'New Password', 'new-password'),
      password('confirmPassword', 'Confirm New Password', 'new-password'),
    ],
    submitLabel: 'Update Password',
    busyLabel: 'Updating Password...',
  },
  setPassword: {
    formId: 'change-password-form',
    fields: [password('newPassword', 'New Password', 'new-password'), password('confirmPassword', 'Confirm New Password', 'new-password')],
    submitLabel: 'Update Password',
    busyLabel: 'Updating Password...',
  },
};
