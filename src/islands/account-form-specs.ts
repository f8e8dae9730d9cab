// What each account form shows: its id, fields and button labels, in one place for the login
// card, the password pages and settings (the schemas that check them are in domain/auth-schemas).
import { type AuthFormName, PASSWORD_PLACEHOLDER } from '../domain/auth-schemas';

interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  placeholder?: string;
  /** A line under the label, tied to the field by aria-describedby. */
  hint?: string;
}

export interface AccountFormSpec {
  formId: string;
  fields: FieldSpec[];
  submitLabel: string;
  busyLabel: string;
  /** Sends the browser's time zone along (sign-up stores it for check-in days). */
  sendsTimeZone?: boolean;
  /** The button's look: the primary one unless the form destroys something. */
  button?: 'primary' | 'outline' | 'destructive';
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
  // A participant's own account (docs/product.md#your-account).
  changeName: {
    formId: 'change-name-form',
    fields: [{ name: 'name', label: 'Name', type: 'text', autoComplete: 'name', hint: 'Leave it blank to remove your name.' }],
    submitLabel: 'Save Name',
    busyLabel: 'Saving...',
    button: 'outline',
  },
  changeEmail: {
    formId: 'change-email-form',
    fields: [
      { ...email('New Email Address'), hint: 'We send a link to the new address; your address changes once you open it.' },
      password('password', 'Your Password', 'current-password'),
    ],
    submitLabel: 'Change Email',
    busyLabel: 'Sending link...',
    button: 'outline',
  },
  deleteAccount: {
    formId: 'delete-account-form',
    fields: [
      { name: 'confirm', label: 'Confirm by typing delete', type: 'text', autoComplete: 'off' },
      password('password', 'Your Password', 'current-password'),
    ],
    submitLabel: 'Delete My Account',
    busyLabel: 'Deleting...',
    button: 'destructive',
  },
};
