// The one mail port (docs/product.md#outgoing-email): development and tests write to the outbox table
// (read at /dev/mail); production posts to an HTTP email API when EMAIL_API_KEY is set.
import type { Db } from '../db/client';
import { isDevelopment, type Env } from '../env';
import { writeToOutbox } from '../data/outbox';
import { singleLine } from '../domain/text';
import { log } from './log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

// Resend's API (https://resend.com/docs/api-reference/emails/send-email); any provider with a
// similar JSON endpoint can replace this one function.
const EMAIL_API_URL = 'https://api.resend.com/emails';

export async function sendMail(env: Env, db: Db, sent: Mail): Promise<void> {
  // Header fields are one line whatever a caller passes (src/domain/text.ts): no CR, LF, NEL,
  // U+2028 or other control can add a header or forge an outbox line.
  const mail: Mail = { ...sent, to: singleLine(sent.to).trim(), subject: singleLine(sent.subject) };
  if (isDevelopment(env)) {
    await writeToOutbox(db, mail);
    // The text holds sign-in links, so it stays out of the log; /dev/mail shows it.
    if (env.ENVIRONMENT === 'development') log('info', 'Mail written to the outbox: read it at /dev/mail', { subject: mail.subject });
    return;
  }
  if (!env.EMAIL_API_KEY) {
    log('error', 'Mail not sent: EMAIL_API_KEY is not set', { subject: mail.subject });
    return;
  }
  const response = await fetch(EMAIL_API_URL, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.EMAIL_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from: env.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.text }),
  });
  if (!response.ok) log('error', 'Mail not sent: the email API refused it', { subject: mail.subject, status: response.status });
}
