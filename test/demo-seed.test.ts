// The development seed (decision 31, docs/product.md#demo-data) builds what it promises: its SQL
// (scripts/demo-seed.ts, as scripts/seed.mjs writes it for `npm run dev`) run into the test D1
// gives four cohorts (finished, running in week 2, upcoming and full with a waitlist, self-paced
// and the default for sign-ups), the demo participant in week 2 with Sessions 1 and 2 done and
// Session 3 waiting for its day (its card says when it opens, the dashboard says "Week 2 of 4 · …"),
// everyone in exactly one current cohort, some with a history, each weekly cohort's four webinars,
// and a second run that changes nothing.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { cohortMoment, demoCohorts } from '../scripts/demo-cohorts';
import { COHORT_PASSWORD, DEMO_ACCOUNTS, demoSeedStatements } from '../scripts/demo-seed';
import { type ClosedGate, cohortState, gateLabel, sessionGate, sessionOpensOn } from '../src/domain/cohorts';
import { addDays, calendarDay, daysBetween } from '../src/domain/time-zone';
import { hashPassword } from '../src/server/password';
import { call, htmlOf, logIn, signUp } from './helpers';

const ZONE = 'America/Los_Angeles';
const CHEAP = { N: 1024, r: 8, p: 1 };
const [ADMIN, DEMO] = DEMO_ACCOUNTS;

async function hashes() {
  const [admin, demo, cohort] = await Promise.all([
    hashPassword(ADMIN.password, CHEAP),
    hashPassword(DEMO.password, CHEAP),
    hashPassword(COHORT_PASSWORD, CHEAP),
  ]);
  return { accounts: { 'demo-admin': admin, 'demo-user': demo }, cohort };
}

