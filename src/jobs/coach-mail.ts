// Coach mail on the mail queue (decision 40, docs/product.md#nudges-and-announcements): the
// announcements' fan-out steps, each putting up to 1,000 recipients' mails on the queue (one D1
// round trip and at most 10 sendBatch calls), and the rendering of an announcement's mail at send
// time (its unsubscribe link signed then, the announcement read once per queue batch).
import {
  type ClaimedRecipient,
  claimRecipients,
  findAnnouncement,
  recordAnnouncementMailsStatement,
  unclaimRecipients,
} from '../data/announcements';
import type { DeliveryRecord } from '../data/mail-deliveries';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { coachReplyTo, coachUnsubscribeLink } from '../mail/coach-links';
import type { FanOutJob, MailJob, MailMessage } from '../mail/message';
import { cleanMail } from '../mail/message';
import { queueJobs } from '../mail/send';
import { coachMail } from '../mail/templates';
import { PATHS } from '../paths';
import { errorFields, log } from '../server/log';

/** An announcement mail's id: the same for a recipient however often a step runs, so the consumer sends it once. */
const announcementMailId = (announcementId: string, userId: string) => `announcement-${announcementId}-${userId}`;

function mailJobs(announcementId: string, claimed: readonly ClaimedRecipient[]): MailJob[] {
  return claimed.map((r) => ({
    id: announcementMailId(announcementId, r.userId),
    kind: 'coach-announcement',
    userId: r.userId,
    to: r.email,
    announcementId,
  }));
}

/** Runs the fan-out steps of a queue batch, one after the other; a step that cannot queue its mails puts them back and is retried. */
export async function fanOutAnnouncements(
  db: Db,
  env: Env,
  messages: readonly Message<unknown>[],
  delaySeconds: (attempts: number) => number,
) {
  for (const message of messages) {
    const job = message.body as FanOutJob;
    const claimed = await claimRecipients(db, job.announcementId, job.from, job.to);
    try {
      await queueJobs(env, mailJobs(job.announcementId, claimed));
      message.ack();
    } catch (error) {
      log('warn', 'Announcement mails not queued; the step will be retried', {
        announcementId: job.announcementId,
        from: job.from,
        attempt: message.attempts,
        ...errorFields(error),
      });
      await unclaimRecipients(
        db,
        job.announcementId,
        claimed.map((r) => r.userId),
      );
      message.retry({ delaySeconds: delaySeconds(message.attempts) });
    }
  }
}

export type AnnouncementCache = Map<string, Promise<{ subject: string; body: string; sentBy: string } | null>>;

/** An announcement's mail to one recipient, or null when the announcement is gone (its cohort deleted). */
export async function renderAnnouncementMail(
  db: Db,
  env: Env,
  origin: string,
  job: Extract<MailJob, { kind: 'coach-announcement' }>,
  cache: AnnouncementCache,
): Promise<MailMessage | null> {
  let found = cache.get(job.announcementId);
  if (!found) {
    found = findAnnouncement(db, job.announcementId);
    cache.set(job.announcementId, found);
  }
  const announcement = await found;
  if (!announcement) return null;
  const mail = coachMail({
    subject: announcement.subject,
    text: announcement.body,
    action: { label: 'Open Life7', href: `${origin}${PATHS.dashboard}` },
    replyTo: coachReplyTo(env, announcement.sentBy),
    settingsLink: `${origin}${PATHS.settings}#coach-mail`,
    unsubscribeLink: await coachUnsubscribeLink(env, origin, job.userId),
  });
  return cleanMail({ to: job.to, ...mail });
}

/** The statement that writes the outcomes of a batch's announcement mails back to their recipients (null: none in the batch). */
export function announcementOutcomes(db: Db, jobs: readonly MailJob[], records: readonly DeliveryRecord[]) {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const outcomes = records.flatMap((r) => {
    const job = byId.get(r.id);
    return job?.kind === 'coach-announcement' ? [{ announcementId: job.announcementId, userId: job.userId, status: r.status }] : [];
  });
  return recordAnnouncementMailsStatement(db, outcomes);
}
