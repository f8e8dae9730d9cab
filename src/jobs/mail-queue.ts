// The mail queue's consumer (decision 32, docs/product.md#reminders-and-mail). Each message is one
// mail: rendered (reminders are rendered here, their links signed at send time), sent through the
// provider, and recorded. A provider failure retries the message later, with a growing delay; after
// the last retry the queue moves it to the dead-letter queue, whose consumer (here too) records it
// as failed and logs it, so admins see it at /admin/mail. A message delivered before (the queue
// delivers at least once) is acknowledged without sending it again.

import { type DeliveryRecord, deliveredAmong, recordDeliveries } from '../data/mail-deliveries';
import { writeToOutbox } from '../data/outbox';
import { findWebinar } from '../data/reminders';
import { type Db, getDb } from '../db/client';
import { startInZone } from '../domain/reminders';
import { formatCalendarDay } from '../domain/time-zone';
import { type Env, isDevelopment } from '../env';
import { checkInToken, unsubscribeToken } from '../mail/links';
import { cleanMail, isFanOutJob, jobRecipient, type MailJob, type MailMessage } from '../mail/message';
import { emailServiceProvider, firstThatSends, httpApiProvider, type MailProvider } from '../mail/providers';
import { checkInReminderMail, webinarReminderMail } from '../mail/templates';
import { CALENDAR_FILE_PATH, PATHS } from '../paths';
import { errorFields, log } from '../server/log';
import { type AnnouncementCache, announcementOutcomes, fanOutAnnouncements, renderAnnouncementMail } from './coach-mail';

/** The queues of wrangler.toml: the mail queue and its dead-letter queue. */
export const MAIL_QUEUE = 'life7-mail';
export const MAIL_DEAD_LETTER_QUEUE = 'life7-mail-dead';

/** Mails sent at once from one batch: a provider (or Workers' open-connection limit) takes a few at a time. */
const SEND_CONCURRENCY = 10;

/** `work` over `items`, at most `limit` at a time, results in order. */
async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Seconds before attempt n + 1: 30 s, 60 s, 120 s, ... at most 10 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 600);
}

/** Development and tests: the outbox table (and a console line); /dev/mail and /dev/mail.json read it. */
function outboxProvider(db: Db, env: Env): MailProvider {
  return {
    name: 'outbox',
    async send(mail) {
      await writeToOutbox(db, mail);
      // The text holds sign-in links, so it stays out of the log; /dev/mail shows it.
      if (env.ENVIRONMENT === 'development') log('info', 'Mail written to the outbox: read it at /dev/mail', { subject: mail.subject });
    },
  };
}

/** Production: Email Service's binding, then the HTTP API when EMAIL_API_KEY is set. */
function mailProvider(env: Env, db: Db): MailProvider {
  if (isDevelopment(env)) return outboxProvider(db, env);
  const providers: MailProvider[] = [];
  if (env.EMAIL) providers.push(emailServiceProvider(env.EMAIL));
  if (env.EMAIL_API_KEY) providers.push(httpApiProvider(env.EMAIL_API_KEY));
  return firstThatSends(providers);
}

/** The origin of links made outside a request: APP_URL (development falls back to the default port). */
function mailOrigin(env: Env): string {
  return env.APP_URL ? new URL(env.APP_URL).origin : 'http://localhost:8787';
}

const SUBJECT_LABELS: Record<MailJob['kind'], string> = {
  'verify-email': 'Email verification',
  'reset-password': 'Password reset',
  'email-change': 'New email address confirmation',
  'email-change-notice': 'Email change notice',
  'cohort-seat': 'Cohort seat',
  'check-in-reminder': 'Daily check-in reminder',
  'webinar-reminder': 'Webinar reminder',
  'coach-nudge': 'Nudge from the coach',
  'coach-announcement': 'Announcement from the coach',
};

/** The mail a job stands for, or null when there is nothing to send any more (a removed webinar). */
async function renderJob(db: Db, env: Env, job: MailJob, now: Date, announcements: AnnouncementCache): Promise<MailMessage | null> {
  const origin = mailOrigin(env);
  if ('mail' in job) return job.mail;
  if (job.kind === 'coach-announcement') return renderAnnouncementMail(db, env, origin, job, announcements);
  const unsubscribe = `${origin}${PATHS.unsubscribe}?t=${await unsubscribeToken(env.JWT_SECRET, job.userId, job.kind === 'check-in-reminder' ? 'check-in' : 'webinar')}`;
  const settingsLink = `${origin}${PATHS.settings}#reminders`;
  if (job.kind === 'check-in-reminder') {
    const token = await checkInToken(env.JWT_SECRET, job.userId, job.day, now);
    const moodLinks = Array.from({ length: 10 }, (_, i) => `${origin}${PATHS.quickCheckIn}?t=${token}&mood=${i + 1}`);
    const mail = checkInReminderMail({
      dayLabel: formatCalendarDay(job.day, job.day.slice(0, 4)),
      moodLinks,
      appLink: `${origin}${PATHS.checkIns}`,
      settingsLink,
      unsubscribeLink: unsubscribe,
    });
    return cleanMail({ to: job.to, ...mail });
  }
  const webinar = await findWebinar(db, job.webinarId);
  if (!webinar) return null;
  const mail = webinarReminderMail({
    title: webinar.title,
    when: startInZone(webinar.startTime, job.timeZone),
    location: webinar.location,
    joinLink: job.mayJoin && webinar.joinUrl && /^https?:\/\//.test(webinar.joinUrl) ? webinar.joinUrl : null,
    calendarLink: `${origin}${CALENDAR_FILE_PATH}`,
    settingsLink,
    unsubscribeLink: unsubscribe,
  });
  return cleanMail({ to: job.to, ...mail });
}

