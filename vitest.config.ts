import path from 'node:path';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Unit tests (src/**/*.test.ts) and Worker integration tests (test/) both run inside workerd,
// with the real local D1 and migrations applied by test/apply-migrations.ts.
export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'));
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: {
            ENVIRONMENT: 'test',
            JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
            APP_URL: 'https://life7.test',
            STRIPE_WEBHOOK_SECRET: 'whsec_test',
            PATREON_WEBHOOK_SECRET: 'patreon_test',
            TEST_MIGRATIONS: migrations,
          },
        },
      }),
    ],
    test: {
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      setupFiles: ['./test/apply-migrations.ts'],
      // `ics` pulls in CommonJS packages (yup, property-expr) that workerd's ESM loader cannot
      // link by name; pre-bundling turns them into ESM.
      deps: { optimizer: { ssr: { enabled: true, include: ['ics'] } } },
    },
  };
});
