// The two links of an email change (decision 42, docs/product.md#your-account): one to the new
// address, which confirms it, and one to the old address, which says it was not them. Each is a
// fresh link token (only its SHA-256 is stored, src/server/link-token.ts); both mails go onto the
// mail queue (decision 32) and name no text anyone typed.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { renewEmailChangeLink, storeEmailChange } from '../data/account';
import { EMAIL_CHANGE_HOURS, EMAIL_CHANGE_REPORT_DAYS, EMAIL_CHANGE_REPORT_VALIDITY, EMAIL_CHANGE_VALIDITY } from '../domain/account';
import { emailChangeMail, emailChangeNoticeMail } from '../domain/emails';
import { queueMail } from '../mail/send';
import { PATHS } from '../paths';
import { appOrigin } from './config';
import { createLinkToken } from './link-token';

const HOUR_MS = 60 * 60 * 1000;

const linkTo = (c: Context<AppEnv>, path: string, token: string) => `${appOrigin(c)}${path}?token=${encodeURIComponent(token)}`;

/** Stores the change (a pending one is replaced) and queues both mails; answers the pending change. */
export async function sendEmailChangeLinks(
  c: Context<AppEnv>,
  user: { id: string; email: string },
  newEmail: string,
): Promise<{ newEmail: string; expiresAt: string }> {
  const [confirm, report] = await Promise.all([createLinkToken(), createLinkToken()]);
  const now = Date.now();
  const expiresAt = new Date(now + EMAIL_CHANGE_HOURS * HOUR_MS).toISOString();
  await storeEmailChange(c.get('db'), {
    userId: user.id,
    oldEmail: user.email,
    newEmail,
    tokenHash: confirm.tokenHash,
    expiresAt,
    reportTokenHash: report.tokenHash,
    reportExpiresAt: new Date(now + EMAIL_CHANGE_REPORT_DAYS * 24 * HOUR_MS).toISOString(),
  });
  await Promise.all([
    queueMail(
      c.env,
      'email-change',
      { id: user.id, email: newEmail },
      emailChangeMail(linkTo(c, PATHS.confirmEmail, confirm.token), EMAIL_CHANGE_VALIDITY),
    ),
    queueMail(
      c.env,
      'email-change-notice',
      user,
      emailChangeNoticeMail(linkTo(c, PATHS.reportEmailChange, report.token), EMAIL_CHANGE_REPORT_VALIDITY),
    ),
  ]);
  return { newEmail, expiresAt };
}

/** 'Resend': a new link to the pending address (the one sent before stops working); null when none is pending. */
export async function resendEmailChangeLink(c: Context<AppEnv>, userId: string): Promise<string | null> {
  const confirm = await createLinkToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_HOURS * HOUR_MS).toISOString();
  const pending = await renewEmailChangeLink(c.get('db'), userId, confirm.tokenHash, expiresAt);
  if (!pending) return null;
  const mail = emailChangeMail(linkTo(c, PATHS.confirmEmail, confirm.token), EMAIL_CHANGE_VALIDITY);
  await queueMail(c.env, 'email-change', { id: userId, email: pending.newEmail }, mail);
  return pending.newEmail;
}
