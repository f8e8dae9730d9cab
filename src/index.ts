// The Worker: the Hono app answers requests; the Cron Triggers run the scheduled jobs; the mail
// queue's consumer sends the mail.
import { createApp } from './app';
import type { Env } from './env';
import { queue } from './jobs/mail-queue';
import { scheduled } from './jobs/scheduled';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled,
  queue,
} satisfies ExportedHandler<Env>;
