// An announcement to a cohort of 10,000 (docs/product.md#nudges-and-announcements, decision 40):
// the request that sends it (its wall time and D1 round trips: one batch of INSERT…SELECTs, then
// one sendBatch call with the fan-out steps), then the mail queue fanning it out, 1,000 recipients
// a step, and delivering every mail (development: to the outbox), timed from the request until the
// announcement counts them all delivered. `sqlite(sql)` runs SQL on the preview's D1 file.

const ADMIN = { email: 'admin@life7.local', password: 'admin-life7-dev' };

export async function announcementAtScale({ base, sqlite, recipients = 10_000, timeoutMs = 600_000 }) {
  const cohort = 'bench-announce';
  const seedStart = performance.now();
  sqlite(
    `BEGIN;
INSERT OR IGNORE INTO cohorts (id, name, start_date, pacing, enrolment_open) VALUES ('${cohort}', 'Bench announcement cohort', '2031-06-01', 'weekly', 0);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${recipients - 1})
INSERT INTO users (id, email, name, password_hash, time_zone) SELECT printf('announce-%05d', i), printf('announce-%05d@bench.example', i), printf('Bench %d', i), 'x', 'UTC' FROM n;
INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) SELECT 'm-' || id, id, '${cohort}', 'seated', '2031-05-01T00:00:00.000Z', '2031-05-01T00:00:00.000Z' FROM users WHERE id LIKE 'announce-%';
COMMIT;`,
  );
  const seedMs = performance.now() - seedStart;

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`admin sign-in failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('__Host-life7_session='))
    .split(';')[0];

  const start = performance.now();
  const response = await fetch(`${base}/api/admin/announcements`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ cohortId: cohort, subject: 'Bench announcement', body: 'Hello, cohort.\n\nhttps://example.com/plan' }),
  });
  const requestMs = performance.now() - start;
  const body = await response.json();
  if (response.status !== 201) throw new Error(`the announcement answered ${response.status}: ${JSON.stringify(body)}`);
  const trips = Number(response.headers.get('x-d1-round-trips'));
  const id = body.announcement.id;

  const counts = () =>
    sqlite(`SELECT mails_delivered, mails_queued, mails_failed FROM announcements WHERE id = '${id}'`).split('|').map(Number);
  let [delivered, queued, failed] = counts();
  while (delivered + failed < recipients && performance.now() - start < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    [delivered, queued, failed] = counts();
  }
  const drainMs = performance.now() - start;
  return {
    recipients: body.announcement.recipients,
    seedMs: Math.round(seedMs),
    requestMs: Math.round(requestMs),
    d1RoundTrips: trips,
    delivered,
    queued,
    failed,
    timedOut: delivered + failed < recipients,
    secondsToAllDelivered: Number((drainMs / 1000).toFixed(1)),
    mailsPerSecond: Math.round(delivered / (drainMs / 1000)),
  };
}

export function printAnnouncement(a) {
  console.log(`\nAn announcement to a cohort of ${a.recipients.toLocaleString('en')} (development: mail to the outbox)`);
  console.log('| figure | value |');
  console.log('|---|---|');
  console.log(`| POST /api/admin/announcements, wall time | ${a.requestMs} ms |`);
  console.log(`| POST /api/admin/announcements, D1 round trips (session included) | ${a.d1RoundTrips} |`);
  console.log(
    `| mails delivered / failed / still queued${a.timedOut ? ' (TIMED OUT)' : ''} | ${a.delivered} / ${a.failed} / ${a.queued} |`,
  );
  console.log(`| request to every mail delivered | ${a.secondsToAllDelivered} s, ${a.mailsPerSecond} mails/s |`);
}
