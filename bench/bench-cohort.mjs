// The coach's desk at scale, a step of `npm run bench` (`BENCH_ONLY=cohort npm run bench` runs only
// it; docs/perf.md). For each size (100 and 10,000 participants by default;
// BENCH_COHORT_SIZES="100 10000"), a fresh local D1 gets the migrations, the demo data and that many
// more participants with four weeks of check-ins (generated inside SQLite by one recursive
// statement per table, so seeding stays quick); then the production build serves it and:
//   - the 15-minute Cron Trigger's run is timed three times (GET /__scheduled, the median), with
//     its D1 round trips: it works the cohort report out and stores it (and finds no reminder due);
//   - 'Refresh now' (POST /admin/cohort, the same work) is timed once;
//   - /admin/cohort, GET /api/admin/cohort and GET /admin/cohort.csv are fetched one request at a
//     time: their p50 against the static floor (/favicon.svg), their D1 round trips and the rows
//     D1 read (`meta.rows_read`, in the X-D1-Rows-Read header the Worker adds when
//     COUNT_D1_ROUND_TRIPS is on). The CSV is written as it is read, after its headers are sent, so
//     its round trips are not in them: it reads 1,000 participants per round trip.
//
//   BENCH_REQUESTS=30 timed requests per page (after 5 to warm up; the CSV a third as many)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { refreshCheckInSummariesSql, seed } from '../scripts/seed.mjs';
import { wrangler } from '../scripts/wrangler.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@life7.local', password: 'admin-life7-dev' };
const QUARTER_HOUR = '*/15 * * * *';

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

