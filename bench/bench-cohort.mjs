// The coach's desk at scale, a step of `npm run bench` (`BENCH_ONLY=cohort npm run bench` runs only
// it; docs/perf.md#the-coachs-desk-at-scale). The scenario of decision 35 at scale: 20 cohorts of 2,500 participants
// each (50,000 in all), each with four weeks of check-ins, in a fresh local D1 with the demo data.
//   1. Only the measured cohort (running, day 11) is filled; the other 19 cohorts exist empty. The
//      production build serves it; the 15-minute run works the reports out, and one request each of
//      the measured cohort's desk (/admin/cohort?cohort=…) and the comparison (/admin/cohorts/compare)
//      gives their D1 round trips and rows read.
//   2. The server stops; the other 19 cohorts get their 2,500 members each with four weeks of
//      check-ins, and the measured cohort's members four more weeks of older check-ins; every
//      stored report is dropped. The 15-minute run is timed until every cohort has its report
//      again (at most 12 cohorts a run), 'Refresh now' once, and the same two requests again:
//      their rows read must not have grown.
//   3. Latency: the desk (its worklist, and filtered by a reason on a later page), its JSON, the comparison and /admin/cohorts (when that page exists) under
//      autocannon (16 connections, BENCH_SECONDS), each between two runs of the D1 floor /healthz
//      (decision 34: p50 at most 2.0x the floor's).
//   4. The enrolment race: 200 sign-ups at once through the server into a cohort of capacity 100
//      (the default for sign-ups); seated and waitlisted counted afterwards.
// Seeding is generated inside SQLite (one recursive statement per table and cohort), written with
// the sqlite3 CLI straight into the local D1 file while no server holds it.
//
//   BENCH_COHORTS=20 BENCH_COHORT_MEMBERS=2500  the scenario's size
//   BENCH_SECONDS=10  autocannon duration per page
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { prepareLocalDatabase } from '../scripts/local-database.mjs';
import { refreshCheckInSummariesSql } from '../scripts/seed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = { email: 'admin@life7.local', password: 'admin-life7-dev' };
const QUARTER_HOUR = '*/15 * * * *';
const RACE = { id: 'bench-race', capacity: 100, signUps: 200 };
/** The measured cohort started this many days ago: it is running (day 11 of 28). */
const MEASURED_DAY = 11;

const cohortId = (k) => `bench-${String(k).padStart(2, '0')}`;
/** Cohort k (1..n) starts this many days ago: the last one is the measured, running cohort; the others finished, five weeks apart. */
const startsAgo = (k, n) => (k === n ? MEASURED_DAY - 1 : MEASURED_DAY - 1 + (n - k) * 35);

/** The cohorts (and the race's), with no members: created before anything is measured, so every step reads as many cohorts. */
function cohortsSql(n) {
  const rows = Array.from(
    { length: n },
    (_, i) =>
      `('${cohortId(i + 1)}', 'Bench cohort ${String(i + 1).padStart(2, '0')}', date('now', '-${startsAgo(i + 1, n)} days'), 'weekly', 0)`,
  );
  rows.push(`('${RACE.id}', 'Bench race', date('now', '+30 days'), 'weekly', 0)`);
  return `INSERT INTO cohorts (id, name, start_date, pacing, default_for_sign_ups) VALUES ${rows.join(', ')};`;
}

/**
 * Cohort k's `size` members: Session 1 for four in five, Session 2 for half, Session 4 for one in
 * k + 2 (so completion differs between cohorts), a first wheel with Session 1 and a retaken one for
 * a third (better by k % 4 in Fitness and Fun, worse by 1 in Finance), and check-ins on about nine
 * days in ten of the cohort's four weeks (ending today for the running one). `days`: which days
 * before the last to write (0..27; 28..55 adds older history).
 */
