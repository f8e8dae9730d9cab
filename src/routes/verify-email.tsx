// Email verification (docs/product.md#email-verification): /verify-email and the resend API.
import { Hono } from 'hono';
import { postVerifyEmail, resendVerification, showVerificationPage } from '../actions/email-verification';
import type { AppEnv } from '../app-env';
import { PATHS } from '../paths';

export const verifyEmailRoutes = new Hono<AppEnv>()
  .get(PATHS.verifyEmail, showVerificationPage)
  .post(PATHS.verifyEmail, postVerifyEmail)
  .post('/api/auth/resend-verification', resendVerification);