/** One SQL answer from the local D1 file under `persistTo` (the sqlite3 CLI). */
function sqlite(persistTo, query) {
  const d1 = path.join(persistTo, 'v3/d1');
  for (const dir of readdirSync(d1)) {
    for (const file of readdirSync(path.join(d1, dir))) {
      if (!file.endsWith('.sqlite') || file === 'metadata.sqlite') continue;
      const run = spawnSync('sqlite3', [path.join(d1, dir, file), query], { encoding: 'utf8' });
      if (run.status === 0 && run.stdout.trim() !== '') return run.stdout.trim();
    }
  }
  throw new Error(`no D1 database under ${d1} answered ${query}`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round1 = (n) => Math.round(n * 10) / 10;

async function timed(url, init) {
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual', ...init });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status >= 400) throw new Error(`${url}: ${response.status}`);
  return {
    ms: performance.now() - started,
    trips: response.headers.get('x-d1-round-trips'),
    rows: response.headers.get('x-d1-rows-read'),
    bytes,
    status: response.status,
  };
}

async function p50(url, cookie, requests) {
  for (let i = 0; i < 5; i++) await timed(url, { headers: { cookie } });
  const samples = [];
  let last;
  for (let i = 0; i < requests; i++) {
    last = await timed(url, { headers: { cookie } });
    samples.push(last.ms);
  }
  return { p50: round1(median(samples)), trips: Number(last.trips), rows: Number(last.rows), bytes: last.bytes };
}

/** Runs the cohort at each size on `port`; answers one row of figures per size. */
export async function cohortAtScale({ port, sizes = [100, 10_000], requests = 30 }) {
  process.chdir(root);
  if (!existsSync('.dev.vars'))
    throw new Error('No .dev.vars (the local secrets): run `npm run dev` or the full `npm run bench` once first');
  const base = `http://127.0.0.1:${port}`;
  process.env.NODE_ENV = 'production';
  await import('../scripts/build-client.mjs');
  const { unstable_startWorker } = await import('wrangler');
  const rows = [];
  for (const size of sizes) {
    const persistTo = `.wrangler/bench-cohort-${port}`;
    rmSync(persistTo, { recursive: true, force: true });
    mkdirSync(persistTo, { recursive: true });
    wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persistTo]);
    seed(persistTo);
    const file = path.join(persistTo, 'bench-cohort.sql');
    writeFileSync(file, `${participantsSql(size)}\n`);
    const seeding = performance.now();
    wrangler(['d1', 'execute', 'DB', '--local', '--file', file, '--persist-to', persistTo]);
    const seedMs = Math.round(performance.now() - seeding);
    const [participants, checkIns] = sqlite(
      persistTo,
      "SELECT (SELECT count(*) FROM users WHERE role = 'user'), (SELECT count(*) FROM check_ins)",
    )
      .split('|')
      .map(Number);
    const worker = await unstable_startWorker({
      config: 'wrangler.toml',
      // Development: GET /__scheduled runs the Cron Trigger's job (never in production).
      bindings: { COUNT_D1_ROUND_TRIPS: { type: 'plain_text', value: '1' }, ENVIRONMENT: { type: 'plain_text', value: 'development' } },
      build: { minify: true },
      dev: { inspector: false, persist: persistTo, server: { hostname: '127.0.0.1', port }, watch: false, logLevel: 'warn' },
    });
    await worker.ready;
    try {
      const login = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
      const cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      // The Cron Trigger's run, as of now (src/jobs/scheduled-request.ts); the first works the report out for the page.
      const cron = [];
      for (let i = 0; i < 3; i++) cron.push(await timed(`${base}/__scheduled?cron=${encodeURIComponent(QUARTER_HOUR)}&time=${Date.now()}`));
      const refresh = await timed(`${base}/admin/cohort`, {
        method: 'POST',
        headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      if (refresh.status !== 303) throw new Error(`Refresh now answered ${refresh.status}`);
      const floor = await p50(`${base}/favicon.svg`, cookie, requests);
      const page = await p50(`${base}/admin/cohort`, cookie, requests);
      const api = await p50(`${base}/api/admin/cohort`, cookie, requests);
      const csv = await p50(`${base}/admin/cohort.csv`, cookie, Math.max(3, Math.round(requests / 3)));
      const needsAttention = Number(sqlite(persistTo, 'SELECT attention_total FROM cohort_reports'));
      const row = {
        participants,
        checkIns,
        needsAttention,
        seedMs,
        cronMs: Math.round(median(cron.map((c) => c.ms))),
        cronTrips: Number(cron[cron.length - 1].trips),
        refreshMs: Math.round(refresh.ms),
        floorP50: floor.p50,
        pageP50: page.p50,
        ratio: round1(page.p50 / floor.p50),
        pageTrips: page.trips,
        pageRows: page.rows,
        pageKiB: round1(page.bytes / 1024),
        apiP50: api.p50,
        apiTrips: api.trips,
        apiRows: api.rows,
        apiKiB: round1(api.bytes / 1024),
        csvP50: csv.p50,
        csvKiB: round1(csv.bytes / 1024),
      };
      rows.push(row);
      console.log(row);
    } finally {
      await worker.dispose();
    }
  }
  return { measuredAt: new Date().toISOString(), requests, rows };
}

export function printCohort(cohort) {
  console.log(`\n/admin/cohort at scale (one request at a time, ${cohort.requests} per page; the cron run's median of 3; p50 ms)`);
  console.log(
    '| participants | check-ins | floor p50 | /admin/cohort p50 | ratio | D1 round trips | rows read | API p50 (1st page) | API rows read | CSV p50 (KiB) | cron run ms (D1 round trips) | Refresh now ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of cohort.rows) {
    console.log(
      `| ${r.participants.toLocaleString('en')} | ${r.checkIns.toLocaleString('en')} | ${r.floorP50} | ${r.pageP50} | ${r.ratio}x | ${r.pageTrips} | ${r.pageRows.toLocaleString('en')} | ${r.apiP50} | ${r.apiRows.toLocaleString('en')} | ${r.csvP50} (${r.csvKiB}) | ${r.cronMs} (${r.cronTrips}) | ${r.refreshMs} |`,
    );
  }
}
