// `GET /__scheduled?cron=…&time=<ms>` in development and tests: runs a Cron Trigger's job as of any
// moment (docs/product.md#reminders-and-mail, README). wrangler's own `--test-scheduled` route of
// that name ignored `time` when this was written (wrangler 4.86 ran the job as of now), so the Worker answers it itself,
// outside production only. With COUNT_D1_ROUND_TRIPS=1 (`npm run bench`, tests) the answer carries
// the run's D1 round trips in X-D1-Round-Trips, counted as a request's are (src/db/client.ts).
import { countingD1 } from '../db/client';
import type { Env } from '../env';
import { isKnownCron, scheduled } from './scheduled';

export const SCHEDULED_TEST_PATH = '/__scheduled';

export async function runScheduledRequest(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const cron = url.searchParams.get('cron') ?? '';
  const time = url.searchParams.get('time');
  if (!isKnownCron(cron))
    return Response.json({ message: 'Name a cron of wrangler.toml [triggers], e.g. ?cron=*/15+*+*+*+*' }, { status: 400 });
  const scheduledTime = time === null ? Date.now() : Number(time);
  if (!Number.isSafeInteger(scheduledTime) || scheduledTime < 0)
    return Response.json({ message: 'time is milliseconds since 1970, e.g. ?time=1764100800000' }, { status: 400 });
  const controller: ScheduledController = { cron, scheduledTime, type: 'scheduled', noRetry() {} } as ScheduledController;
  const counted = env.COUNT_D1_ROUND_TRIPS === '1' ? countingD1(env.DB, Math.min(1000, Number(env.D1_DELAY_MS) || 0)) : null;
  await scheduled(controller, counted ? { ...env, DB: counted.d1 } : env);
  const headers = new Headers({ 'content-type': 'text/plain; charset=utf-8' });
  if (counted) headers.set('X-D1-Round-Trips', String(counted.roundTrips()));
  return new Response(`Ran scheduled event ${cron} as of ${new Date(scheduledTime).toISOString()}\n`, { headers });
}
