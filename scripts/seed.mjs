// Development demo data (decision 31, docs/product.md#demo-data): the statements of
// scripts/demo-seed.ts (two demo accounts, four cohorts with their webinars, the living cohort of
// 40 participants, everyone in one current cohort, no stored cohort report), as of now, with the
// passwords hashed here. One SQL file, one wrangler call. Idempotent; never run against production.
// Hashes use the same self-describing scrypt format as src/server/password.ts.
import { randomBytes, scryptSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { wrangler } from './wrangler.mjs';

// The seed is TypeScript (it shares the rules of src/domain); Node cannot import that, so esbuild
// compiles it in memory. Top-level await keeps seed() synchronous for scripts/dev.mjs.
async function importTs(file) {
  const bundled = await build({
    entryPoints: [path.resolve(import.meta.dirname, file)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
}
const { demoSeedStatements, DEMO_ACCOUNTS, COHORT_PASSWORD } = await importTs('./demo-seed.ts');
/** The SQL that works check_in_summaries out again (src/db/check-in-summaries.ts), for scripts that insert check-ins themselves. */
export const { refreshCheckInSummariesSql } = await importTs('../src/db/check-in-summaries.ts');

/** OWASP's scrypt cost; the browser tests' server (E2E=1) takes the cheap one, as their new hashes do. */
const OWASP_COST = { N: 16384, r: 8, p: 5 };
const TEST_COST = { N: 1024, r: 8, p: 1 };
function hash(password) {
  const { N, r, p } = process.env.E2E === '1' ? TEST_COST : OWASP_COST;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 128 * N * r * 2 });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** The demo data's SQL as of now, passwords hashed. */
export function seedSql() {
  const accounts = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.id, hash(a.password)]));
  return demoSeedStatements(new Date(), { accounts, cohort: hash(COHORT_PASSWORD) }).join('\n');
}

export function seed(persistTo) {
  const file = path.join(persistTo ?? '.wrangler', 'seed.sql');
  writeFileSync(file, `${seedSql()}\n`);
  wrangler(['d1', 'execute', 'DB', '--local', '--file', file, ...(persistTo ? ['--persist-to', persistTo] : [])]);
}

if (import.meta.url === `file://${process.argv[1]}`) seed(process.argv[2]);
