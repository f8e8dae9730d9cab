// The 15-minute run's other job (docs/product.md#the-coachs-desk): the cohort reports worked out as
// of the run's scheduledTime and stored, one cohort at a time, so each cohort's desk, its JSON and
// the comparison of cohorts read stored rows instead of counting members per request. Each run
// works out the running and upcoming cohorts and any finished one whose report is missing, at most
// REPORTS_PER_RUN of them (the oldest report first; the rest come with the next run).
import { computeCohortReport } from '../data/cohort';
import { cohortsToRefresh } from '../data/cohort-compare';
import { getDb } from '../db/client';
import { coachToday, REPORTS_PER_RUN } from '../domain/cohort-compare';
import { coachTimeZone } from '../domain/webinars';
import type { Env } from '../env';
import { log } from '../server/log';

export async function storeCohortReport(env: Env, at: Date): Promise<void> {
  const db = getDb(env.DB);
  const ids = await cohortsToRefresh(db, coachToday(at, coachTimeZone(env.COACH_TIME_ZONE)), REPORTS_PER_RUN);
  // One after another: each is a few round trips over one cohort's members.
  for (const id of ids) {
    const started = Date.now();
    const run = await computeCohortReport(db, id, at);
    log('info', 'Cohort report stored', {
      at: at.toISOString(),
      cohortId: id,
      participants: run.participants,
      needsAttention: run.attentionTotal,
      ms: Date.now() - started,
    });
  }
}
