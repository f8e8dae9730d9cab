// The Worker: the Hono app answers requests; the Cron Triggers run the scheduled jobs; the mail
// queue's consumer sends the mail.
import { createApp } from './app';
import { type Env, isDevelopment } from './env';
import { queue } from './jobs/mail-queue';
import { scheduled } from './jobs/scheduled';
import { runScheduledRequest, SCHEDULED_TEST_PATH } from './jobs/scheduled-request';

const app = createApp();

export default {
  fetch(request, env, ctx) {
    // Development and tests only: run a Cron Trigger's job as of ?time= (production: 404 from the app).
    if (isDevelopment(env) && new URL(request.url).pathname === SCHEDULED_TEST_PATH) return runScheduledRequest(request, env);
    return app.fetch(request, env, ctx);
  },
  scheduled,
  queue,
} satisfies ExportedHandler<Env>;