function membersSql(k, n, size, { users = true, days = [0, 27] } = {}) {
  const id = cohortId(k);
  const start = startsAgo(k, n);
  // The last day of check-ins, days ago: today for the running cohort, the 28th day for a finished one.
  const last = k === n ? 0 : start - 27;
  const at = (daysAgo) => `strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${daysAgo} days')`;
  const numbers = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${size})`;
  const dayRange = `d(j) AS (SELECT ${days[0]} UNION ALL SELECT j + 1 FROM d WHERE j < ${days[1]})`;
  const user = `'${id}-' || i`;
  const wheel = (gain) =>
    `json_object('Faith', 3 + i % 7, 'Family', 4 + i % 5, 'Fitness', min(10, 2 + i % 8 + ${gain}), 'Finance', max(0, 5 + i % 4 - ${gain ? 1 : 0}), 'Field', 6 + i % 3, 'Friends', 4 + i % 6, 'Fun', min(10, 5 + i % 5 + ${gain}))`;
  const checkIns = `INSERT INTO check_ins (id, user_id, date, mood) ${numbers}, ${dayRange} SELECT ${user} || '-c' || j, ${user}, date('now', '-' || (${last} + j) || ' days'), 1 + (i + j) % 10 FROM n, d WHERE (i * 7 + j) % 10 <> 0;`;
  if (!users) return checkIns;
  return [
    `INSERT INTO users (id, email, name, password_hash, role, time_zone, created_at, email_verified_at) ${numbers} SELECT ${user}, '${id}-' || i || '@bench.life7.local', 'Bench ${k}-' || i, 'x', 'user', CASE WHEN i % 4 = 0 THEN 'America/New_York' ELSE 'UTC' END, ${at(start + 2)}, CASE WHEN i % 3 <> 0 THEN ${at(start + 1)} END FROM n;`,
    `INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) ${numbers} SELECT 'm-' || ${user}, ${user}, '${id}', 'seated', ${at(start + 2)}, ${at(start + 2)} FROM n;`,
    `INSERT INTO membership_grants (source, subject, user_id, plan, status, origin) ${numbers} SELECT 'admin', ${user}, ${user}, 'challenge', 'active', 'seed' FROM n;`,
    `INSERT INTO memberships (user_id, plan, status, source) ${numbers} SELECT ${user}, 'challenge', 'active', 'seed' FROM n;`,
    `INSERT INTO progress (user_id, arena_scores, keystone_arena, session1_completed_at, blockers, session2_completed_at, session3_completed_at, session4_completed_at) ${numbers} SELECT ${user}, ${wheel(0)}, 'Fitness', ${at(start)}, CASE WHEN i % 2 = 0 THEN '[]' END, CASE WHEN i % 2 = 0 THEN ${at(Math.max(0, start - 7))} END, CASE WHEN i % ${k + 2} = 0 THEN ${at(Math.max(0, start - 14))} END, CASE WHEN i % ${k + 2} = 0 THEN ${at(Math.max(0, start - 21))} END FROM n WHERE i % 5 <> 0;`,
    `INSERT INTO wheel_snapshots (id, user_id, arena_scores, keystone_arena, completed_at) ${numbers} SELECT ${user} || '-w1', ${user}, ${wheel(0)}, 'Fitness', ${at(start)} FROM n WHERE i % 5 <> 0;`,
    `INSERT INTO wheel_snapshots (id, user_id, arena_scores, keystone_arena, completed_at) ${numbers} SELECT ${user} || '-w2', ${user}, ${wheel(k % 4)}, 'Fitness', ${at(Math.max(0, start - 21))} FROM n WHERE i % 5 <> 0 AND i % 3 = 0;`,
    checkIns,
  ].join('\n');
}

/** The app's local D1 file under `persistTo`. */
function databaseFile(persistTo) {
  const d1 = path.join(persistTo, 'v3/d1');
  for (const dir of readdirSync(d1)) {
    for (const file of readdirSync(path.join(d1, dir))) {
      if (!file.endsWith('.sqlite') || file === 'metadata.sqlite') continue;
      const full = path.join(d1, dir, file);
      if (sqlite(full, "SELECT count(*) FROM sqlite_master WHERE name = 'cohort_members'") === '1') return full;
    }
  }
  throw new Error(`no D1 database with the app's tables under ${d1}`);
}

