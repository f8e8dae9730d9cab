// The 15-minute run's part of decision 41 (docs/product.md#joining-and-paying): the seats held for
// a payment that never came are released as of the run's scheduledTime, and whoever they go to off
// a waitlist is mailed 'You have a seat in …', as src/server/cohort-seat-mail.ts mails it for a
// request.
import { seatedFromWaitlistAt } from '../data/cohort-changes';
import { releaseLapsedHolds } from '../data/cohort-join';
import { getDb } from '../db/client';
import { cohortSeatMail } from '../domain/emails';
import { calendarDay } from '../domain/time-zone';
import { coachTimeZone } from '../domain/webinars';
import type { Env } from '../env';
import { cleanMail, type MailJob } from '../mail/message';
import { queueJobs } from '../mail/send';
import { fromText } from '../mail/templates';
import { PATHS } from '../paths';
import { log } from '../server/log';

export async function releaseSeatHolds(env: Env, at: Date): Promise<void> {
  const db = getDb(env.DB);
  const when = at.toISOString();
  const cohortIds = await releaseLapsedHolds(db, when);
  // Without APP_URL (development) the links go to the default local address.
  const origin = env.APP_URL ? new URL(env.APP_URL).origin : 'http://localhost:8787';
  const jobs: MailJob[] = [];
  for (const cohortId of cohortIds) {
    const seated = await seatedFromWaitlistAt(db, cohortId, when);
    if (!seated) continue;
    const text = cohortSeatMail(seated.cohort, calendarDay(at, coachTimeZone(env.COACH_TIME_ZONE)), `${origin}${PATHS.dashboard}`);
    for (const person of seated.people)
      jobs.push({
        id: crypto.randomUUID(),
        kind: 'cohort-seat',
        userId: person.id,
        mail: cleanMail({ to: person.email, ...fromText(text) }),
      });
  }
  if (jobs.length > 0) await queueJobs(env, jobs);
  if (cohortIds.length > 0) log('info', 'Seat holds released', { at: when, cohorts: cohortIds.length, seatedFromWaitlist: jobs.length });
}
