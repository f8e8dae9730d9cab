// The cohort view against a cohort whose answers are known (docs/product.md#the-coachs-desk):
// GET /api/admin/cohort, /admin/cohort and the spreadsheet-safe /admin/cohort.csv. This file's
// database holds only what it makes (each Worker test file runs its own workerd), and its admin
// is not a participant.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { refreshCheckInSummariesSql } from '../src/db/check-in-summaries';
import { readCohort } from '../src/data/cohort';
import { resetDemoData } from '../src/data/progress';
import { getDb } from '../src/db/client';
import { ARENAS } from '../src/domain/arenas';
import { cohortReport } from '../src/domain/cohort';
import { addDays } from '../src/domain/time-zone';
import { call, signUp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const today = () => new Date().toISOString().slice(0, 10);
const wheel = (value: number) => JSON.stringify(Object.fromEntries(ARENAS.map((a) => [a, value])));

let admin: { cookie: string };

async function participant(id: string, name: string, verified: boolean, createdDaysAgo: number): Promise<void> {
  await env.DB.prepare("INSERT INTO users (id, email, name, password_hash, role, time_zone, created_at, email_verified_at) VALUES (?, ?, ?, 'x', 'user', 'UTC', ?, ?)")
    .bind(id, `${id}@cohort.test`, name, ago(createdDaysAgo), verified ? ago(createdDaysAgo) : null)
    .run();
}

/** What saveCheckIn runs in its batch after each write: the user's check_in_summaries row worked out again. */
const refreshSummary = (userId: string) => env.DB.prepare(refreshCheckInSummariesSql('user_id = ?')).bind(userId);

async function checkIns(userId: string, moods: [daysAgo: number, mood: number][]): Promise<void> {
  await env.DB.batch([
    ...moods.map(([d, mood]) => env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, ?)').bind(`${userId}-${d}`, userId, addDays(today(), -d), mood)),
    refreshSummary(userId),
  ]);
}

beforeAll(async () => {
  const a = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(a.id).run();
  admin = a;
  // Quinn: Session 1 two days ago, quiet for 4 days. First wheel all 4s.
  await participant('quinn', 'Quiet Quinn', true, 5);
  await env.DB.prepare("INSERT INTO progress (user_id, arena_scores, session1_completed_at) VALUES ('quinn', ?, ?)").bind(wheel(4), ago(2)).run();
  await env.DB.prepare("INSERT INTO wheel_snapshots (id, user_id, arena_scores, completed_at) VALUES ('q1', 'quinn', ?, ?)").bind(wheel(4), ago(2)).run();
  await checkIns('quinn', [[6, 6], [5, 6], [4, 6]]);
  // Sam: Sessions 1 and 2, a week at 8 then a week at 4, checked in today. Wheels 6 then 8.
  await participant('sam', 'Slipping Sam', true, 20);
  await env.DB.prepare("INSERT INTO progress (user_id, arena_scores, session1_completed_at, blockers, session2_completed_at) VALUES ('sam', ?, ?, '[]', ?)").bind(wheel(8), ago(15), ago(1)).run();
  await env.DB.prepare("INSERT INTO wheel_snapshots (id, user_id, arena_scores, completed_at) VALUES ('s1', 'sam', ?, ?), ('s2', 'sam', ?, ?)").bind(wheel(6), ago(15), wheel(8), ago(1)).run();
  await checkIns('sam', Array.from({ length: 14 }, (_, i): [number, number] => [i, i >= 7 ? 8 : 4]));
  // Sue: Session 1 ten days ago and nothing since; unverified; checked in yesterday.
  await participant('sue', 'Stalled Sue', false, 12);
  await env.DB.prepare("INSERT INTO progress (user_id, session1_completed_at) VALUES ('sue', ?)").bind(ago(10)).run();
  await checkIns('sue', [[1, 6]]);
  // Gil: a failed Stripe payment, three days of grace left.
  await participant('gil', '=HYPERLINK("https://evil.example")', true, 1);
  await env.DB.prepare("INSERT INTO membership_grants (source, subject, user_id, plan, status, grace_until, origin) VALUES ('stripe', 'cus_gil', 'gil', 'premium', 'past_due', ?, 'stripe')").bind(ago(-3)).run();
  await env.DB.prepare("INSERT INTO memberships (user_id, plan, status, source, grace_until) VALUES ('gil', 'premium', 'past_due', 'stripe', ?)").bind(ago(-3)).run();
});

describe('GET /api/admin/cohort', () => {
  it('answers the funnel, the average wheels, check-in activity and who needs attention, with reasons', async () => {
    const response = await call('/api/admin/cohort', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, any>;
    expect(Object.keys(body)).toEqual(['funnel', 'arenas', 'checkIns', 'needsAttention']);
    expect(body.funnel).toEqual({ signedUp: 4, verified: 3, session1: 3, session2: 1, session3: 0, session4: 0 });
    expect(Object.keys(body.arenas)).toEqual([...ARENAS]);
    // First wheels 4 (Quinn) and 6 (Sam); latest 4 and 8. Sue has no wheel.
    for (const arena of ARENAS) expect(body.arenas[arena]).toEqual({ first: 5, latest: 6 });
    // Today: Sam. Last 7 days: Quinn, Sam, Sue. Streaks of those who ever checked in: 0, 14, 1.
    expect(body.checkIns).toEqual({ today: 1, last7Days: 3, medianStreak: 1 });
    const reasons = Object.fromEntries((body.needsAttention as { userId: string; reasons: string[] }[]).map((n) => [n.userId, n.reasons]));
    expect(Object.keys(reasons).sort()).toEqual(['gil', 'quinn', 'sam', 'sue']);
    expect(reasons.quinn).toEqual([expect.stringMatching(/^No check-in for 4 days \(last on /)]);
    expect(reasons.sam).toEqual(['Mood down 4.0 points: 4.0 on average over the last 7 days, 8.0 the 7 days before']);
    expect(reasons.sue).toEqual(['On Session 2 for 10 days']);
    expect(reasons.gil).toEqual([expect.stringMatching(/^Payment failed: Stripe Premium in grace until /)]);
    expect(body.needsAttention.find((n: { userId: string }) => n.userId === 'sam')).toMatchObject({ name: 'Slipping Sam', email: 'sam@cohort.test' });
  });

  it('is for admins only', async () => {
    expect((await call('/api/admin/cohort')).status).toBe(401);
    const member = await signUp();
    expect((await call('/api/admin/cohort', { cookie: member.cookie })).status).toBe(403);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(member.id).run();
  });
});

describe('what the cohort reads', () => {
  it('is two D1 round trips after the session, and does not grow with old check-ins', async () => {
    const rowsRead = async () => {
      const response = await call('/api/admin/cohort', { cookie: admin.cookie });
      return { trips: Number(response.headers.get('x-d1-round-trips')), rows: Number(response.headers.get('x-d1-rows-read')) };
    };
    const before = await rowsRead();
    // Counted: the participants, their progress, wheels and check-in summaries, and Sam's 14 check-ins (the mood rule picked Sam).
    expect(before.rows).toBeGreaterThan(18);
    // The session lookup, then the cohort's two batches (the zones in use, then the figures).
    expect(before.trips).toBe(3);
    // A year of Quinn's check-ins from before the window: nothing more is read.
    const old = Array.from({ length: 300 }, (_, i) => 100 + i);
    for (let i = 0; i < old.length; i += 50) {
      await env.DB.batch([
        ...old.slice(i, i + 50).map((d) => env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, 5)').bind(`quinn-old-${d}`, 'quinn', addDays(today(), -d))),
        refreshSummary('quinn'),
      ]);
    }
    const after = await rowsRead();
    expect(after.rows - before.rows).toBeLessThan(10);
    expect((await (await call('/api/admin/cohort', { cookie: admin.cookie })).json()) as unknown).toMatchObject({ checkIns: { medianStreak: 1 } });
  });
});

describe('check_in_summaries, what the cohort view reads instead of the check-ins', () => {
  const summaryOf = (userId: string) => env.DB.prepare('SELECT last_day, run, mood_drop_mask FROM check_in_summaries WHERE user_id = ?').bind(userId).first();

  it('gives the same report as working it all out from every participant and their check-ins', async () => {
    const now = new Date();
    const body = (await (await call('/api/admin/cohort', { cookie: admin.cookie })).json()) as Record<string, unknown>;
    expect(body).toEqual(JSON.parse(JSON.stringify(cohortReport(await readCohort(getDb(env.DB), now), now).report)));
    // Sam: 14 days in a row, the last week 4 points under the one before. Without a new check-in the
    // drop stays 2 or more for three more days (bits 0 to 3): on the fourth, 8, 8, 8, 4, 4, 4, 4 against 4.
    expect(await summaryOf('sam')).toEqual({ last_day: today(), run: 14, mood_drop_mask: 1 + 2 + 4 + 8 });
  });

  it('stays right as a participant checks in, edits the day and resets their data', async () => {
    const member = await signUp();
    expect(await summaryOf(member.id)).toBeNull();
    expect((await call('/api/check-ins', { cookie: member.cookie, json: { mood: 7 } })).status).toBe(200);
    const day = (await env.DB.prepare('SELECT date FROM check_ins WHERE user_id = ?').bind(member.id).first<{ date: string }>())!.date;
    expect(await summaryOf(member.id)).toEqual({ last_day: day, run: 1, mood_drop_mask: 0 });
    // The week before, well above today's mood (written as the data layer would, then the same day edited).
    await env.DB.batch(
      Array.from({ length: 7 }, (_, i) => env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, 9)').bind(`${member.id}-${i}`, member.id, addDays(day, -(i + 7)))),
    );
    expect((await call('/api/check-ins', { cookie: member.cookie, json: { mood: 3 } })).status).toBe(200);
    expect(await summaryOf(member.id)).toEqual({ last_day: day, run: 1, mood_drop_mask: 1 + 2 + 4 + 8 + 16 + 32 + 64 });
    expect((await call('/api/check-ins', { cookie: member.cookie, json: { mood: 8 } })).status).toBe(200);
    expect(await summaryOf(member.id)).toEqual({ last_day: day, run: 1, mood_drop_mask: 0 });
    await resetDemoData(getDb(env.DB), member.id);
    expect(await summaryOf(member.id)).toBeNull();
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(member.id).run();
  });
});

describe('/admin/cohort', () => {
  it('shows the reasons with a link to each participant, the funnel and the arenas', async () => {
    const response = await call('/admin/cohort', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll('<!-- -->', '');
    expect(html).toContain('Needs attention (4)');
    expect(html).toContain('href="/admin/users/sue"');
    expect(html).toContain('On Session 2 for 10 days');
    expect(html).toContain('Session 2 done');
    expect(html).toContain('1 (25%)');
    expect(html).toContain('Latest wheels, on average');
    // First in the admin navigation.
    expect(html.indexOf('>Cohort<')).toBeLessThan(html.indexOf('>Users<'));
  });
});

describe('GET /admin/cohort.csv', () => {
  it('has one row per participant, and no cell a spreadsheet would run as a formula', async () => {
    const response = await call('/admin/cohort.csv', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="life7-cohort-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Plan,Sessions done,Last check-in,Current streak,Latest wheel total');
    expect(lines).toHaveLength(5);
    expect(lines).toContain(`Slipping Sam,sam@cohort.test,No Plan,2,${today()},14,56.0`);
    expect(lines.find((l) => l.includes('gil@cohort.test'))).toBe(`"'=HYPERLINK(""https://evil.example"")",gil@cohort.test,Premium,0,,0,`);
    for (const line of lines.slice(1)) expect(line).not.toMatch(/^"?[=+\-@\t\r]/);
  });
});