function sqlite(file, sql) {
  const run = spawnSync('sqlite3', ['-cmd', '.timeout 10000', file], { input: sql, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`sqlite3 failed: ${run.stderr}`);
  return run.stdout.trim();
}

/** Runs `sql` in one transaction on the D1 file; answers how long it took (ms). */
function write(file, sql) {
  const started = performance.now();
  sqlite(file, `BEGIN;\n${sql}\nCOMMIT;`);
  return Math.round(performance.now() - started);
}

const round1 = (n) => Math.round(n * 10) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function quantile(samples, q) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

/** autocannon at 16 connections for `seconds`: p50 and p99 from each response's own time. */
function load(url, cookie, seconds) {
  return new Promise((resolve, reject) => {
    const times = [];
    const run = autocannon({ url, connections: 16, duration: seconds, headers: cookie ? { cookie } : {} }, (error, result) => {
      if (error) return reject(error);
      const bad = result.non2xx + result.errors;
      if (bad > 0) return reject(new Error(`${url}: ${bad} failed requests`));
      resolve({ p50: round1(quantile(times, 0.5)), p99: round1(quantile(times, 0.99)), rps: Math.round(result.requests.average) });
    });
    run.on('response', (_client, status, _bytes, responseTime) => status < 300 && times.push(responseTime));
  });
}

async function once(url, init = {}) {
  const started = performance.now();
  const response = await fetch(url, { redirect: 'manual', ...init });
  const bytes = (await response.arrayBuffer()).byteLength;
  return {
    status: response.status,
    ms: Math.round(performance.now() - started),
    trips: Number(response.headers.get('x-d1-round-trips')),
    rows: Number(response.headers.get('x-d1-rows-read')),
    kib: round1(bytes / 1024),
  };
}

async function startServer(persistTo, port) {
  const { unstable_startWorker } = await import('wrangler');
  const plain = (value) => ({ type: 'plain_text', value });
  const worker = await unstable_startWorker({
    config: 'wrangler.toml',
    // Development: GET /__scheduled runs the Cron Trigger's job; mail goes to the outbox. Cheap
    // password hashes, so the race measures enrolment, not scrypt.
    bindings: { COUNT_D1_ROUND_TRIPS: plain('1'), ENVIRONMENT: plain('development'), FAST_PASSWORD_HASHES: plain('1') },
    build: { minify: true },
    dev: { inspector: false, persist: persistTo, server: { hostname: '127.0.0.1', port }, watch: false, logLevel: 'warn' },
  });
  await worker.ready;
  return worker;
}

async function adminCookie(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The 15-minute run as of now, repeated until no cohort is left without a report (each run does at most REPORTS_PER_RUN). */
async function cronUntilComplete(base, file) {
  const runs = [];
  for (let i = 0; i < 10; i++) {
    const run = await once(`${base}/__scheduled?cron=${encodeURIComponent(QUARTER_HOUR)}&time=${Date.now()}`);
    if (run.status !== 200) throw new Error(`the 15-minute run answered ${run.status}`);
    runs.push({ ms: run.ms, trips: run.trips });
    if (sqlite(file, 'SELECT count(*) FROM cohorts c LEFT JOIN cohort_reports r ON r.cohort_id = c.id WHERE r.cohort_id IS NULL') === '0')
      break;
  }
  return runs;
}

/** The desk and the comparison, one request each: round trips, rows read, size. */
async function shape(base, cookie, measured) {
  const desk = await once(`${base}/admin/cohort?cohort=${measured}`, { headers: { cookie } });
  const compare = await once(`${base}/admin/cohorts/compare`, { headers: { cookie } });
  if (desk.status !== 200 || compare.status !== 200) throw new Error(`desk ${desk.status}, comparison ${compare.status}`);
  return { desk, compare };
}

/** The race: `signUps` sign-ups at once into the default cohort of capacity `capacity`; the seats counted afterwards. */
async function enrolmentRace(base, file) {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: RACE.signUps }, (_, i) =>
      fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `race-${i}@bench.life7.local`, password: 'bench-password-1', name: `Race ${i}` }),
      }).then((r) => r.status),
    ),
  );
  const ms = Math.round(performance.now() - started);
  const statuses = {};
  for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  const seats = Object.fromEntries(
    sqlite(file, `SELECT seat, count(*) FROM cohort_members WHERE cohort_id = '${RACE.id}' AND left_at IS NULL GROUP BY seat`)
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('|'))
      .map(([seat, n]) => [seat, Number(n)]),
  );
  return { signUps: RACE.signUps, capacity: RACE.capacity, ms, statuses, seated: seats.seated ?? 0, waitlisted: seats.waitlisted ?? 0 };
}

