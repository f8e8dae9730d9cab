import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium; a downloaded browser cannot work here. Its headless shell (Debian's
// chromium-headless-shell: the same Blink, without the desktop browser's window and compositor
// work, as Playwright's own default for headless runs) ran the browser tests in about two thirds
// of the full browser's time on two cores. The full browser is the fallback.
const CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];
const executablePath = process.env.CHROMIUM_PATH ?? CHROMIUMS.find((path) => existsSync(path));
if (!executablePath || !existsSync(executablePath)) {
  throw new Error(
    `Chromium not found (${process.env.CHROMIUM_PATH ?? CHROMIUMS.join(' or ')}): apt-get install chromium-headless-shell chromium, or set CHROMIUM_PATH`,
  );
}
const port = Number(process.env.E2E_PORT ?? 8788);

export default defineConfig({
  testDir: './e2e',
  // Each test has users of its own (e2e/fixtures.ts) and no test of a file waits on another's, so
  // the tests run side by side, also those of one file: the two workers then end together instead
  // of one finishing a long file alone. Two workers keep a two-core machine busy; three measured
  // no steadier gain and more contention. E2E_WORKERS=1 runs one test at a time.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failure fails, here; in CI it is retried and the first retry keeps a trace to look at.
  retries: process.env.CI ? 2 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'on-first-retry',
    // Animations end at once (the pages honour prefers-reduced-motion), so no test waits for one
    // to settle; the test of the animation itself asks for motion.
    reducedMotion: 'reduce',
    // A hung navigation fails in 20 s instead of eating the whole test budget.
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // The production build (minified, production React) on a fresh local D1 (E2E=1) with the demo
    // data, served as the bench serves it: wrangler's runtime without the DevTools inspector
    // (scripts/preview-worker.mjs); under `wrangler dev` about one navigation in a hundred hung,
    // against the preview none has yet. ENVIRONMENT=development keeps what the tests use: the
    // outbox at /dev/mail, the development webhook secrets and the per-address limits made for
    // many test accounts. FAST_PASSWORD_HASHES: new hashes at scrypt's cheap end, as in the Worker
    // tests (src/server/password.ts).
    command: 'node scripts/dev.mjs --preview',
    env: { E2E: '1', PORT: String(port), WRANGLER_VARS: 'ENVIRONMENT:development FAST_PASSWORD_HASHES:1' },
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