function isJob(body: unknown): body is MailJob {
  if (!body || typeof body !== 'object') return false;
  const job = body as Partial<MailJob>;
  return typeof job.id === 'string' && typeof job.userId === 'string' && typeof job.kind === 'string' && job.kind in SUBJECT_LABELS;
}

function record(job: MailJob, status: DeliveryRecord['status'], attempts: number, subject: string, error: string | null): DeliveryRecord {
  return { id: job.id, userId: job.userId, kind: job.kind, to: jobRecipient(job), subject, status, attempts, error };
}

/** Sends a batch from the mail queue through `provider`. */
export async function deliverMail(batch: MessageBatch<unknown>, env: Env, provider: MailProvider, now: Date = new Date()): Promise<void> {
  const db = getDb(env.DB);
  // An announcement's fan-out steps travel on this queue too: they queue mails, they are none.
  const fanOuts = batch.messages.filter((m) => isFanOutJob(m.body));
  if (fanOuts.length > 0) await fanOutAnnouncements(db, env, fanOuts, retryDelaySeconds);
  const messages = fanOuts.length > 0 ? batch.messages.filter((m) => !isFanOutJob(m.body)) : batch.messages;
  const jobs = messages.filter((m) => isJob(m.body)).map((m) => m.body as MailJob);
  const announcements: AnnouncementCache = new Map();
  const delivered = await deliveredAmong(
    db,
    jobs.map((j) => j.id),
  );
  const outcomes = await inPool(messages, SEND_CONCURRENCY, async (message): Promise<DeliveryRecord | null> => {
    const job = message.body;
    if (!isJob(job)) {
      // Never retried: it would fail the same way every time.
      log('error', 'Mail queue message is not a mail job; dropped', { queue: batch.queue, messageId: message.id });
      message.ack();
      return null;
    }
    if (delivered.has(job.id)) {
      message.ack();
      return null;
    }
    let subject = SUBJECT_LABELS[job.kind];
    try {
      const mail = await renderJob(db, env, job, now, announcements);
      if (!mail) {
        message.ack();
        return null;
      }
      subject = mail.subject;
      await provider.send(mail, env.MAIL_FROM);
      message.ack();
      return record(job, 'delivered', message.attempts, subject, null);
    } catch (error) {
      // A provider's message may name the address ('email to … not allowed'): the log never does.
      const cause = String(errorFields(error).cause ?? 'unknown error').replace(/[^\s<>"']+@[^\s<>"']+/g, '[address]');
      log('warn', 'Mail not sent; the queue will retry it', {
        mailId: job.id,
        kind: job.kind,
        attempt: message.attempts,
        provider: provider.name,
        cause,
      });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
      return record(job, 'retrying', message.attempts, subject, cause);
    }
  });
  const records = outcomes.filter((o): o is DeliveryRecord => o !== null);
  await recordDeliveries(db, records, now, announcementOutcomes(db, jobs, records));
}

/** The dead-letter queue's consumer: the mail failed for good. Recorded, logged, acknowledged. */
async function recordDeadLetters(batch: MessageBatch<unknown>, env: Env, now: Date = new Date()): Promise<void> {
  const records: DeliveryRecord[] = [];
  for (const message of batch.messages) {
    const job = message.body;
    if (!isJob(job)) {
      log('error', 'Dead-lettered message is not a mail job', { messageId: message.id });
      continue;
    }
    log('error', 'Mail not delivered after every retry: moved to the dead-letter queue', {
      mailId: job.id,
      kind: job.kind,
      userId: job.userId,
    });
    const subject = 'mail' in job ? job.mail.subject : SUBJECT_LABELS[job.kind];
    records.push(record(job, 'failed', message.attempts, subject, 'Not delivered after every retry'));
  }
  const db = getDb(env.DB);
  const jobs = batch.messages.map((m) => m.body).filter(isJob);
  await recordDeliveries(db, records, now, announcementOutcomes(db, jobs, records));
  batch.ackAll();
}

/** The Worker's `queue` handler. `provider` is for tests (a stand-in for the external provider). */
export async function queue(batch: MessageBatch<unknown>, env: Env, _ctx?: ExecutionContext, provider?: MailProvider): Promise<void> {
  try {
    if (batch.queue === MAIL_DEAD_LETTER_QUEUE) return await recordDeadLetters(batch, env);
    await deliverMail(batch, env, provider ?? mailProvider(env, getDb(env.DB)));
  } catch (error) {
    // Thrown, the whole batch is retried (messages already acknowledged stay so).
    log('error', 'Mail queue batch failed', { queue: batch.queue, ...errorFields(error) });
    throw error;
  }
}
