// The send port for requests and jobs (decision 32): mail is never sent inside the request that
// caused it. It goes onto the mail queue, whose consumer (src/jobs/mail-queue.ts) sends it with
// retries and a dead-letter queue.
import type { MailText } from '../domain/emails';
import { type AccountMailKind, cleanMail, type QueueJob } from './message';
import { fromText } from './templates';

/** The bindings the port needs (src/env.ts has them all). */
export interface MailQueueEnv {
  MAIL_QUEUE: Queue<QueueJob>;
}

/** Queue.sendBatch takes at most 100 messages (and 256 KB) per call. */
const SEND_BATCH_MAX = 100;

/** Queues one of the account mails (verification or welcome, reset, an email change's) to a user. */
export async function queueMail(
  env: MailQueueEnv,
  kind: AccountMailKind,
  user: { id: string; email: string },
  mail: MailText,
): Promise<void> {
  const message = cleanMail({ to: user.email, ...fromText(mail) });
  await env.MAIL_QUEUE.send({ id: crypto.randomUUID(), kind, userId: user.id, mail: message }, { contentType: 'json' });
}

/** Queues many jobs, 100 per sendBatch call. Answers how many calls it made. */
export async function queueJobs(env: MailQueueEnv, jobs: readonly QueueJob[]): Promise<number> {
  let calls = 0;
  for (let i = 0; i < jobs.length; i += SEND_BATCH_MAX) {
    await env.MAIL_QUEUE.sendBatch(jobs.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body, contentType: 'json' as const })));
    calls += 1;
  }
  return calls;
}
