// The coach's desk per cohort (docs/product.md#the-coachs-desk, decision 37): each cohort's stored
// report counts its current members only (a participant who moved counts in the new cohort only),
// the desk shows the running cohort by default (else the next, else the latest) and any other by
// ?cohort=ID, its JSON and CSV are that cohort's, an unknown cohort is a 404 and a malformed id a
// 400, the 15-minute run refreshes a bounded number of cohorts, and the comparison of cohorts
// answers every cohort's figures from the stored reports, equal to the plain-JavaScript oracle.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { moveToCohort } from '../src/data/cohorts';
import { refreshCheckInSummariesSql } from '../src/db/check-in-summaries';
import { getDb } from '../src/db/client';
import { ARENAS } from '../src/domain/arenas';
import type { CohortReport } from '../src/domain/cohort';
import { funnelShare } from '../src/domain/cohort';
import { type ComparedCohort, coachToday, REPORTS_PER_RUN } from '../src/domain/cohort-compare';
import { addDays } from '../src/domain/time-zone';
import { DEFAULT_COACH_TIME_ZONE } from '../src/domain/webinars';
import { QUARTER_HOUR_CRON } from '../src/jobs/scheduled';
import { readCohort } from './cohort-reference';
import { call, htmlOf, signUp } from './helpers';
import { cohortReport } from './oracles/cohort-report';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const today = () => new Date().toISOString().slice(0, 10);
/** The coaches' today (COACH_TIME_ZONE's default here) moved by `days`: a cohort's dates count in it. */
const coachDay = (days: number) => addDays(coachToday(new Date(), DEFAULT_COACH_TIME_ZONE), days);
const wheel = (value: number) => JSON.stringify(Object.fromEntries(ARENAS.map((a) => [a, value])));

let admin: { cookie: string };

type DeskJson = CohortReport & { cohort: { id: string; name: string }; needsAttentionTotal: number; computedAt: string };

async function cohort(id: string, name: string, startsInDays: number): Promise<void> {
  await env.DB.prepare("INSERT INTO cohorts (id, name, start_date, pacing) VALUES (?, ?, ?, 'weekly')")
    .bind(id, name, coachDay(startsInDays))
    .run();
}

/** A participant placed in `cohortId`, with `wheels` wheels (scores first, first + 1, …) and check-ins `moods` ending today. */
async function member(id: string, cohortId: string, change: { wheels?: number; first?: number; moods?: number[]; s4?: boolean } = {}) {
  const { wheels = 0, first = 4, moods = [], s4 = false } = change;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, name, password_hash, role, time_zone, created_at, email_verified_at) VALUES (?, ?, ?, 'x', 'user', 'UTC', ?, ?)",
    ).bind(id, `${id}@desk.test`, `Member ${id}`, ago(20), ago(20)),
    env.DB.prepare("INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) VALUES (?, ?, ?, 'seated', ?, ?)").bind(
      `m-${id}`,
      id,
      cohortId,
      ago(20),
      ago(20),
    ),
    env.DB.prepare(
      'INSERT INTO progress (user_id, arena_scores, session1_completed_at, session2_completed_at, session3_completed_at, session4_completed_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).bind(id, wheel(first), ago(15), s4 ? ago(10) : null, s4 ? ago(8) : null, s4 ? ago(2) : null),
    ...Array.from({ length: wheels }, (_, i) =>
      env.DB.prepare('INSERT INTO wheel_snapshots (id, user_id, arena_scores, completed_at) VALUES (?, ?, ?, ?)').bind(
        `${id}-w${i}`,
        id,
        wheel(first + i),
        ago(15 - i),
      ),
    ),
    ...moods.map((mood, i) =>
      env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, ?)').bind(
        `${id}-c${i}`,
        id,
        addDays(today(), -(moods.length - 1 - i)),
        mood,
      ),
    ),
    env.DB.prepare(refreshCheckInSummariesSql('user_id = ?')).bind(id),
  ]);
}

