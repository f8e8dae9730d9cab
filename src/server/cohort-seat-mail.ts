// 'You have a seat in January 2027' (docs/product.md#cohorts): whenever a seat frees (a move, a
// deleted participant, a raised capacity), the batch that frees it seats the first of the
// waitlist, and each of them gets this mail through the mail queue (decision 32).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { seatedFromWaitlistAt } from '../data/cohort-changes';
import { cohortSeatMail } from '../domain/emails';
import { calendarDay } from '../domain/time-zone';
import { coachTimeZone } from '../domain/webinars';
import { cleanMail, type MailJob } from '../mail/message';
import { queueJobs } from '../mail/send';
import { fromText } from '../mail/templates';
import { PATHS } from '../paths';
import { appOrigin } from './config';

/** Mails everyone seated off `cohortId`'s waitlist by the batch that ran at `at`; answers how many. */
export async function mailSeatedFromWaitlist(c: Context<AppEnv>, cohortId: string, at: string): Promise<number> {
  const seated = await seatedFromWaitlistAt(c.get('db'), cohortId, at);
  if (!seated || seated.people.length === 0) return 0;
  const text = cohortSeatMail(
    seated.cohort,
    calendarDay(new Date(at), coachTimeZone(c.env.COACH_TIME_ZONE)),
    `${appOrigin(c)}${PATHS.dashboard}`,
  );
  const jobs: MailJob[] = seated.people.map((person) => ({
    id: crypto.randomUUID(),
    kind: 'cohort-seat',
    userId: person.id,
    mail: cleanMail({ to: person.email, ...fromText(text) }),
  }));
  await queueJobs(c.env, jobs);
  return jobs.length;
}
