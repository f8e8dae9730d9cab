// Account pages and the signed-in home. Guards run first; pages render on the server.
import { Hono } from 'hono';
import { changePassword, forgotPassword, login, resetPassword, signup } from '../actions/account';
import { postVerifyEmail, showVerificationPage } from '../actions/email-verification';
import { saveTimeZone } from '../actions/time-zone';
import type { AppEnv } from '../app-env';
import { outboundLinks } from '../domain/links';
import { toClientView } from '../domain/progress-view';
import { PATHS, safeReturnPath } from '../paths';
import { currentAuth, requireUserPage, requireAccessPage } from '../server/guards';
import { listUpcomingWebinars } from '../data/webinars';
import { DashboardPage } from '../views/DashboardPage';
import { LoginPage } from '../views/LoginPage';
import { ForgotPasswordPage, ResetPasswordPage } from '../views/PasswordPages';
import { renderPage } from '../views/render';
import { SettingsPage } from '../views/SettingsPage';
import { SessionsProgressCard } from '../views/SessionsProgressCard';
import { WheelCard } from '../views/WheelCard';
import { userProgress } from '../server/page-reads';

export const pageRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.redirect(PATHS.dashboard, 302))

  .get(PATHS.login, (c) => {
    const returnTo = safeReturnPath(c.req.query('next'));
    if (c.get('auth')) return c.redirect(returnTo ?? PATHS.dashboard, 302);
    const tab = c.req.query('tab') === 'signup' ? 'signup' : 'login';
    return renderPage(c, <LoginPage tab={tab} returnTo={returnTo} />, { title: tab === 'signup' ? 'Sign Up' : 'Login' });
  })

  // Each account form posts to its own page (a failure re-renders it here, a success is a 303).
  .post(PATHS.login, (c) => (c.req.query('tab') === 'signup' ? signup(c) : login(c)))
  .post(PATHS.forgotPassword, forgotPassword)
  .post(PATHS.resetPassword, resetPassword)
  .post(PATHS.settings, requireUserPage, (c) => (c.req.query('form') === 'time-zone' ? saveTimeZone(c) : changePassword(c)))

  .get(PATHS.verifyEmail, showVerificationPage)
  .post(PATHS.verifyEmail, postVerifyEmail)

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

  .get(PATHS.dashboard, requireUserPage, requireAccessPage('challenge', 'Dashboard'), async (c) => {
    const auth = currentAuth(c);
    const db = c.get('db');
    const [webinars, row] = await Promise.all([listUpcomingWebinars(db), userProgress(c)]);
    return renderPage(
      c,
      <DashboardPage auth={auth} webinars={webinars} links={outboundLinks(c.env.OUTBOUND_LINKS)}>
        <SessionsProgressCard completions={row} />
        <WheelCard session1={toClientView(row).session1 ?? null} />
      </DashboardPage>,
      { title: 'Dashboard' },
    );
  })

  .get(PATHS.settings, requireUserPage, async (c) =>
    renderPage(
      c,
      <SettingsPage auth={currentAuth(c)} webinars={await listUpcomingWebinars(c.get('db'))} updated={c.req.query('updated') === '1'} />,
      { title: 'Settings' },
    ),
  );
