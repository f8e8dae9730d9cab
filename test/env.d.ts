import type { D1Migration } from '@cloudflare/vitest-pool-workers';

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      MIGRATION_CHECK_DB: D1Database;
      TEST_MIGRATIONS: D1Migration[];
      /** Cases per fast-check property batch (vitest.config.ts, from $FUZZ_RUNS). */
      FUZZ_RUNS: string;
      /** The client build in public/ (wrangler.toml [assets]). */
      ASSETS: Fetcher;
      /** The mail queue (wrangler.toml [[queues.producers]]). */
      MAIL_QUEUE: Queue;
      JWT_SECRET: string;
    }
  }
}