async function runCron(at = new Date()): Promise<void> {
  const response = await call(`/__scheduled?cron=${encodeURIComponent(QUARTER_HOUR_CRON)}&time=${at.getTime()}`);
  expect(response.status).toBe(200);
}

async function desk(query: string): Promise<DeskJson> {
  const response = await call(`/api/admin/cohort${query}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as DeskJson;
}

const reportOf = (cohortId: string) => env.DB.prepare('SELECT computed_at FROM cohort_reports WHERE cohort_id = ?').bind(cohortId).first();
const trips = (response: Response) => Number(response.headers.get('x-d1-round-trips'));
const rowsRead = (response: Response) => Number(response.headers.get('x-d1-rows-read'));

beforeAll(async () => {
  const a = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(a.id).run();
  admin = a;
  // The founding cohort (test/apply-migrations.ts) started today: the running one. Spring starts in 10 days.
  await cohort('spring', 'Spring 2027', 10);
  await member('ada', 'founding', { wheels: 2, first: 4, moods: [7, 7, 8], s4: true });
  await member('ben', 'founding', { wheels: 1, first: 6, moods: [5] });
  await member('cy', 'spring', { wheels: 3, first: 2, moods: [6, 6] });
  await member('dee', 'spring', { wheels: 0 });
  // Mo starts in the founding cohort with two wheels, then moves to spring.
  await member('mo', 'founding', { wheels: 2, first: 5, moods: [9, 9, 9, 9], s4: true });
});

describe('one report per cohort', () => {
  it('counts each cohort’s current members only, and equals the plain-JavaScript oracle filtered to that cohort', async () => {
    await runCron();
    const founding = await desk('?cohort=founding');
    expect(founding.cohort).toEqual({ id: 'founding', name: 'Founding cohort' });
    expect(founding.funnel.signedUp).toBe(3);
    const spring = await desk('?cohort=spring');
    expect(spring.cohort).toEqual({ id: 'spring', name: 'Spring 2027' });
    expect(spring.funnel.signedUp).toBe(2);
    // Cy alone has two wheels or more in spring: first 2, latest 4.
    expect(spring.gain).toEqual({ members: 1, arenas: Object.fromEntries(ARENAS.map((a) => [a, 2])) });
    const at = new Date(founding.computedAt);
    for (const [id, body] of [
      ['founding', founding],
      ['spring', spring],
    ] as const) {
      const { funnel, arenas, checkIns, gain, needsAttention } = body;
      expect({ funnel, arenas, checkIns, gain, needsAttention }, id).toEqual(
        JSON.parse(JSON.stringify(cohortReport(await readCohort(getDb(env.DB), id, at), at).report)),
      );
    }
  });

  it('counts a participant who moved in the new cohort only, and the move drops both cohorts’ reports', async () => {
    await runCron();
    expect(await reportOf('founding')).not.toBeNull();
    const moved = await moveToCohort(getDb(env.DB), 'mo', 'spring');
    expect(moved.ok).toBe(true);
    expect(await reportOf('founding')).toBeNull();
    expect(await reportOf('spring')).toBeNull();
    const founding = await desk('?cohort=founding');
    const spring = await desk('?cohort=spring');
    expect(founding.funnel).toMatchObject({ signedUp: 2, session4: 1 });
    expect(spring.funnel).toMatchObject({ signedUp: 3, session4: 1 });
    // Mo's wheels (5 then 6) join Cy's (2 then 4) in spring's gain.
    expect(spring.gain).toEqual({ members: 2, arenas: Object.fromEntries(ARENAS.map((a) => [a, 1.5])) });
    expect(founding.gain.members).toBe(1);
    const at = new Date(spring.computedAt);
    const oracle = cohortReport(await readCohort(getDb(env.DB), 'spring', at), at).report;
    expect(spring.funnel).toEqual(oracle.funnel);
    expect(spring.gain).toEqual(JSON.parse(JSON.stringify(oracle.gain)));
  });
});

describe('/admin/cohort?cohort=ID', () => {
  it('shows the running cohort by default, named in its heading, with a selector of every cohort that works without JavaScript', async () => {
    const response = await call('/admin/cohort', { cookie: admin.cookie });
    const html = (await htmlOf(response, 200)).replaceAll('<!-- -->', '');
    expect(trips(response)).toBe(1);
    expect(html).toMatch(/<h1 class="page-title">Founding cohort<\/h1>/);
    expect(html).toContain('<title>Founding cohort · Cohort');
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/admin\/cohort"|<form[^>]*action="\/admin\/cohort"[^>]*method="get"/);
    expect(html).toMatch(/<select id="cohort-picker" name="cohort">/);
    expect(html).toContain('<option value="founding" selected="">Founding cohort (running)</option>');
    expect(html).toContain('<option value="spring">Spring 2027 (upcoming)</option>');
    expect(html).toContain('href="/admin/cohort.csv?cohort=founding"');
    expect(html).toContain('action="/admin/cohort?cohort=founding" method="post"');
    expect(html).toContain('href="/admin/cohorts/compare"');
  });

  it('shows the cohort asked for, everything on it that cohort’s, in one D1 round trip', async () => {
    await runCron();
    const response = await call('/admin/cohort?cohort=spring', { cookie: admin.cookie });
    const html = (await htmlOf(response, 200)).replaceAll('<!-- -->', '');
    expect(trips(response)).toBe(1);
    expect(html).toMatch(/<h1 class="page-title">Spring 2027<\/h1>/);
    expect(html).toContain('<option value="spring" selected="">');
    expect(html).toMatch(/Signed up<\/span>.*?<span class="nowrap">3 \(100%\)/s);
    expect(html).toContain('href="/admin/cohort.csv?cohort=spring"');
    expect(html).toContain('href="/admin/users/dee"');
    expect(html).not.toContain('href="/admin/users/ben"');
  });

  it('reads as many rows whatever the size of the other cohorts', async () => {
    await runCron();
    const before = rowsRead(await call('/admin/cohort?cohort=spring', { cookie: admin.cookie }));
    const ids = JSON.stringify(Array.from({ length: 200 }, (_, i) => `crowd-${i}`));
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO users (id, email, name, password_hash, role, time_zone, created_at) SELECT value, value || '@desk.test', value, 'x', 'user', 'UTC', ? FROM json_each(?)",
      ).bind(ago(30), ids),
      env.DB.prepare(
        "INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) SELECT 'm-' || value, value, 'founding', 'seated', ?, ? FROM json_each(?)",
      ).bind(ago(30), ago(30), ids),
    ]);
    await runCron();
    expect((await desk('?cohort=founding')).needsAttentionTotal).toBeGreaterThanOrEqual(200);
    const after = await call('/admin/cohort?cohort=spring', { cookie: admin.cookie });
    expect(trips(after)).toBe(1);
    expect(rowsRead(after)).toBe(before);
    await env.DB.prepare("DELETE FROM users WHERE id LIKE 'crowd-%'").run();
    await runCron();
  });

  it('without a running cohort shows the next to start, else the latest to have started', async () => {
    await env.DB.prepare("UPDATE cohorts SET start_date = ? WHERE id = 'founding'").bind(coachDay(-60)).run();
    expect((await desk('')).cohort.id).toBe('spring');
    await env.DB.prepare("UPDATE cohorts SET start_date = ? WHERE id = 'spring'").bind(coachDay(-40)).run();
    expect((await desk('')).cohort.id).toBe('spring');
    await env.DB.prepare("UPDATE cohorts SET start_date = ? WHERE id = 'founding'").bind(coachDay(-30)).run();
    expect((await desk('')).cohort.id).toBe('founding');
    // Running (day 28, its last) beats both.
    await env.DB.prepare("UPDATE cohorts SET start_date = ? WHERE id = 'spring'").bind(coachDay(-27)).run();
    expect((await desk('')).cohort.id).toBe('spring');
    await env.DB.batch([
      env.DB.prepare("UPDATE cohorts SET start_date = ? WHERE id = 'founding'").bind(coachDay(0)),
      env.DB.prepare("UPDATE cohorts SET start_date = ? WHERE id = 'spring'").bind(coachDay(10)),
    ]);
    expect((await desk('')).cohort.id).toBe('founding');
  });

  it('answers 404 for a cohort that does not exist and 400 for a malformed id', async () => {
    const unknown = await call('/api/admin/cohort?cohort=nowhere', { cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Cohort not found' });
    const bad = await call(`/api/admin/cohort?cohort=${encodeURIComponent('spring; DROP TABLE users')}`, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: 'That is not a cohort id' });
    expect((await call(`/api/admin/cohort?cohort=${'x'.repeat(65)}`, { cookie: admin.cookie })).status).toBe(400);
    expect((await call('/admin/cohort?cohort=nowhere', { cookie: admin.cookie })).status).toBe(404);
    expect((await call('/admin/cohort.csv?cohort=nowhere', { cookie: admin.cookie })).status).toBe(404);
    expect((await call('/admin/cohort?cohort=a%20b', { cookie: admin.cookie })).status).toBe(400);
  });

  it('‘Refresh now’ works out the shown cohort only, and comes back to it', async () => {
    await runCron(new Date(Date.now() - 5 * 60_000));
    const founding = await reportOf('founding');
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'cohortRefresh:%'").run();
    const response = await call('/admin/cohort?cohort=spring', { cookie: admin.cookie, form: {} });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin/cohort?cohort=spring');
    expect(Date.now() - Date.parse((await desk('?cohort=spring')).computedAt)).toBeLessThan(60_000);
    expect(await reportOf('founding')).toEqual(founding);
  });
});

describe('GET /admin/cohort.csv?cohort=ID', () => {
  it('exports only that cohort’s current members', async () => {
    const response = await call('/admin/cohort.csv?cohort=spring', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="life7-cohort-spring-\d{4}-\d\d-\d\d\.csv"/);
    const emails = (await response.text())
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(emails.sort()).toEqual(['"cy@desk.test"', '"dee@desk.test"', '"mo@desk.test"']);
    const founding = (await (await call('/admin/cohort.csv', { cookie: admin.cookie })).text()).trimEnd().split('\r\n');
    // Ada and Ben; the admin is in the founding cohort too but is no participant.
    expect(founding.slice(1).map((line) => line.split(',')[1])).toEqual(['"ada@desk.test"', '"ben@desk.test"']);
  });
});

describe('the 15-minute run', () => {
  it('works out the running and upcoming cohorts every time, and finished ones only when their report is missing, a bounded number per run', async () => {
    const n = REPORTS_PER_RUN + 3;
    await env.DB.batch(
      Array.from({ length: n }, (_, i) =>
        env.DB.prepare("INSERT INTO cohorts (id, name, start_date, pacing) VALUES (?, ?, date('now', ?), 'self-paced')").bind(
          `old-${i}`,
          `Old ${i}`,
          `-${100 + i} days`,
        ),
      ),
    );
    const stored = async () =>
      (await env.DB.prepare("SELECT count(*) AS n FROM cohort_reports WHERE cohort_id LIKE 'old-%'").first<number>('n'))!;
    await runCron();
    // Founding and spring first, then the finished ones without a report.
    expect(await stored()).toBe(REPORTS_PER_RUN - 2);
    await runCron();
    expect(await stored()).toBe(n);
    const oldAt = await env.DB.prepare("SELECT computed_at FROM cohort_reports WHERE cohort_id = 'old-0'").first('computed_at');
    const at = new Date(Date.now() + 60_000);
    await runCron(at);
    // Finished and stored: left as it is. Running and upcoming: worked out again.
    expect(await env.DB.prepare("SELECT computed_at FROM cohort_reports WHERE cohort_id = 'old-0'").first('computed_at')).toBe(oldAt);
    expect((await reportOf('founding'))?.computed_at).toBe(at.toISOString());
    expect((await reportOf('spring'))?.computed_at).toBe(at.toISOString());
    await env.DB.prepare("DELETE FROM cohorts WHERE id LIKE 'old-%'").run();
  });
});

describe('the comparison of cohorts', () => {
  it('answers every cohort’s completion, median streak and wheel gain from the stored reports, equal to the oracle', async () => {
    await runCron();
    const response = await call('/api/admin/cohorts/compare', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(trips(response)).toBe(1);
    const { cohorts } = (await response.json()) as { cohorts: ComparedCohort[] };
    expect(cohorts.map((c) => c.id)).toEqual(['founding', 'spring']);
    for (const compared of cohorts) {
      const at = new Date(compared.computedAt!);
      const oracle = cohortReport(await readCohort(getDb(env.DB), compared.id, at), at).report;
      expect(compared, compared.id).toMatchObject({
        members: oracle.funnel.signedUp,
        completion: { completed: oracle.funnel.session4, percent: funnelShare(oracle.funnel.session4, oracle.funnel.signedUp) },
        medianStreak: oracle.checkIns.medianStreak,
        gain: JSON.parse(JSON.stringify(oracle.gain)),
      });
    }
    expect(cohorts[0]).toMatchObject({ state: 'running', members: 2, completion: { completed: 1, percent: 50 } });
    expect(cohorts[1]).toMatchObject({ state: 'upcoming', members: 3, completion: { completed: 1, percent: 33 } });
  });

  it('is a table of every cohort, linked from the desk, reading as many rows whatever the cohorts’ sizes', async () => {
    const response = await call('/admin/cohorts/compare', { cookie: admin.cookie });
    const html = (await htmlOf(response, 200)).replaceAll('<!-- -->', '');
    expect(trips(response)).toBe(1);
    expect(html).toContain('<h1 class="page-title">Cohorts compared</h1>');
    expect(html).toMatch(/<th scope="row"><a href="\/admin\/cohort\?cohort=founding">Founding cohort<\/a>/);
    expect(html).toMatch(/<th scope="row"><a href="\/admin\/cohort\?cohort=spring">Spring 2027<\/a>/);
    for (const arena of ARENAS) expect(html).toContain(`<th scope="col">${arena} gain</th>`);
    expect(html).toContain('<td>+1.5</td>');
    const before = rowsRead(response);
    await member('extra', 'spring', { wheels: 2, moods: [5] });
    await runCron();
    expect(rowsRead(await call('/admin/cohorts/compare', { cookie: admin.cookie }))).toBe(before);
    await env.DB.prepare("DELETE FROM users WHERE id = 'extra'").run();
  });

  it('works out a cohort with no report yet on the read', async () => {
    await cohort('summer', 'Summer 2027', 60);
    await member('sol', 'summer', { wheels: 2, first: 3 });
    const { cohorts } = (await (await call('/api/admin/cohorts/compare', { cookie: admin.cookie })).json()) as {
      cohorts: ComparedCohort[];
    };
    expect(cohorts.find((c) => c.id === 'summer')).toMatchObject({ members: 1, gain: { members: 1 } });
  });

  it('is for admins only', async () => {
    expect((await call('/api/admin/cohorts/compare')).status).toBe(401);
    const member = await signUp();
    expect((await call('/api/admin/cohorts/compare', { cookie: member.cookie })).status).toBe(403);
    expect((await call('/admin/cohorts/compare', { cookie: member.cookie })).headers.get('location')).toBe('/dashboard');
  });
});
