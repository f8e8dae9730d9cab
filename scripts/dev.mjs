// `npm run dev`: local secrets, client build, migrations, demo data, then `wrangler dev` on
// http://localhost:8787 (PORT overrides). E2E=1 uses a fresh, separate database for the tests.
// `npm run preview` (--preview) serves the production build instead: a minified Worker with
// production React (NODE_ENV=production), on a fresh database of its own with the demo data.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prepareLocalDatabase } from './local-database.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const port = process.env.PORT ?? '8787';
const e2e = process.env.E2E === '1';
const preview = process.argv.includes('--preview');
// Test and preview runs get a database of their own per port, so parallel runs never share one.
const persistTo = e2e ? `.wrangler/e2e-${port}` : preview ? `.wrangler/preview-${port}` : '.wrangler/state';

// Working local defaults, written once, so nobody edits a file first.
if (!existsSync('.dev.vars')) {
  writeFileSync(
    '.dev.vars',
    [
      'ENVIRONMENT=development',
      `JWT_SECRET=${randomBytes(32).toString('hex')}`,
      // Fixed development secrets, so a test event can be signed without reading this file.
      'STRIPE_WEBHOOK_SECRET=whsec_life7_dev',
      'PATREON_WEBHOOK_SECRET=patreon_life7_dev',
      '',
    ].join('\n'),
  );
  console.log('Wrote .dev.vars with local development secrets.');
}

if (e2e || preview) rmSync(persistTo, { recursive: true, force: true });
const fresh = !existsSync(path.join(persistTo, 'v3/d1'));
mkdirSync(persistTo, { recursive: true });

if (!e2e && !preview) process.env.CLIENT_SOURCEMAPS = '1';
await import('./build-client.mjs');
prepareLocalDatabase(persistTo, { fresh });

// Extra Worker variables for this run, e.g. WRANGLER_VARS="COUNT_D1_ROUND_TRIPS:1 D1_DELAY_MS:50" (the bench).
const vars = (process.env.WRANGLER_VARS ?? '').split(/\s+/).filter(Boolean);
// Links in mail made outside a request (the reminders of the 15-minute cron) need the address.
if (!vars.some((pair) => pair.startsWith('APP_URL:'))) vars.push(`APP_URL:http://localhost:${port}`);

if (preview) {
  // wrangler defines process.env.NODE_ENV in the bundle from its own: production React.
  process.env.NODE_ENV = 'production';
  const { servePreview } = await import('./preview-worker.mjs');
  await servePreview({ port, persistTo, vars });
} else {
  const child = spawn(
    path.join(root, 'node_modules/.bin/wrangler'),
    [
      'dev',
      '--port',
      port,
      '--ip',
      '127.0.0.1',
      '--persist-to',
      persistTo,
      '--show-interactive-dev-session=false',
      ...vars.flatMap((pair) => ['--var', pair]),
    ],
    { stdio: 'inherit' },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
