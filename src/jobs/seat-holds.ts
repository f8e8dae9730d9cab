// The 15-minute run's part of decision 41 (docs/product.md#joining-and-paying): the seats held for
// a payment that never came are released as of the run's scheduledTime, and whoever they go to off
// a waitlist is mailed 'You have a seat in …'.
import { releaseLapsedHolds } from '../data/cohort-join';
import { getDb } from '../db/client';
import type { Env } from '../env';
import { mailSeatedFromWaitlistWith } from '../server/cohort-seat-mail';
import { log } from '../server/log';

export async function releaseSeatHolds(env: Env, at: Date): Promise<void> {
  const db = getDb(env.DB);
  const when = at.toISOString();
  const cohortIds = await releaseLapsedHolds(db, when);
  // Without APP_URL (development) the links go to the default local address.
  const origin = env.APP_URL ? new URL(env.APP_URL).origin : 'http://localhost:8787';
  let mailed = 0;
  for (const cohortId of cohortIds) mailed += await mailSeatedFromWaitlistWith(env, db, origin, cohortId, when);
  if (cohortIds.length > 0) log('info', 'Seat holds released', { at: when, cohorts: cohortIds.length, seatedFromWaitlist: mailed });
}