/** Runs the scenario on `port`; answers its figures. */
export async function cohortAtScale({ port, cohorts = 20, members = 2500, seconds = 10 }) {
  process.chdir(root);
  if (!existsSync('.dev.vars'))
    throw new Error('No .dev.vars (the local secrets): run `npm run dev` or the full `npm run bench` once first');
  const base = `http://127.0.0.1:${port}`;
  const MEASURED = cohortId(cohorts);
  process.env.NODE_ENV = 'production';
  await import('../scripts/build-client.mjs');
  const persistTo = `.wrangler/bench-cohort-${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(persistTo, { recursive: true });
  prepareLocalDatabase(persistTo, { fresh: true });
  const file = databaseFile(persistTo);
  const seeding = {};
  seeding.cohorts = write(file, cohortsSql(cohorts));
  seeding.measured = write(
    file,
    `${membersSql(cohorts, cohorts, members)}\n${refreshCheckInSummariesSql(`user_id LIKE '${MEASURED}-%'`)};`,
  );

  // 1. The measured cohort alone.
  let worker = await startServer(persistTo, port);
  let before;
  try {
    const cookie = await adminCookie(base);
    await cronUntilComplete(base, file);
    before = await shape(base, cookie, MEASURED);
  } finally {
    await worker.dispose();
  }

  // 2. Everyone, and older check-ins for the measured cohort.
  const started = performance.now();
  for (let k = 1; k < cohorts; k++) seeding[cohortId(k)] = write(file, membersSql(k, cohorts, members));
  seeding.measuredHistory = write(file, membersSql(cohorts, cohorts, members, { users: false, days: [28, 55] }));
  const summaries = performance.now();
  write(file, `${refreshCheckInSummariesSql(`user_id LIKE 'bench-%'`)};`);
  seeding.summariesMs = Math.round(performance.now() - summaries);
  seeding.totalMs = Math.round(performance.now() - started);
  // The race's cohort becomes the one sign-ups go to. The reports step 1 stored for the empty
  // cohorts go, as on a first deploy: the 15-minute runs below work every cohort out again.
  write(
    file,
    `UPDATE cohorts SET default_for_sign_ups = 0; UPDATE cohorts SET default_for_sign_ups = 1, capacity = ${RACE.capacity} WHERE id = '${RACE.id}'; DELETE FROM cohort_attention; DELETE FROM cohort_reports;`,
  );
  const [participants, checkIns, measuredCheckIns] = sqlite(
    file,
    `SELECT (SELECT count(*) FROM cohort_members m JOIN users u ON u.id = m.user_id WHERE u.role = 'user' AND m.left_at IS NULL AND m.cohort_id LIKE 'bench-%'), (SELECT count(*) FROM check_ins), (SELECT count(*) FROM check_ins WHERE user_id LIKE '${MEASURED}-%')`,
  )
    .split('|')
    .map(Number);

  worker = await startServer(persistTo, port);
  try {
    const cookie = await adminCookie(base);
    const cron = await cronUntilComplete(base, file);
    const after = await shape(base, cookie, MEASURED);
    const refresh = await once(`${base}/admin/cohort?cohort=${MEASURED}`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    if (refresh.status !== 303) throw new Error(`Refresh now answered ${refresh.status}`);
    const cohortsPage = await once(`${base}/admin/cohorts`, { headers: { cookie } });
    const pages = [
      `/admin/cohort?cohort=${MEASURED}`,
      // The worklist filtered by one reason, a later page: its own order over the cohort's rows (decision 40).
      `/admin/cohort?cohort=${MEASURED}&reason=stall&page=3`,
      `/api/admin/cohort?cohort=${MEASURED}`,
      '/admin/cohorts/compare',
      '/api/admin/cohorts/compare',
      ...(cohortsPage.status === 200 ? ['/admin/cohorts'] : []),
    ];
    const latency = [];
    const floors = [await load(`${base}/healthz`, undefined, 5)];
    for (const page of pages) {
      const counted = await once(base + page, { headers: { cookie } });
      const figures = await load(base + page, cookie, seconds);
      floors.push(await load(`${base}/healthz`, undefined, 5));
      const floor = (floors[floors.length - 2].p50 + floors[floors.length - 1].p50) / 2;
      latency.push({
        page,
        ...figures,
        floorP50: round1(floor),
        ratio: round1(figures.p50 / floor),
        trips: counted.trips,
        rows: counted.rows,
        kib: counted.kib,
      });
    }
    const race = await enrolmentRace(base, file);
    const load1 = spawnSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).stdout.trim();
    return {
      measuredAt: new Date().toISOString(),
      measured: MEASURED,
      loadAverage: load1,
      cohorts,
      members,
      participants,
      checkIns,
      measuredCheckIns,
      seeding,
      before,
      after,
      cron: { runs: cron, medianMs: median(cron.map((r) => r.ms)) },
      refreshMs: refresh.ms,
      cohortsPage: cohortsPage.status,
      latency,
      race,
    };
  } finally {
    await worker.dispose();
  }
}

export function printCohort(r) {
  const MEASURED = r.measured;
  console.log(
    `\nThe coach's desk at scale: ${r.cohorts} cohorts of ${r.members.toLocaleString('en')} (${r.participants.toLocaleString('en')} participants, ${r.checkIns.toLocaleString('en')} check-ins; the measured cohort ${MEASURED}: ${r.measuredCheckIns.toLocaleString('en')} check-ins); load average at the end ${r.loadAverage}`,
  );
  console.log(`Seeding (sqlite3 into the D1 file): ${JSON.stringify(r.seeding)}`);
  console.log('| request | measured cohort only: D1 round trips, rows read | all cohorts: D1 round trips, rows read |');
  console.log('|---|---|---|');
  for (const key of ['desk', 'compare']) {
    const b = r.before[key];
    const a = r.after[key];
    console.log(
      `| ${key === 'desk' ? `/admin/cohort?cohort=${MEASURED}` : '/admin/cohorts/compare'} | ${b.trips}, ${b.rows} | ${a.trips}, ${a.rows} |`,
    );
  }
  console.log(
    `15-minute runs until every cohort had its report: ${r.cron.runs.map((c) => `${c.ms} ms (${c.trips} round trips)`).join(', ')}; 'Refresh now' on the measured cohort ${r.refreshMs} ms`,
  );
  if (r.cohortsPage !== 200) console.log(`/admin/cohorts answered ${r.cohortsPage}: not measured`);
  console.log(`\nLatency (autocannon, 16 connections; each page between two 5 s runs of /healthz)`);
  console.log('| page | p50 ms | /healthz p50 | ratio (≤ 2.0x) | p99 | req/s | D1 round trips | rows read | KiB |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const l of r.latency)
    console.log(
      `| ${l.page} | ${l.p50} | ${l.floorP50} | ${l.ratio}x${l.ratio <= 2 ? '' : ' OVER'} | ${l.p99} | ${l.rps} | ${l.trips} | ${l.rows} | ${l.kib} |`,
    );
  const race = r.race;
  console.log(
    `\nEnrolment race: ${race.signUps} sign-ups at once into a cohort of ${race.capacity}: ${race.seated} seated, ${race.waitlisted} waitlisted (answers ${JSON.stringify(race.statuses)}, ${race.ms} ms)`,
  );
}
