// Where a mail finally goes (the provider port, docs/product.md#reminders-and-mail): Cloudflare
// Email Service's `send_email` binding in production, the HTTP email API as the fallback when
// EMAIL_API_KEY is set. The development outbox is a provider too (src/jobs/mail-queue.ts), and
// tests pass their own. A provider throws when the mail did not go, so the queue retries it.
import type { MailMessage } from './message';

export interface MailProvider {
  readonly name: string;
  send(mail: MailMessage, from: string): Promise<void>;
}

/** Cloudflare Email Service: `env.EMAIL.send({ from, to, subject, html, text, headers })`. */
export function emailServiceProvider(binding: SendEmail): MailProvider {
  return {
    name: 'email-service',
    async send(mail, from) {
      await binding.send({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    },
  };
}

// Resend's API (https://resend.com/docs/api-reference/emails/send-email); any provider with a
// similar JSON endpoint can replace this one function.
const EMAIL_API_URL = 'https://api.resend.com/emails';

export function httpApiProvider(apiKey: string, send: typeof fetch = fetch): MailProvider {
  return {
    name: 'http-api',
    async send(mail, from) {
      const response = await send(EMAIL_API_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from, to: [mail.to], subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers }),
      });
      if (!response.ok) throw new Error(`The email API answered ${response.status}`);
    },
  };
}

/** Tries each provider in order; the mail is sent by the first that takes it, else the last error is thrown. */
export function firstThatSends(providers: readonly MailProvider[]): MailProvider {
  return {
    name: providers.map((p) => p.name).join('+') || 'none',
    async send(mail, from) {
      if (providers.length === 0) throw new Error('No mail provider is configured: add the EMAIL send_email binding or set EMAIL_API_KEY');
      let last: unknown;
      for (const provider of providers) {
        try {
          await provider.send(mail, from);
          return;
        } catch (error) {
          last = error;
        }
      }
      throw last;
    },
  };
}
