// Account pages and the signed-in home. Guards run first; pages render on the server.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { hasAccess } from '../domain/plans';
import { PATHS, safeReturnPath } from '../paths';
import { currentAuth, requireUserPage } from '../server/guards';
import { listWebinars } from '../server/webinars';
import { AccessNotice } from '../views/AccessNotice';
import { DashboardPage } from '../views/DashboardPage';
import { LoginPage } from '../views/LoginPage';
import { ForgotPasswordPage, ResetPasswordPage } from '../views/PasswordPages';
import { renderPage } from '../views/render';
import { SettingsPage } from '../views/SettingsPage';
import { Shell } from '../views/Shell';

export const pageRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.redirect(PATHS.dashboard, 302))

  .get(PATHS.login, (c) => {
    const returnTo = safeReturnPath(c.req.query('next'));
    if (c.get('auth')) return c.redirect(returnTo ?? PATHS.dashboard, 302);
    const tab = c.req.query('tab') === 'signup' ? 'signup' : 'login';
    return renderPage(c, <LoginPage tab={tab} returnTo={returnTo} />, { title: tab === 'signup' ? 'Sign Up' : 'Login' });
  })

  .get(PATHS.forgotPassword, (c) =>
    renderPage(c, <ForgotPasswordPage sent={c.req.query('sent') === '1'} />, { title: 'Forgot Password' }),
  )

  .get(PATHS.resetPassword, (c) => {
    const token = c.req.query('token');
    if (c.req.query('done') === '1') return renderPage(c, <ResetPasswordPage state={{ kind: 'done' }} />, { title: 'Password Reset' });
    if (!token) {
      return renderPage(c, <ResetPasswordPage state={{ kind: 'invalid' }} />, {
        title: 'Invalid Reset Link',
        toast: { title: 'Invalid or missing reset token', variant: 'destructive' },
      });
    }
    return renderPage(c, <ResetPasswordPage state={{ kind: 'form', token }} />, { title: 'Reset Password' });
  })

  .get(PATHS.dashboard, requireUserPage, async (c) => {
    const auth = currentAuth(c);
    const webinars = await listWebinars(c.get('db'));
    if (!hasAccess(auth.membership, 'challenge')) {
      return renderPage(
        c,
        <Shell auth={auth} webinars={webinars} active="dashboard">
          <AccessNotice access="challenge" />
        </Shell>,
        { title: 'Dashboard', status: 403 },
      );
    }
    return renderPage(c, <DashboardPage auth={auth} webinars={webinars} />, { title: 'Dashboard' });
  })

  .get(PATHS.settings, requireUserPage, async (c) =>
    renderPage(
      c,
      <SettingsPage auth={currentAuth(c)} webinars={await listWebinars(c.get('db'))} updated={c.req.query('updated') === '1'} />,
      { title: 'Settings' },
    ),
  );