async function runSeed(now = new Date()) {
  const statements = demoSeedStatements(now, await hashes());
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

async function rows<T>(query: string, ...params: unknown[]): Promise<T[]> {
  return (
    await env.DB.prepare(query)
      .bind(...params)
      .all<T>()
  ).results;
}

interface CohortRow {
  id: string;
  name: string;
  start_date: string;
  capacity: number | null;
  enrolment_open: number;
  pacing: string;
  default_for_sign_ups: number;
}

const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe('the four cohorts, dated from the day the seed runs', () => {
  it('on every day of the week: the running cohort in week 2, the finished one over, the upcoming one on the Monday after next', () => {
    // Two weeks of days around a clock change (US summer time ends on Sunday, Nov 1, 2026).
    for (let i = 0; i < 14; i++) {
      const now = new Date(Date.UTC(2026, 9, 26 + i, 7 + (i % 3) * 8));
      const today = calendarDay(now, ZONE);
      const c = demoCohorts(now);
      for (const cohort of [c.finished, c.running, c.upcoming]) expect(weekday(cohort.startDate), cohort.key).toBe(1);
      const day = daysBetween(c.running.startDate, today) + 1;
      expect(day, today).toBeGreaterThanOrEqual(8);
      expect(day, today).toBeLessThanOrEqual(14);
      expect(cohortState(c.finished.startDate, today)).toBe('finished');
      expect(daysBetween(c.finished.startDate, today)).toBeGreaterThanOrEqual(42);
      expect(daysBetween(c.finished.startDate, today)).toBeLessThanOrEqual(56);
      const nextMonday = addDays(today, (8 - weekday(today)) % 7 || 7);
      expect([nextMonday, addDays(nextMonday, 7)]).toContain(c.upcoming.startDate);
      expect(new Set([c.finished.name, c.running.name, c.upcoming.name, c.selfPaced.name]).size).toBe(4);
    }
  });

  it('names them by the month they start in, the later of two in one month "Late …"', () => {
    // Today Thu, Oct 15, 2026: the running cohort started Mon, Oct 5, the upcoming one starts Mon, Oct 26.
    const c = demoCohorts(new Date('2026-10-15T18:00:00Z'));
    expect([c.finished.name, c.running.name, c.upcoming.name]).toEqual(['August 2026', 'October 2026', 'Late October 2026']);
    expect(c.running.startDate).toBe('2026-10-05');
  });

  it('never dates anything after now', () => {
    const now = new Date('2026-11-16T08:30:00Z'); // 00:30 on a Monday in Los Angeles: day 8 has just begun
    const running = demoCohorts(now).running;
    expect(cohortMoment(running, 8, 20, now)).toBe(now.toISOString());
    expect(cohortMoment(running, 2, 19, now)).toBe('2026-11-11T03:00:00.000Z');
  });
});

describe('the seed run into D1', () => {
  // An older development database: migration 0019 put its accounts in the founding cohort, dated
  // by UTC's day, which in the coaches' evening is their tomorrow.
  beforeAll(async () => {
    const hash = await hashPassword(DEMO.password, CHEAP);
    const at = '2026-01-05T10:00:00.000Z';
    const utcAhead = addDays(calendarDay(new Date(), ZONE), 1);
    await env.DB.batch([
      env.DB.prepare("UPDATE cohorts SET start_date = ? WHERE id = 'founding'").bind(utcAhead),
      ...[ADMIN, DEMO].flatMap((a) => [
        env.DB.prepare('INSERT INTO users (id, email, name, password_hash, role, created_at) VALUES (?, ?, ?, ?, ?, ?)').bind(
          a.id,
          a.email,
          a.name,
          hash,
          a.role,
          at,
        ),
        env.DB.prepare(
          "INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) VALUES (?, ?, 'founding', 'seated', ?, ?)",
        ).bind(`founding-${a.id}`, a.id, at, at),
      ]),
    ]);
    await runSeed();
  });

  it('moves people of an older database out of migration 0019 founding cohort, and leaves who is already there', async () => {
    const history = await rows<{ id: string; user_id: string; cohort_id: string; left_at: string | null }>(
      "SELECT id, user_id, cohort_id, left_at FROM cohort_members WHERE user_id IN ('demo-user', 'demo-admin') ORDER BY user_id, joined_at",
    );
    expect(history).toEqual([
      { id: 'founding-demo-admin', user_id: 'demo-admin', cohort_id: 'founding', left_at: null },
      { id: 'founding-demo-user', user_id: 'demo-user', cohort_id: 'founding', left_at: expect.any(String) },
      { id: 'seed-demo-running-demo-user', user_id: 'demo-user', cohort_id: 'demo-running', left_at: null },
    ]);
  });

  it('makes five cohorts: finished, running, upcoming with enrolment open, one open to join and pay for, and the self-paced default for sign-ups', async () => {
    const today = calendarDay(new Date(), ZONE);
    const cohorts = await rows<CohortRow>('SELECT * FROM cohorts ORDER BY start_date');
    expect(cohorts).toHaveLength(5);
    const byId = Object.fromEntries(cohorts.map((c) => [c.id, c]));
    expect(cohortState(byId['demo-finished']!.start_date, today)).toBe('finished');
    expect(cohortState(byId['demo-running']!.start_date, today)).toBe('running');
    expect(cohortState(byId['demo-upcoming']!.start_date, today)).toBe('upcoming');
    expect(byId['demo-upcoming']).toMatchObject({ enrolment_open: 1, pacing: 'weekly' });
    // Decision 41: an upcoming cohort with seats, nobody in it yet.
    expect(cohortState(byId['demo-open']!.start_date, today)).toBe('upcoming');
    expect(byId['demo-open']).toMatchObject({ enrolment_open: 1, pacing: 'weekly', capacity: 20, default_for_sign_ups: 0 });
    // Migration 0019's founding cohort, renamed: self-paced, no capacity, the only default.
    expect(byId.founding).toMatchObject({ name: 'Self-paced', pacing: 'self-paced', capacity: null, default_for_sign_ups: 1 });
    // Never after the coaches' today (migration 0019 dated it by UTC's day, ahead in their evening).
    expect(cohortState(byId.founding!.start_date, today)).not.toBe('upcoming');
    expect(cohorts.filter((c) => c.default_for_sign_ups === 1)).toHaveLength(1);
  });

  it('puts everyone seeded in exactly one current cohort, some with a history', async () => {
    const places = await rows<{ user_id: string; current: number; total: number }>(
      'SELECT u.id AS user_id, sum(m.left_at IS NULL) AS current, count(m.id) AS total FROM users u LEFT JOIN cohort_members m ON m.user_id = u.id GROUP BY u.id',
    );
    expect(places).toHaveLength(42);
    for (const p of places) expect(p.current, p.user_id).toBe(1);
    expect(places.filter((p) => p.total > 1).length).toBeGreaterThanOrEqual(3);
    const members = await rows<{ cohort_id: string; seat: string; n: number }>(
      'SELECT cohort_id, seat, count(*) AS n FROM cohort_members WHERE left_at IS NULL GROUP BY cohort_id, seat',
    );
    const count = (cohort: string, seat = 'seated') => members.find((m) => m.cohort_id === cohort && m.seat === seat)?.n ?? 0;
    // Most of the living cohort runs now; the finished and self-paced cohorts have people too.
    expect(count('demo-running')).toBeGreaterThan(20);
    expect(count('demo-finished')).toBeGreaterThan(3);
    expect(count('founding')).toBeGreaterThan(1);
    expect(count('demo-running', 'waitlisted') + count('demo-finished', 'waitlisted') + count('founding', 'waitlisted')).toBe(0);
  });

  it('fills the upcoming cohort to its capacity and keeps a waitlist in the order people joined', async () => {
    const [cohort] = await rows<CohortRow>("SELECT * FROM cohorts WHERE id = 'demo-upcoming'");
    const members = await rows<{ seat: string; joined_at: string; seated_at: string | null }>(
      "SELECT seat, joined_at, seated_at FROM cohort_members WHERE cohort_id = 'demo-upcoming' AND left_at IS NULL ORDER BY joined_at",
    );
    const seated = members.filter((m) => m.seat === 'seated');
    const waiting = members.filter((m) => m.seat === 'waitlisted');
    expect(seated).toHaveLength(cohort!.capacity!);
    expect(waiting.length).toBeGreaterThanOrEqual(2);
    expect(members.slice(0, seated.length).every((m) => m.seat === 'seated' && m.seated_at === m.joined_at)).toBe(true);
    expect(waiting.every((m) => m.seated_at === null)).toBe(true);
  });

  it('has the demo participant in week 2 of the running cohort: Sessions 1 and 2 done, Session 3 opening on day 15', async () => {
    const cookie = await logIn(DEMO.email, DEMO.password);
    const me = (await (await call('/api/auth/me', { cookie })).json()) as {
      cohort: { id: string; name: string; pacing: string; week: number; day: number; seat: string; startDate: string };
    };
    expect(me.cohort).toMatchObject({ id: 'demo-running', pacing: 'weekly', week: 2, seat: 'seated' });
    expect(me.cohort.day).toBeGreaterThanOrEqual(8);
    expect(me.cohort.day).toBeLessThanOrEqual(14);

    const { progress } = (await (await call('/api/progress', { cookie })).json()) as {
      progress: { session1CompletedAt: string; session2CompletedAt: string; session3CompletedAt: null; session4CompletedAt: null };
    };
    const start = me.cohort.startDate;
    const dayOf = (iso: string) => daysBetween(start, calendarDay(new Date(iso), ZONE)) + 1;
    // Session 1 in week 1, Session 2 on day 8 or later (when weekly pacing opens it), not after now.
    expect(dayOf(progress.session1CompletedAt)).toBeGreaterThanOrEqual(1);
    expect(dayOf(progress.session1CompletedAt)).toBeLessThanOrEqual(7);
    expect(dayOf(progress.session2CompletedAt)).toBeGreaterThanOrEqual(8);
    expect(Date.parse(progress.session2CompletedAt)).toBeLessThanOrEqual(Date.now());
    expect(progress.session3CompletedAt).toBeNull();

    const today = calendarDay(new Date(), ZONE);
    const place = { startDate: start, pacing: 'weekly' as const, seat: 'seated' as const };
    const gate = sessionGate(progress, 3, place, today);
    expect(gate).toEqual({ open: false, reason: 'date', opensOn: sessionOpensOn(start, 3) });
    expect(gateLabel(gate as ClosedGate, today)).toMatch(/^Opens (Mon), [A-Z][a-z]{2} \d{1,2}/);
    expect(sessionGate(progress, 2, place, today)).toEqual({ open: true });

    // What the participant sees: Session 3's card says when it opens, the dashboard where they stand.
    const sessions = await htmlOf(await call('/sessions', { cookie }), 200);
    expect(sessions).toContain(gateLabel(gate as ClosedGate, today));
    const dashboard = await htmlOf(await call('/dashboard', { cookie }), 200);
    expect(dashboard).toContain(`Week 2 of 4 · ${me.cohort.name} · day ${me.cohort.day}`);
  });

  it('gives each weekly cohort its four webinars, the past ones with a recording, and the self-paced one upcoming sessions', async () => {
    const now = new Date().toISOString();
    const webinars = await rows<{ cohort_id: string; n: number; past: number; recorded: number; upcoming: number }>(
      `SELECT cohort_id, count(*) AS n, sum(end_time <= ?1) AS past, sum(end_time <= ?1 AND recording_url LIKE 'https://%') AS recorded,
       sum(end_time > ?1) AS upcoming FROM webinars GROUP BY cohort_id`,
      now,
    );
    const of = (id: string) => webinars.find((w) => w.cohort_id === id)!;
    expect(of('demo-finished')).toEqual({ cohort_id: 'demo-finished', n: 4, past: 4, recorded: 4, upcoming: 0 });
    expect(of('demo-running')).toMatchObject({ n: 4, upcoming: 2 });
    expect(of('demo-running').recorded).toBe(of('demo-running').past);
    expect(of('demo-upcoming')).toMatchObject({ n: 4, upcoming: 4 });
    expect(of('founding').upcoming).toBe(4);
  });

  it('has finished participants whose second wheel gained on their first', async () => {
    const gains = await rows<{ user_id: string; first: string; latest: string }>(
      `SELECT m.user_id, w1.arena_scores AS first, w2.arena_scores AS latest FROM cohort_members m
       JOIN progress p ON p.user_id = m.user_id AND p.session4_completed_at IS NOT NULL
       JOIN wheel_snapshots w1 ON w1.id = m.user_id || '-w1' JOIN wheel_snapshots w2 ON w2.id = m.user_id || '-w2'
       WHERE m.cohort_id = 'demo-finished' AND m.left_at IS NULL`,
    );
    expect(gains.length).toBeGreaterThanOrEqual(3);
    const total = (json: string) => Object.values(JSON.parse(json) as Record<string, number>).reduce((a, b) => a + b, 0);
    for (const g of gains) expect(total(g.latest), g.user_id).toBeGreaterThan(total(g.first));
  });

  it('gives those who finished Session 3 a daily practice: answers on their check-ins from that day on', async () => {
    const practising = await rows<{ user_id: string; days: number; done: number }>(
      `SELECT a.user_id, COUNT(DISTINCT a.date) AS days, SUM(a.done) AS done FROM check_in_actions a
       JOIN progress p ON p.user_id = a.user_id AND p.session3_completed_at IS NOT NULL
       JOIN check_ins c ON c.user_id = a.user_id AND c.date = a.date GROUP BY a.user_id`,
    );
    expect(practising.length).toBeGreaterThanOrEqual(3);
    for (const p of practising) expect(p.done, p.user_id).toBeGreaterThan(0);
  });

  it('keeps each wheel with its own reflections, the latest with the progress row’s (decision 39)', async () => {
    const missing = await rows<{ id: string }>('SELECT id FROM wheel_snapshots WHERE reflections IS NULL');
    expect(missing).toEqual([]);
    const differ = await rows<{ user_id: string }>(
      `SELECT w1.user_id FROM wheel_snapshots w1 JOIN wheel_snapshots w2 ON w2.id = w1.user_id || '-w2'
       JOIN progress p ON p.user_id = w1.user_id
       WHERE w1.id = w1.user_id || '-w1' AND w1.reflections <> w2.reflections AND w2.reflections = p.reflections`,
    );
    expect(differ.length).toBeGreaterThanOrEqual(3);
  });

  it('changes nothing when run a second time, even a day later', async () => {
    const tables = [
      'users',
      'cohorts',
      'cohort_members',
      'webinars',
      'progress',
      'wheel_snapshots',
      'check_ins',
      'check_in_actions',
      'membership_grants',
    ];
    const dump = async () => Promise.all(tables.map((t) => rows(`SELECT * FROM ${t} ORDER BY 1`)));
    const before = await dump();
    await runSeed();
    await runSeed(new Date(Date.now() + 24 * 60 * 60 * 1000));
    expect(await dump()).toEqual(before);
  });

  it('places a new sign-up in the self-paced cohort, the default', async () => {
    const { cookie } = await signUp();
    const me = (await (await call('/api/auth/me', { cookie })).json()) as { cohort: { id: string; pacing: string; seat: string } };
    expect(me.cohort).toMatchObject({ id: 'founding', name: 'Self-paced', pacing: 'self-paced', seat: 'seated' });
  });

  it("keeps the demo participant in their cohort through 'Reset Demo Data', and a new run of the seed brings the journey back", async () => {
    const cookie = await logIn(DEMO.email, DEMO.password);
    const reset = await call('/api/demo/reset', { cookie, method: 'POST', headers: { accept: 'application/json' } });
    expect(reset.status).toBe(200);
    const me = async () =>
      ((await (await call('/api/auth/me', { cookie })).json()) as { cohort: { id: string; week: number; seat: string } }).cohort;
    expect(await me()).toMatchObject({ id: 'demo-running', week: 2, seat: 'seated' });
    const progress = async () => ((await (await call('/api/progress', { cookie })).json()) as { progress: unknown }).progress;
    expect(await progress()).toBeNull();
    await runSeed();
    expect(await me()).toMatchObject({ id: 'demo-running', week: 2, seat: 'seated' });
    expect(await progress()).toMatchObject({ session1CompletedAt: expect.any(String), session2CompletedAt: expect.any(String) });
  });
});
