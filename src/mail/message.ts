// A mail as the app sends it (docs/product.md#reminders-and-mail): HTML with a plain-text part and
// any extra header fields, and what travels on the mail queue. Pure: no D1, no bindings.
import { singleLine } from '../domain/text';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (List-Unsubscribe, List-Unsubscribe-Post), one line each. */
  headers: Record<string, string>;
}

/**
 * The finished mails: verification or welcome, reset, an email change's two (decision 42), and a
 * seat off a cohort's waitlist (docs/product.md#cohorts).
 */
export type AccountMailKind = 'verify-email' | 'reset-password' | 'email-change' | 'email-change-notice' | 'cohort-seat';

/**
 * A job on the mail queue. `id` names the mail: a message the queue delivers twice finds the mail
 * already delivered and is not sent again. A finished mail travels whole; a reminder travels as
 * the few fields the consumer renders it from (its links are signed at send time), so 100 of
 * them fit in one sendBatch call (256 KB).
 */
export type MailJob =
  | { id: string; kind: AccountMailKind | 'coach-nudge'; userId: string; mail: MailMessage }
  | { id: string; kind: 'coach-announcement'; userId: string; to: string; announcementId: string }
  | { id: string; kind: 'check-in-reminder'; userId: string; to: string; day: string }
  | { id: string; kind: 'webinar-reminder'; userId: string; to: string; webinarId: string; timeZone: string; mayJoin: boolean };

/**
 * Not a mail: puts one chunk of an announcement's recipients on the queue as mails (positions
 * `from` + 1 to `to`; src/jobs/announcement-fan-out.ts), so a cohort of any size is queued in
 * bounded steps (docs/product.md#nudges-and-announcements).
 */
export interface FanOutJob {
  kind: 'announcement-fan-out';
  announcementId: string;
  from: number;
  to: number;
}

/** What travels on the mail queue: mails, and the announcements' fan-out steps. */
export type QueueJob = MailJob | FanOutJob;

export function isFanOutJob(body: unknown): body is FanOutJob {
  if (!body || typeof body !== 'object') return false;
  const job = body as Partial<FanOutJob>;
  return (
    job.kind === 'announcement-fan-out' && typeof job.announcementId === 'string' && Number.isInteger(job.from) && Number.isInteger(job.to)
  );
}

/** The address a job goes to, before it is rendered (the dead-letter log and the delivery row). */
export function jobRecipient(job: MailJob): string {
  return 'mail' in job ? job.mail.to : job.to;
}

/** Header fields are one line whatever a caller passes: no CR, LF or other control can add one. */
export function cleanMail(mail: MailMessage): MailMessage {
  const headers = Object.fromEntries(
    Object.entries(mail.headers).map(([name, value]) => [singleLine(name).replace(/[^A-Za-z0-9-]/g, ''), singleLine(value)]),
  );
  return { ...mail, to: singleLine(mail.to).trim(), subject: singleLine(mail.subject), headers };
}
