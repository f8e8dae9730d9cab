// /api/auth: the account API. The actions also serve their pages' form posts (routes/pages.tsx).
import { Hono } from 'hono';
import { changePassword, forgotPassword, login, logout, resetPassword, signup } from '../actions/account';
import { resendVerification } from '../actions/email-verification';
import { saveTimeZone } from '../actions/time-zone';
import type { AppEnv } from '../app-env';
import { publicMembership, publicUser } from '../data/users';

export const authRoutes = new Hono<AppEnv>()
  .get('/me', (c) => {
    const auth = c.get('auth');
    if (!auth) return c.json({ message: 'Not signed in' }, 401);
    return c.json({ user: publicUser(auth.user), membership: publicMembership(auth.membership) });
  })
  .post('/signup', signup)
  .post('/login', login)
  .post('/logout', logout)
  .post('/forgot-password', forgotPassword)
  .post('/reset-password', resetPassword)
  .post('/change-password', changePassword)
  .post('/time-zone', saveTimeZone)
  .post('/resend-verification', resendVerification);
