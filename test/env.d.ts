import type { D1Migration } from '@cloudflare/vitest-pool-workers';

declare global {
  namespace Cloudflare {
    interface Env {
      DB: D1Database;
      MIGRATION_CHECK_DB: D1Database;
      TEST_MIGRATIONS: D1Migration[];
      /** The client build in public/ (wrangler.toml [assets]). */
      ASSETS: Fetcher;
    }
  }
}
