// `node scripts/bench-cohort.mjs`: /admin/cohort at scale (docs/perf.md). For each size (100 and
// 10,000 participants by default; BENCH_COHORT_SIZES="100 10000"), a fresh local D1 gets the
// migrations, the demo data and that many more participants with four weeks of check-ins
// (generated inside SQLite by one recursive statement per table, so seeding stays quick), then
// the production build serves it and the page is fetched one request at a time: its p50 against
// the static floor (/favicon.svg), its D1 round trips and the rows D1 read (`meta.rows_read`, in
// the X-D1-Rows-Read header the Worker adds when COUNT_D1_ROUND_TRIPS is on).
//
//   BENCH_PORT=8797   where the preview runs
//   BENCH_REQUESTS=30 timed requests per page (after 5 to warm up)
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { refreshCheckInSummariesSql, seed } from './seed.mjs';
import { wrangler } from './wrangler.mjs';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const port = Number(process.env.BENCH_PORT ?? 8797);
const base = `http://127.0.0.1:${port}`;
const sizes = (process.env.BENCH_COHORT_SIZES ?? '100 10000').split(/\s+/).filter(Boolean).map(Number);
const requests = Number(process.env.BENCH_REQUESTS ?? 30);
const ADMIN = { email: 'admin@life7.local', password: 'admin-life7-dev' };

/** N participants, most with Session 1 (some further), four weeks of check-ins (about one day in ten skipped). */
function participantsSql(n) {
  const numbers = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${n})`;
  const days = `d(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM d WHERE k < 27)`;
  const wheel = `json_object('Faith', 3 + i % 7, 'Family', 4 + i % 5, 'Fitness', 2 + i % 8, 'Finance', 5 + i % 4, 'Field', 6 + i % 3, 'Friends', 4 + i % 6, 'Fun', 5 + i % 5)`;
  return [
    `INSERT INTO users (id, email, name, password_hash, role, time_zone, created_at, email_verified_at) ${numbers} SELECT 'bench-' || i, 'bench' || i || '@bench.life7.local', 'Bench ' || i, 'x', 'user', 'UTC', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days'), CASE WHEN i % 3 <> 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-29 days') END FROM n;`,
    `INSERT INTO membership_grants (source, subject, user_id, plan, status, origin) ${numbers} SELECT 'admin', 'bench-' || i, 'bench-' || i, 'challenge', 'active', 'seed' FROM n;`,
    `INSERT INTO memberships (user_id, plan, status, source) ${numbers} SELECT 'bench-' || i, 'challenge', 'active', 'seed' FROM n;`,
    `INSERT INTO progress (user_id, arena_scores, keystone_arena, session1_completed_at, blockers, session2_completed_at) ${numbers} SELECT 'bench-' || i, ${wheel}, 'Fitness', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-27 days'), CASE WHEN i % 2 = 0 THEN '[]' END, CASE WHEN i % 2 = 0 THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-20 days') END FROM n WHERE i % 5 <> 0;`,
    `INSERT INTO wheel_snapshots (id, user_id, arena_scores, keystone_arena, completed_at) ${numbers} SELECT 'bench-w-' || i, 'bench-' || i, ${wheel}, 'Fitness', strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-27 days') FROM n WHERE i % 5 <> 0;`,
    `INSERT INTO check_ins (id, user_id, date, mood) ${numbers}, ${days} SELECT 'bench-c-' || i || '-' || k, 'bench-' || i, date('now', '-' || k || ' days'), 1 + (i + k) % 10 FROM n, d WHERE (i * 7 + k) % 10 <> 0;`,
    // As each check-in write keeps it (src/data/check-ins.ts).
    `${refreshCheckInSummariesSql("user_id LIKE 'bench-%'")};`,
  ].join('\n');
}

async function timed(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, trips: response.headers.get('x-d1-round-trips'), rows: response.headers.get('x-d1-rows-read') };
}

async function p50(url, cookie) {
  for (let i = 0; i < 5; i++) await timed(url, cookie);
  const samples = [];
  let last;
  for (let i = 0; i < requests; i++) samples.push((last = await timed(url, cookie)).ms);
  samples.sort((a, b) => a - b);
  return { p50: Math.round(samples[Math.floor(samples.length / 2)] * 10) / 10, trips: last.trips, rows: last.rows };
}

process.env.NODE_ENV = 'production';
await import('./build-client.mjs');
const { unstable_startWorker } = await import('wrangler');
const results = [];
for (const size of sizes) {
  const persistTo = `.wrangler/bench-cohort-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(persistTo, { recursive: true });
  wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo]);
  seed(persistTo);
  const file = path.join(persistTo, 'bench-cohort.sql');
  writeFileSync(file, participantsSql(size) + '\n');
  const seeding = performance.now();
  wrangler(['d1', 'execute', 'DB', '--local', '--file', file, '--persist-to', persistTo]);
  const seeded = Math.round(performance.now() - seeding);
  const worker = await unstable_startWorker({
    config: 'wrangler.toml',
    bindings: { COUNT_D1_ROUND_TRIPS: { type: 'plain_text', value: '1' } },
    build: { minify: true },
    dev: { inspector: false, persist: persistTo, server: { hostname: '127.0.0.1', port }, watch: false, logLevel: 'warn' },
  });
  await worker.ready;
  try {
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const floor = await p50(`${base}/favicon.svg`, cookie);
    const page = await p50(`${base}/admin/cohort`, cookie);
    const api = await p50(`${base}/api/admin/cohort`, cookie);
    const row = { participants: size + 41, checkInsPerParticipant: '~25 (28 days)', seedMs: seeded, floorP50: floor.p50, pageP50: page.p50, ratio: Math.round((page.p50 / floor.p50) * 10) / 10, apiP50: api.p50, roundTrips: page.trips, rowsRead: page.rows };
    results.push(row);
    console.log(row);
  } finally {
    await worker.dispose();
  }
}
console.table(results);
