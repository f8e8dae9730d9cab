// The one mail port (docs/product.md#outgoing-email): development and tests write to the outbox table and
// the console (read at /dev/mail); production posts to an HTTP email API when EMAIL_API_KEY is set.
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { isDevelopment, type Env } from '../env';
import { newId } from '../data/ids';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

// Resend's API (https://resend.com/docs/api-reference/emails/send-email); any provider with a
// similar JSON endpoint can replace this one function.
const EMAIL_API_URL = 'https://api.resend.com/emails';

export async function sendMail(env: Env, db: Db, mail: Mail): Promise<void> {
  if (isDevelopment(env)) {
    await db.insert(emailOutbox).values({ id: newId(), ...mail });
    if (env.ENVIRONMENT === 'development') console.log(`[mail] to ${mail.to}: ${mail.subject}\n${mail.text}`);
    return;
  }
  if (!env.EMAIL_API_KEY) {
    console.error(`[mail] EMAIL_API_KEY is not set: mail to ${mail.to} (${mail.subject}) was not sent`);
    return;
  }
  const response = await fetch(EMAIL_API_URL, {
    method: 'POST',
    headers: { authorization: `Bearer ${env.EMAIL_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ from: env.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.text }),
  });
  if (!response.ok) console.error(`[mail] email API answered ${response.status}: ${await response.text()}`);
}
