// Development demo data: two accounts (see README), the living cohort of scripts/demo-cohort.ts
// (decision 31: the demo participant mid-journey and 40 more participants, dated relative to
// today) and, whenever none is upcoming, four weekly webinar sessions (docs/product.md#webinars);
// any stored cohort report goes, so /admin/cohort works out the seeded one when first opened.
// One SQL file, one wrangler call. Idempotent; never run against production.
// Hashes use the same self-describing scrypt format as src/server/password.ts.
import { randomBytes, scryptSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { wrangler } from './wrangler.mjs';

// The schedule rules live in TypeScript (src/domain/webinars.ts); Node 20 cannot import that, so
// esbuild compiles it in memory. Top-level await keeps seed() synchronous for scripts/dev.mjs.
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
const { nextTuesdaySessions } = await importTs('../src/domain/webinars.ts');
const { demoCohortSql } = await importTs('./demo-cohort.ts');
/** The SQL that works check_in_summaries out again (src/db/check-in-summaries.ts), for scripts that insert check-ins themselves. */
export const { refreshCheckInSummariesSql } = await importTs('../src/db/check-in-summaries.ts');

/** The password of every cohort participant (development only): one hash for all, so seeding stays fast. */
export const COHORT_PASSWORD = 'cohort-life7-dev';

/** OWASP's scrypt cost; the browser tests' server (E2E=1) takes the cheap one, as their new hashes do. */
const OWASP_COST = { N: 16384, r: 8, p: 5 };
const TEST_COST = { N: 1024, r: 8, p: 1 };
function hash(password) {
  const { N, r, p } = process.env.E2E === '1' ? TEST_COST : OWASP_COST;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 128 * N * r * 2 });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export const DEMO_ACCOUNTS = [
  { id: 'demo-admin', email: 'admin@life7.local', password: 'admin-life7-dev', name: 'Life7 Admin', role: 'admin' },
  { id: 'demo-user', email: 'demo@life7.local', password: 'demo-life7-dev', name: 'Demo Participant', role: 'user' },
];

const q = (value) => (value === null ? 'NULL' : `'${String(value).replace(/'/g, "''")}'`);

/**
 * Four sessions on the next Tuesdays in the default cohort for sign-ups (the Founding cohort of
 * migration 0019; decision 37), inserted only when none of that cohort's sessions has yet to end.
 * One statement, so the guard is checked once for all four rows (SQLite reads the SELECT fully
 * before inserting).
 */
export function webinarSeedSql(now = new Date()) {
  const rows = nextTuesdaySessions(now, 4).map(
    (w) => `(${[w.id, w.title, w.description, w.location, w.startTime, w.endTime, w.joinUrl, w.recordingUrl].map(q).join(', ')})`,
  );
  const cohort = `(SELECT id FROM cohorts ORDER BY default_for_sign_ups DESC, id = 'founding' DESC LIMIT 1)`;
  return [
    'INSERT OR IGNORE INTO webinars (cohort_id, id, title, description, location, start_time, end_time, join_url, recording_url)',
    `SELECT ${cohort}, * FROM (VALUES ${rows.join(', ')})`,
    // julianday() compares instants, whatever ISO form an admin saved the time in.
    `WHERE NOT EXISTS (SELECT 1 FROM webinars WHERE cohort_id = ${cohort} AND julianday(end_time) > julianday(${q(now.toISOString())}));`,
  ].join('\n');
}

export function seed(persistTo) {
  const sql = [
    ...DEMO_ACCOUNTS.flatMap((a) => [
      `INSERT OR IGNORE INTO users (id, email, name, password_hash, role, time_zone, email_verified_at) VALUES (${q(a.id)}, ${q(a.email)}, ${q(a.name)}, ${q(hash(a.password))}, ${q(a.role)}, 'America/Los_Angeles', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));`,
      // The seed's plan is the admin grant (decision 24), and the effective membership is that grant.
      `INSERT OR IGNORE INTO membership_grants (source, subject, user_id, plan, status, origin) VALUES ('admin', ${q(a.id)}, ${q(a.id)}, 'challenge', 'active', 'seed');`,
      `INSERT OR IGNORE INTO memberships (user_id, plan, status, source) VALUES (${q(a.id)}, 'challenge', 'active', 'seed');`,
    ]),
    demoCohortSql(new Date(), hash(COHORT_PASSWORD), 'demo-user', 'America/Los_Angeles'),
    webinarSeedSql(),
    // No stored cohort report: the first open of /admin/cohort works it out from the cohort just
    // seeded (wrangler dev runs no Cron Triggers, so one from an earlier run would never be replaced).
    'DELETE FROM cohort_attention;',
    'DELETE FROM cohort_reports;',
  ].join('\n');
  const file = path.join(persistTo ?? '.wrangler', 'seed.sql');
  writeFileSync(file, `${sql}\n`);
  wrangler(['d1', 'execute', 'DB', '--local', '--file', file, ...(persistTo ? ['--persist-to', persistTo] : [])]);
}

if (import.meta.url === `file://${process.argv[1]}`) seed(process.argv[2]);
