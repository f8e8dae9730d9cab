// The Worker: the Hono app answers requests; the Cron Triggers run the scheduled jobs.
import { createApp } from './app';
import type { Env } from './env';
import { scheduled } from './jobs/scheduled';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled,
} satisfies ExportedHandler<Env>;
