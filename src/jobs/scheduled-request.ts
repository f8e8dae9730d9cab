// `GET /__scheduled?cron=…&time=<ms>` in development and tests: runs a Cron Trigger's job as of any
// moment (docs/product.md#reminders-and-mail, README). wrangler's own `--test-scheduled` route of
// that name ignores `time` (wrangler 4.86 runs the job as of now), so the Worker answers it itself,
// outside production only.
import type { Env } from '../env';
import { isKnownCron, scheduled } from './scheduled';

export const SCHEDULED_TEST_PATH = '/__scheduled';

export async function runScheduledRequest(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const cron = url.searchParams.get('cron') ?? '';
  const time = url.searchParams.get('time');
  if (!isKnownCron(cron)) return Response.json({ message: 'Name a cron of wrangler.toml [triggers], e.g. ?cron=*/15+*+*+*+*' }, { status: 400 });
  const scheduledTime = time === null ? Date.now() : Number(time);
  if (!Number.isSafeInteger(scheduledTime) || scheduledTime < 0) return Response.json({ message: 'time is milliseconds since 1970, e.g. ?time=1764100800000' }, { status: 400 });
  const controller: ScheduledController = { cron, scheduledTime, type: 'scheduled', noRetry() {} } as ScheduledController;
  await scheduled(controller, env);
  return new Response(`Ran scheduled event ${cron} as of ${new Date(scheduledTime).toISOString()}\n`, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
