// The email verification link (docs/product.md#email-verification): made fresh for a user (older
// ones stop working) and mailed after the response, at sign-up and in an admin-created account's
// welcome mail, and again on request. The mail goes onto the mail queue (decision 32).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { storeVerificationToken } from '../data/email-verification';
import { type MailText, verifyEmailMail } from '../domain/emails';
import { queueMail } from '../mail/send';
import { PATHS } from '../paths';
import { appOrigin } from './config';
import { createLinkToken } from './link-token';

const VERIFICATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const VERIFICATION_VALIDITY = '7 days';

/** Makes a fresh link for the user (older ones stop working) and mails it, after the response. */
export function sendVerificationLink(
  c: Context<AppEnv>,
  user: { id: string; email: string },
  mail: (link: string) => MailText = (link) => verifyEmailMail(link, VERIFICATION_VALIDITY),
): void {
  const db = c.get('db');
  const origin = appOrigin(c);
  c.executionCtx.waitUntil(
    (async () => {
      const { token, tokenHash } = await createLinkToken();
      await storeVerificationToken(db, user.id, tokenHash, new Date(Date.now() + VERIFICATION_TTL_MS).toISOString());
      await queueMail(c.env, 'verify-email', user, mail(`${origin}${PATHS.verifyEmail}?token=${encodeURIComponent(token)}`));
    })(),
  );
}
