import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium (apt-get install chromium); a downloaded browser cannot work here.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(executablePath)) {
  throw new Error(`Chromium not found at ${executablePath}: install Debian's chromium package or set CHROMIUM_PATH`);
}
const port = Number(process.env.E2E_PORT ?? 8788);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  // Retries, reported as "flaky" in the output: about one browser test in a hundred has lost a
  // navigation or an island's chunk that wrangler dev never answered under a full run (50,000
  // requests from Node to the same server never hung; not reproduced in 24 repeats of a file).
  retries: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    // A hung navigation fails (and is retried) in 20 s instead of eating the whole test budget.
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A fresh local D1 (E2E=1) with the demo data, served by the real runtime.
    command: `node scripts/dev.mjs`,
    env: { E2E: '1', PORT: String(port) },
    url: `http://localhost:${port}/login`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
