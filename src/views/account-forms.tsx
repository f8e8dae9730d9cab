// The account pages re-rendered after a failed form post: the same page, at the same address,
// with the failure's messages (each is a FormPage for the account actions).
import type { SubmissionResult } from '@conform-to/react';
import { listUpcomingWebinars } from '../data/webinars';
import { safeReturnPath } from '../paths';
import { currentAuth } from '../server/guards';
import type { Toast } from '../server/flash';
import { formPage } from '../server/form-replay';
import type { Failure } from '../server/respond';
import { LoginPage } from './LoginPage';
import { ForgotPasswordPage, ResetPasswordPage } from './PasswordPages';
import { renderPage } from './render';
import { SettingsPage } from './SettingsPage';

export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired';

export const loginFormPage = formPage('login', (c, failure) =>
  renderPage(c, <LoginPage tab="login" returnTo={safeReturnPath(c.req.query('next'))} loginResult={failure.reply} />, {
    title: 'Login',
    status: failure.status,
    toast: { title: 'Login failed', description: failure.message, variant: 'destructive' },
  }),
);

export const signupFormPage = formPage('signup', (c, failure) =>
  renderPage(c, <LoginPage tab="signup" returnTo={safeReturnPath(c.req.query('next'))} signupResult={failure.reply} />, {
    title: 'Sign Up',
    status: failure.status,
    toast: { title: 'Signup failed', description: failure.message, variant: 'destructive' },
  }),
);

export const forgotFormPage = formPage('forgot-password', (c, failure) =>
  renderPage(c, <ForgotPasswordPage sent={false} lastResult={failure.reply} />, {
    title: 'Forgot Password',
    status: failure.status,
    toast: { title: 'Error', description: failure.message, variant: 'destructive' },
  }),
);

export const resetFormPage = formPage('reset-password', (c, failure) => {
  // The page's form carries the token in its address; a legacy post to /api only in the field.
  const posted = failure.reply.initialValue?.token;
  const token = c.req.query('token') ?? (typeof posted === 'string' ? posted : '');
  // An unknown, used or expired token cannot be retried: offer a new link instead of the form.
  const linkDead = !token || failure.message === RESET_LINK_INVALID;
  return renderPage(
    c,
    <ResetPasswordPage state={linkDead ? { kind: 'invalid' } : { kind: 'form', token, lastResult: failure.reply }} />,
    {
      title: 'Reset Password',
      status: failure.status,
      toast: { title: token ? failure.message : 'Invalid or missing reset token', variant: 'destructive' },
    },
  );
});

/**
 * A message that belongs to a field shows once, beside that field: not again in the banner above
 * the form and in a toast (a wrong current password used to say so three times).
 */
function besideTheirFields(failure: Failure): { reply: SubmissionResult; toast: Toast | null } {
  const toast: Toast = { title: 'Error', description: failure.message, variant: 'destructive' };
  const fieldMessages = Object.values(failure.fieldErrors ?? {}).flat();
  if (!fieldMessages.includes(failure.message)) return { reply: failure.reply, toast };
  const { '': _banner, ...fields } = failure.reply.error ?? {};
  return { reply: { ...failure.reply, error: fields }, toast: null };
}

export const settingsFormPage = formPage('settings', async (c, failure) => {
  const { reply, toast } = besideTheirFields(failure);
  return renderPage(c, <SettingsPage auth={currentAuth(c)} webinars={await listUpcomingWebinars(c.get('db'))} lastResult={reply} updated={false} />, {
    title: 'Settings',
    status: failure.status,
    toast,
  });
});

export const timeZoneFormPage = formPage('settings-time-zone', async (c, failure) =>
  renderPage(
    c,
    <SettingsPage auth={currentAuth(c)} webinars={await listUpcomingWebinars(c.get('db'))} timeZoneError={failure.message} updated={false} />,
    { title: 'Settings', status: failure.status, toast: { title: 'Error', description: failure.message, variant: 'destructive' } },
  ),
);
