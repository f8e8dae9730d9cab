import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * How thorough the property tests are: cases per fast-check property (test/fuzz.test.ts) and
 * event orders per case (test/grant-orders.test.ts). A sample that changes every run in
 * `npm test`, many more in `npm run test:fuzz` (FUZZ_RUNS=120). The Worker tests run in workerd,
 * which sees no process.env, so the number travels as a binding.
 */
const FUZZ_RUNS = process.env.FUZZ_RUNS ?? '15';

// Two projects: the pure unit tests beside the code (src/**/*.test.ts, and test/oracles/) run in plain Node, in
// seconds; the Worker integration tests (test/) run inside workerd, with the real local D1 and
// migrations applied by test/apply-migrations.ts. `vitest run --project unit` runs one of them.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    test: {
      // Two test files at a time even on a two-core machine (vitest's default there is one): much
      // of a Worker test's time is spent waiting on workerd and D1. `--maxWorkers=1` runs one file
      // at a time.
      maxWorkers: 2,
      // The Worker logs one JSON line per request; tests that care capture them (operations.test.ts).
      // (A root option: vitest does not read it from a project.)
      onConsoleLog: (log: string) => !log.startsWith('{"level":"info"'),
      projects: [
        {
          test: {
            name: 'unit',
            environment: 'node',
            // Pure modules hold no state worth a fresh module graph per file (2.5 s instead of 7.7 s).
            isolate: false,
            // test/oracles: the plain-JavaScript references (and shared fixtures) tests check the app
            // against; pure, so their own tests run here too.
            include: ['src/**/*.test.ts', 'test/oracles/**/*.test.ts'],
            // The property tests take a second or two; a busy CI machine must not fail them on time.
            testTimeout: 20_000,
          },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                // Empty databases: test/data-safety.test.ts applies every migration to the first,
                // test/cohorts.test.ts migrates today's data into cohorts in the second.
                d1Databases: {
                  DB: '00000000-0000-4000-8000-000000000000',
                  MIGRATION_CHECK_DB: 'migration-check',
                  COHORT_MIGRATION_DB: 'cohort-migration',
                  WHEEL_MIGRATION_DB: 'wheel-migration',
                },
                // wrangler.toml's consumers, but delivering at once: a batch there may wait a second to
                // fill, and every test that reads its mail would wait with it.
                queueConsumers: {
                  'life7-mail': { maxBatchSize: 100, maxBatchTimeout: 0, maxRetries: 5, deadLetterQueue: 'life7-mail-dead' },
                  'life7-mail-dead': { maxBatchSize: 100, maxBatchTimeout: 0, maxRetries: 10 },
                },
                bindings: {
                  ENVIRONMENT: 'test',
                  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
                  APP_URL: 'https://life7.test',
                  STRIPE_WEBHOOK_SECRET: 'whsec_test',
                  PATREON_WEBHOOK_SECRET: 'patreon_test',
                  TEST_MIGRATIONS: migrations,
                  // Answers carry X-D1-Round-Trips (test/round-trips.test.ts).
                  COUNT_D1_ROUND_TRIPS: '1',
                  FUZZ_RUNS,
                  // New password hashes at scrypt's cheap end (src/server/password.ts): the suite signs up hundreds.
                  FAST_PASSWORD_HASHES: '1',
                },
              },
            }),
          ],
          test: {
            name: 'worker',
            include: ['test/**/*.test.ts'],
            exclude: [...configDefaults.exclude, 'test/oracles/**'],
            // One workerd per vitest worker for all its files, not one per file (starting one costs
            // about 2.5 s); test/apply-migrations.ts empties the database before each file instead.
            isolate: false,
            setupFiles: ['./test/apply-migrations.ts', './test/stored-counts.ts'],
            // Password hashing is deliberately slow; on a busy two-core machine a test of many sign-ins
            // needs more than vitest's default 5 s.
            testTimeout: 30_000,
            // `ics` pulls in CommonJS packages (yup, property-expr) that workerd's ESM loader cannot
            // link by name; pre-bundling turns them into ESM.
            deps: { optimizer: { ssr: { enabled: true, include: ['ics'] } } },
          },
        },
      ],
    },
  };
});
