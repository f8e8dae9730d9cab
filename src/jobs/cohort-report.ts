// The 15-minute run's other job (docs/product.md#the-coachs-desk): the cohort report worked out as
// of the run's scheduledTime and stored, so /admin/cohort and GET /api/admin/cohort read one row
// and the people they list instead of counting the cohort per request.
import { computeCohortReport } from '../data/cohort';
import { getDb } from '../db/client';
import type { Env } from '../env';
import { log } from '../server/log';

export async function storeCohortReport(env: Env, at: Date): Promise<void> {
  const started = Date.now();
  const run = await computeCohortReport(getDb(env.DB), at);
  log('info', 'Cohort report stored', {
    at: at.toISOString(),
    participants: run.participants,
    needsAttention: run.attentionTotal,
    ms: Date.now() - started,
  });
}
