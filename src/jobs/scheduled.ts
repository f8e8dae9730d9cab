// The Cron Triggers' handler (wrangler.toml [triggers]). Each job works out everything from the
// run's scheduledTime, never the wall clock, so a late or repeated run does the same work and
// `GET /__scheduled?cron=…&time=…` (development, src/jobs/scheduled-request.ts) can run it as of any moment.
import { auditGraceLapses } from '../data/audit';
import { deleteExpired } from '../data/cleanup';
import { getDb } from '../db/client';
import type { Env } from '../env';
import { errorFields, log } from '../server/log';
import { throttleFamilies } from '../server/throttle-policy';
import { storeCohortReport } from './cohort-report';
import { sendReminders } from './reminders';
import { releaseSeatHolds } from './seat-holds';

/** Daily at 03:00 UTC: delete what has expired (decision 27), and note each payment grace that ran out in the audit trail (decision 25). */
export const DAILY_CRON = '0 3 * * *';
/**
 * Every 15 minutes: the reminders whose moment falls in the run's window (src/jobs/reminders.ts),
 * the cohort report (src/jobs/cohort-report.ts), and the seat holds that ran out (src/jobs/seat-holds.ts).
 */
export const QUARTER_HOUR_CRON = '*/15 * * * *';

type Job = (env: Env, at: Date) => Promise<void>;

async function daily(env: Env, at: Date): Promise<void> {
  const db = getDb(env.DB);
  const deleted = await deleteExpired(db, at, throttleFamilies(env));
  log('info', 'Expired rows deleted', { at: at.toISOString(), ...deleted });
  // The admin pages write these too as they read the trail; this keeps it complete unread.
  await auditGraceLapses(db, at);
}

/** The jobs run side by side, and one failing does not stop the others (the run still fails). */
async function quarterHour(env: Env, at: Date): Promise<void> {
  const failed = (await Promise.allSettled([sendReminders(env, at), storeCohortReport(env, at), releaseSeatHolds(env, at)])).find(
    (r): r is PromiseRejectedResult => r.status === 'rejected',
  );
  if (failed) throw failed.reason;
}

const JOBS: Record<string, Job> = { [DAILY_CRON]: daily, [QUARTER_HOUR_CRON]: quarterHour };

/** A cron this Worker has a job for. */
export function isKnownCron(cron: string): boolean {
  return Object.hasOwn(JOBS, cron);
}

export async function scheduled(controller: ScheduledController, env: Env): Promise<void> {
  const job = JOBS[controller.cron];
  if (!job) {
    log('warn', 'No job for this cron', { cron: controller.cron });
    return;
  }
  try {
    await job(env, new Date(controller.scheduledTime));
  } catch (error) {
    log('error', 'Scheduled job failed', { cron: controller.cron, ...errorFields(error) });
    // Rethrown, so the Cron Trigger's own record shows the run as failed.
    throw error;
  }
}
