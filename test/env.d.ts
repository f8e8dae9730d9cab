import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Env as WorkerEnv } from '../src/env';

declare global {
  namespace Cloudflare {
    /** The Worker's own bindings (src/env.ts) and what vitest.config.ts adds for the tests. */
    interface Env extends WorkerEnv {
      MIGRATION_CHECK_DB: D1Database;
      COHORT_MIGRATION_DB: D1Database;
      WHEEL_MIGRATION_DB: D1Database;
      TEST_MIGRATIONS: D1Migration[];
      /** Cases per fast-check property batch (vitest.config.ts, from $FUZZ_RUNS). */
      FUZZ_RUNS: string;
    }
  }
}
