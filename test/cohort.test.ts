// The cohort view against a cohort whose answers are known (docs/product.md#the-coachs-desk): the
// report the 15-minute cron stores, as GET /api/admin/cohort and /admin/cohort read it, 'Refresh
// now', the first read of a fresh database, and the spreadsheet-safe /admin/cohort.csv. This
// file's database holds only what it makes (each Worker test file starts on an empty one,
// test/apply-migrations.ts), and its admin is not a participant.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { readExportPage } from '../src/data/cohort-export';
import { resetDemoData } from '../src/data/progress';
import { refreshCheckInSummariesSql } from '../src/db/check-in-summaries';
import { getDb, openRequestDb } from '../src/db/client';
import { ARENAS } from '../src/domain/arenas';
import type { CohortReport } from '../src/domain/cohort';
import { ATTENTION_PAGE_SIZE } from '../src/domain/cohort-report';
import { addDays } from '../src/domain/time-zone';
import { WORKLIST_PAGE_SIZE } from '../src/domain/worklist';
import { QUARTER_HOUR_CRON } from '../src/jobs/scheduled';
import { readCohort } from './cohort-reference';
import { call, htmlOf, signUp } from './helpers';
import { cohortReport } from './oracles/cohort-report';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const today = () => new Date().toISOString().slice(0, 10);
/**
 * `ms` before now, but never before today's UTC midnight: a report as of yesterday counts the
 * check-ins dated today as the future (run just after midnight, the counts below would differ).
 */
const earlierToday = (ms: number) => new Date(Math.max(Date.now() - ms, Date.parse(`${today()}T00:00:00.000Z`)));
const wheel = (value: number) => JSON.stringify(Object.fromEntries(ARENAS.map((a) => [a, value])));

let admin: { cookie: string };

/** A participant in the founding cohort (test/apply-migrations.ts), as sign-up would place them. */
async function participant(id: string, name: string, verified: boolean, createdDaysAgo: number): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, name, password_hash, role, time_zone, created_at, email_verified_at) VALUES (?, ?, ?, 'x', 'user', 'UTC', ?, ?)",
    ).bind(id, `${id}@cohort.test`, name, ago(createdDaysAgo), verified ? ago(createdDaysAgo) : null),
    env.DB.prepare(
      "INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) VALUES (?, ?, 'founding', 'seated', ?, ?)",
    ).bind(`m-${id}`, id, ago(createdDaysAgo), ago(createdDaysAgo)),
  ]);
}

/** What saveCheckIn runs in its batch after each write: the user's check_in_summaries row worked out again. */
const refreshSummary = (userId: string) => env.DB.prepare(refreshCheckInSummariesSql('user_id = ?')).bind(userId);

async function checkIns(userId: string, moods: [daysAgo: number, mood: number][]): Promise<void> {
  await env.DB.batch([
    ...moods.map(([d, mood]) =>
      env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, ?)').bind(
        `${userId}-${d}`,
        userId,
        addDays(today(), -d),
        mood,
      ),
    ),
    refreshSummary(userId),
  ]);
}

/** Runs the 15-minute Cron Trigger's jobs as of `at` (src/jobs/scheduled-request.ts). */
async function runCron(at = new Date()): Promise<void> {
  const response = await call(`/__scheduled?cron=${encodeURIComponent(QUARTER_HOUR_CRON)}&time=${at.getTime()}`);
  expect(response.status).toBe(200);
}

type CohortJson = CohortReport & {
  cohort: { id: string; name: string };
  needsAttentionTotal: number;
  page: number;
  pageCount: number;
  computedAt: string;
};

async function cohortJson(query = ''): Promise<CohortJson> {
  const response = await call(`/api/admin/cohort${query}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as CohortJson;
}

const storedAt = () => env.DB.prepare("SELECT computed_at FROM cohort_reports WHERE cohort_id = 'founding'").first<string>('computed_at');
const count = async (from: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${from}`).first<number>('n'))!;
const trips = (response: Response) => Number(response.headers.get('x-d1-round-trips'));
const rowsRead = (response: Response) => Number(response.headers.get('x-d1-rows-read'));

/** The cookies a response set, carried to the next request (the session first). */
function carry(response: Response, cookie: string): string {
  return [
    cookie,
    ...response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .filter((c) => !c.endsWith('=')),
  ].join('; ');
}

/** 'Refresh now' as the page's form posts it; `fresh`: as if nobody had refreshed in the last minute. */
async function refresh(options: { cookie?: string; origin?: string | null; fresh?: boolean } = {}): Promise<Response> {
  if (options.fresh ?? true) await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'cohortRefresh:%'").run();
  return call('/admin/cohort', { cookie: options.cookie ?? admin.cookie, form: {}, origin: options.origin });
}

/** `n` participants who signed up `createdDaysAgo` days ago and did nothing since (stalled from 7 days). */
async function idleParticipants(prefix: string, n: number, createdDaysAgo: number, cohortId = 'founding'): Promise<void> {
  const ids = JSON.stringify(Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`));
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, name, password_hash, role, time_zone, created_at) SELECT value, value || '@cohort.test', 'Idle ' || value, 'x', 'user', 'UTC', ? FROM json_each(?)",
    ).bind(ago(createdDaysAgo), ids),
    env.DB.prepare(
      "INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) SELECT 'm-' || value, value, ?, 'seated', ?, ? FROM json_each(?)",
    ).bind(cohortId, ago(createdDaysAgo), ago(createdDaysAgo), ids),
  ]);
}

beforeAll(async () => {
  const a = await signUp();
  // The admin reads times in their own zone: not the server's, not the participants'.
  await env.DB.prepare("UPDATE users SET role = 'admin', time_zone = 'Asia/Tokyo' WHERE id = ?").bind(a.id).run();
  admin = a;
  // Quinn: Session 1 two days ago, quiet for 4 days. First wheel all 4s.
  await participant('quinn', 'Quiet Quinn', true, 5);
  await env.DB.prepare("INSERT INTO progress (user_id, arena_scores, session1_completed_at) VALUES ('quinn', ?, ?)")
    .bind(wheel(4), ago(2))
    .run();
  await env.DB.prepare("INSERT INTO wheel_snapshots (id, user_id, arena_scores, completed_at) VALUES ('q1', 'quinn', ?, ?)")
    .bind(wheel(4), ago(2))
    .run();
  await checkIns('quinn', [
    [6, 6],
    [5, 6],
    [4, 6],
  ]);
  // Sam: Sessions 1 and 2, a week at 8 then a week at 4, checked in today. Wheels 6 then 8.
  await participant('sam', 'Slipping Sam', true, 20);
  await env.DB.prepare(
    "INSERT INTO progress (user_id, arena_scores, session1_completed_at, blockers, session2_completed_at) VALUES ('sam', ?, ?, '[]', ?)",
  )
    .bind(wheel(8), ago(15), ago(1))
    .run();
  await env.DB.prepare(
    "INSERT INTO wheel_snapshots (id, user_id, arena_scores, completed_at) VALUES ('s1', 'sam', ?, ?), ('s2', 'sam', ?, ?)",
  )
    .bind(wheel(6), ago(15), wheel(8), ago(1))
    .run();
  await checkIns(
    'sam',
    Array.from({ length: 14 }, (_, i): [number, number] => [i, i >= 7 ? 8 : 4]),
  );
  // Sue: Session 1 ten days ago and nothing since; unverified; checked in yesterday.
  await participant('sue', 'Stalled Sue', false, 12);
  await env.DB.prepare("INSERT INTO progress (user_id, session1_completed_at) VALUES ('sue', ?)").bind(ago(10)).run();
  await checkIns('sue', [[1, 6]]);
  // Gil: a failed Stripe payment, three days of grace left.
  await participant('gil', '=HYPERLINK("https://evil.example")', true, 1);
  await env.DB.prepare(
    "INSERT INTO membership_grants (source, subject, user_id, plan, status, grace_until, origin) VALUES ('stripe', 'cus_gil', 'gil', 'premium', 'past_due', ?, 'stripe')",
  )
    .bind(ago(-3))
    .run();
  await env.DB.prepare(
    "INSERT INTO memberships (user_id, plan, status, source, grace_until) VALUES ('gil', 'premium', 'past_due', 'stripe', ?)",
  )
    .bind(ago(-3))
    .run();
});

describe('the first read of a fresh database (no report stored yet)', () => {
  it('works the report out, stores it and shows it; the next read only reads it', async () => {
    expect(await count('cohort_reports')).toBe(0);
    const html = (await htmlOf(await call('/admin/cohort', { cookie: admin.cookie }), 200)).replaceAll('<!-- -->', '');
    expect(html).toContain('Needs attention (4)');
    expect(await count('cohort_reports')).toBe(1);
    expect(await count('cohort_attention')).toBe(4);
    const again = await call('/admin/cohort', { cookie: admin.cookie });
    expect(again.status).toBe(200);
    expect(trips(again)).toBe(1);
  });
});

describe('the report the 15-minute cron stores', () => {
  it('answers the funnel, the average wheels, check-in activity and who needs attention, with reasons, as of the run', async () => {
    const at = earlierToday(60_000);
    await runCron(at);
    const body = await cohortJson();
    expect(Object.keys(body)).toEqual([
      'cohort',
      'funnel',
      'arenas',
      'checkIns',
      'gain',
      'needsAttention',
      'needsAttentionTotal',
      'page',
      'pageCount',
      'computedAt',
    ]);
    expect(body.computedAt).toBe(at.toISOString());
    expect(body.cohort).toEqual({ id: 'founding', name: 'Founding cohort' });
    expect(body.funnel).toEqual({ signedUp: 4, verified: 3, session1: 3, session2: 1, session3: 0, session4: 0 });
    expect(Object.keys(body.arenas)).toEqual([...ARENAS]);
    // First wheels 4 (Quinn) and 6 (Sam); latest 4 and 8. Sue has no wheel.
    for (const arena of ARENAS) expect(body.arenas[arena]).toEqual({ first: 5, latest: 6 });
    // Sam alone has two wheels: 6 then 8.
    expect(body.gain).toEqual({ members: 1, arenas: Object.fromEntries(ARENAS.map((a) => [a, 2])) });
    // Today: Sam. Last 7 days: Quinn, Sam, Sue. Streaks of those who ever checked in: 0, 14, 1.
    expect(body.checkIns).toEqual({ today: 1, last7Days: 3, medianStreak: 1 });
    const reasons = Object.fromEntries(body.needsAttention.map((n) => [n.userId, n.reasons]));
    expect(Object.keys(reasons).sort()).toEqual(['gil', 'quinn', 'sam', 'sue']);
    expect(reasons.quinn).toEqual([expect.stringMatching(/^No check-in for 4 days \(last on /)]);
    expect(reasons.sam).toEqual(['Mood down 4.0 points: 4.0 on average over the last 7 days, 8.0 the 7 days before']);
    expect(reasons.sue).toEqual(['On Session 2 for 10 days']);
    expect(reasons.gil).toEqual([expect.stringMatching(/^Payment failed: Stripe Premium in grace until /)]);
    expect(body.needsAttention.find((n) => n.userId === 'sam')).toMatchObject({ name: 'Slipping Sam', email: 'sam@cohort.test' });
    expect(body).toMatchObject({ needsAttentionTotal: 4, page: 1, pageCount: 1 });
  });

  it('gives the same report as working it all out from every participant and their check-ins', async () => {
    const at = new Date();
    await runCron(at);
    const { funnel, arenas, checkIns, gain, needsAttention } = await cohortJson();
    expect({ funnel, arenas, checkIns, gain, needsAttention }).toEqual(
      JSON.parse(JSON.stringify(cohortReport(await readCohort(getDb(env.DB), 'founding', at), at).report)),
    );
  });

  it('shows a renamed participant by their name now', async () => {
    await env.DB.prepare("UPDATE users SET name = 'Sue Stalled-Again' WHERE id = 'sue'").run();
    expect((await cohortJson()).needsAttention.find((n) => n.userId === 'sue')?.name).toBe('Sue Stalled-Again');
    await env.DB.prepare("UPDATE users SET name = 'Stalled Sue' WHERE id = 'sue'").run();
  });
});

describe('/admin/cohort', () => {
  it('shows the reasons with a link to each participant, the funnel, the arenas, and how old the figures are', async () => {
    const at = new Date();
    await runCron(at);
    const html = (await htmlOf(await call('/admin/cohort', { cookie: admin.cookie }), 200)).replaceAll('<!-- -->', '');
    expect(html).toContain('Needs attention (4)');
    expect(html).toContain('href="/admin/users/sue"');
    expect(html).toContain('On Session 2 for 10 days');
    expect(html).toContain('Session 2 done');
    expect(html).toContain('1 (25%)');
    expect(html).toContain('Latest wheels, on average');
    // First in the admin navigation.
    expect(html.indexOf('>Cohort<')).toBeLessThan(html.indexOf('>Users<'));
    // In the admin's zone (Tokyo), with the zone named.
    const time = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', hour: 'numeric', minute: '2-digit' }).format(at);
    expect(html).toMatch(new RegExp(`Figures as of ${time.replace(/\s/g, '\\s')} [^,]*Japan[^,]*, updated every 15 minutes\\.`));
    expect(html).toContain(
      '<form action="/admin/cohort?cohort=founding" method="post"><button type="submit" class="button button-outline">Refresh now</button></form>',
    );
    expect(html).toContain('href="/admin/cohort.csv?cohort=founding"');
    expect(html).not.toContain('have not been updated since');
  });

  it('says so when a scheduled update was missed', async () => {
    await runCron(new Date(Date.now() - 40 * 60_000));
    const html = (await htmlOf(await call('/admin/cohort', { cookie: admin.cookie }), 200)).replaceAll('<!-- -->', '');
    expect(html).toMatch(/These figures have not been updated since [^:]+:\d\d [AP]M [^:]+: the scheduled update may have stopped/);
    await runCron();
    expect(await (await call('/admin/cohort', { cookie: admin.cookie })).text()).not.toContain('have not been updated since');
  });

  it('is one D1 round trip, reading neither the check-ins nor the participants it does not list', async () => {
    await runCron();
    const before = await call('/admin/cohort', { cookie: admin.cookie });
    expect(trips(before)).toBe(1);
    // A year of Quinn's check-ins from before the window, and 300 more participants who need no attention yet.
    const old = Array.from({ length: 300 }, (_, i) => 100 + i);
    for (let i = 0; i < old.length; i += 50) {
      await env.DB.batch([
        ...old
          .slice(i, i + 50)
          .map((d) =>
            env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, 5)').bind(
              `quinn-old-${d}`,
              'quinn',
              addDays(today(), -d),
            ),
          ),
        refreshSummary('quinn'),
      ]);
    }
    await idleParticipants('newcomer', 300, 0);
    await runCron();
    const after = await call('/admin/cohort', { cookie: admin.cookie });
    expect(trips(after)).toBe(1);
    expect(rowsRead(after)).toBe(rowsRead(before));
    expect((await cohortJson()).funnel.signedUp).toBe(304);
    await env.DB.prepare("DELETE FROM users WHERE id LIKE 'newcomer-%'").run();
    await runCron();
    expect((await cohortJson()).checkIns.medianStreak).toBe(1);
  });
});

describe("'Refresh now'", () => {
  it('works the figures out again at once, and comes back to the page with a toast', async () => {
    await runCron(earlierToday(10 * 60_000));
    await idleParticipants('late', 1, 9);
    expect((await cohortJson()).needsAttentionTotal).toBe(4);
    const response = await refresh();
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin/cohort?cohort=founding');
    const body = await cohortJson();
    expect(body.needsAttentionTotal).toBe(5);
    expect(body.needsAttention.find((n) => n.userId === 'late-0000')?.reasons).toEqual(['On Session 1 for 9 days since signing up']);
    expect(Date.now() - Date.parse(body.computedAt)).toBeLessThan(60_000);
    const page = await (await call('/admin/cohort', { cookie: carry(response, admin.cookie) })).text();
    expect(page).toContain('Figures refreshed');
    await env.DB.prepare("DELETE FROM users WHERE id LIKE 'late-%'").run();
    await runCron();
  });

  it('works once a minute at most, whichever admin asks', async () => {
    expect((await refresh()).status).toBe(303);
    const first = await storedAt();
    const other = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(other.id).run();
    const again = await refresh({ cookie: other.cookie, fresh: false });
    expect(again.status).toBe(303);
    expect(await storedAt()).toBe(first);
    expect(await (await call('/admin/cohort', { cookie: carry(again, other.cookie) })).text()).toContain('Figures already fresh');
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(other.id).run();
  });

  it('is for admins only, posted from this site only', async () => {
    await runCron(new Date(Date.now() - 5 * 60_000));
    const stored = await storedAt();
    const anonymous = await refresh({ cookie: '' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toMatch(/^\/login\?next=/);
    const member = await signUp();
    const forbidden = await refresh({ cookie: member.cookie });
    expect(forbidden.status).toBe(303);
    expect(forbidden.headers.get('location')).toBe('/dashboard');
    expect((await refresh({ origin: null })).status).toBe(403);
    expect((await refresh({ origin: 'https://evil.example' })).status).toBe(403);
    expect(await storedAt()).toBe(stored);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(member.id).run();
    await runCron();
  });
});

describe('GET /api/admin/cohort', () => {
  it('is for admins only', async () => {
    expect((await call('/api/admin/cohort')).status).toBe(401);
    const member = await signUp();
    expect((await call('/api/admin/cohort', { cookie: member.cookie })).status).toBe(403);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(member.id).run();
  });

  it('lists everyone who needs attention, 100 a page; the page lists 25 a page', async () => {
    await idleParticipants('stalled', 120, 30);
    await runCron();
    const first = await cohortJson();
    expect(first).toMatchObject({ needsAttentionTotal: 124, page: 1, pageCount: 2 });
    expect(first.needsAttention).toHaveLength(ATTENTION_PAGE_SIZE);
    const second = await cohortJson('?page=2');
    expect(second).toMatchObject({ needsAttentionTotal: 124, page: 2, pageCount: 2, funnel: first.funnel });
    expect(second.needsAttention).toHaveLength(24);
    const ids = [...first.needsAttention, ...second.needsAttention].map((n) => n.userId);
    expect(new Set(ids).size).toBe(124);
    expect((await cohortJson('?page=3')).needsAttention).toEqual([]);
    expect((await cohortJson('?page=nonsense')).page).toBe(1);
    // Page 1 comes with the session (one round trip); any other page with one more.
    expect(trips(await call('/api/admin/cohort', { cookie: admin.cookie }))).toBe(1);
    expect(trips(await call('/api/admin/cohort?page=2', { cookie: admin.cookie }))).toBe(2);
    const html = (await (await call('/admin/cohort', { cookie: admin.cookie })).text()).replaceAll('<!-- -->', '');
    expect(html).toContain('Needs attention (124)');
    // The worklist (docs/product.md#the-worklist): WORKLIST_PAGE_SIZE (25) a page, the pages linked.
    expect(html.match(/<li class="worklist-row">/g)).toHaveLength(WORKLIST_PAGE_SIZE);
    expect(html).toContain('Page 1 of 5');
    const last = (await (await call('/admin/cohort?page=5', { cookie: admin.cookie })).text()).replaceAll('<!-- -->', '');
    expect(last.match(/<li class="worklist-row">/g)).toHaveLength(24);
    await env.DB.prepare("DELETE FROM users WHERE id LIKE 'stalled-%'").run();
    await runCron();
  });
});

describe('what the coach would see change at once', () => {
  it('deleting a participant takes them off the list and out of the counts at once', async () => {
    await idleParticipants('leaving', 1, 10);
    await runCron();
    expect((await cohortJson()).needsAttention.map((n) => n.userId)).toContain('leaving-0000');
    const deleted = await call('/admin/users/leaving-0000?action=delete', { cookie: admin.cookie, form: { confirm: 'delete' } });
    expect(deleted.status).toBe(303);
    const body = await cohortJson();
    expect(body.needsAttention.map((n) => n.userId)).not.toContain('leaving-0000');
    expect(body).toMatchObject({ needsAttentionTotal: 4, funnel: { signedUp: 4 } });
  });

  it('making a participant an admin takes them off, and back on when it is undone', async () => {
    await runCron();
    const made = await call('/api/admin/change-role', { cookie: admin.cookie, json: { userId: 'sue', role: 'admin', confirm: 'admin' } });
    expect(made.status).toBe(200);
    expect((await cohortJson()).needsAttention.map((n) => n.userId)).not.toContain('sue');
    expect((await cohortJson()).funnel.signedUp).toBe(3);
    await call('/api/admin/change-role', { cookie: admin.cookie, json: { userId: 'sue', role: 'user', confirm: 'user' } });
    expect((await cohortJson()).needsAttention.map((n) => n.userId)).toContain('sue');
  });

  it('a participant deleted any other way leaves no row behind in the list', async () => {
    await idleParticipants('vanishing', 1, 10);
    await runCron();
    expect(await count("cohort_attention WHERE user_id = 'vanishing-0000'")).toBe(1);
    await env.DB.prepare("DELETE FROM users WHERE id = 'vanishing-0000'").run();
    expect(await count("cohort_attention WHERE user_id = 'vanishing-0000'")).toBe(0);
    expect((await cohortJson()).needsAttention.map((n) => n.userId)).not.toContain('vanishing-0000');
    await runCron();
  });
});

describe('GET /admin/cohort.csv', () => {
  it('has one row per participant, and no cell a spreadsheet would run as a formula', async () => {
    const response = await call('/admin/cohort.csv', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="life7-cohort-founding-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    // Every text cell quoted (so a spreadsheet splitting on ';' still sees one cell), numbers as they are.
    expect(lines[0]).toBe('"Name","Email","Plan","Sessions done","Last check-in","Current streak","Latest wheel total"');
    expect(lines).toHaveLength(5);
    expect(lines).toContain(`"Slipping Sam","sam@cohort.test","No Plan",2,"${today()}",14,"56.0"`);
    expect(lines.find((l) => l.includes('gil@cohort.test'))).toBe(
      `"'=HYPERLINK(""https://evil.example"")","gil@cohort.test","Premium",0,"",0,""`,
    );
    for (const line of lines.slice(1)) expect(line).not.toMatch(/^"?[=+\-@\t\r]/);
  });

  it('is for admins only', async () => {
    expect((await call('/admin/cohort.csv')).status).toBe(303);
    const member = await signUp();
    expect((await call('/admin/cohort.csv', { cookie: member.cookie })).headers.get('location')).toBe('/dashboard');
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(member.id).run();
  });

  it('is read a page of participants at a time, from the check-in summaries: no check-in is read', async () => {
    const pages = async (size: number) => {
      const handle = openRequestDb(env.DB, { countRoundTrips: true });
      const emails: string[] = [];
      let after: number | null = 0;
      while (after !== null) {
        const page = await readExportPage(handle.db, 'founding', after, size);
        emails.push(...page.rows.map((r) => r.email));
        after = page.lastRowId;
      }
      return { emails, rows: handle.rowsRead()!, trips: handle.roundTrips()! };
    };
    const whole = await pages(1000);
    const inTwos = await pages(2);
    expect(inTwos.emails).toEqual(whole.emails);
    expect(whole.emails).toHaveLength(4);
    expect(inTwos.trips).toBe(3);
    // Sam alone has 14 check-ins and Quinn 303: none of them is read.
    expect(whole.rows).toBeLessThan(40);
  });
});

describe('check_in_summaries, what the cohort view reads instead of the check-ins', () => {
  const summaryOf = (userId: string) =>
    env.DB.prepare('SELECT last_day, run, mood_drop_mask FROM check_in_summaries WHERE user_id = ?').bind(userId).first();

  it('keeps each participant’s newest day, run and mood mask', async () => {
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
      Array.from({ length: 7 }, (_, i) =>
        env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, 9)').bind(
          `${member.id}-${i}`,
          member.id,
          addDays(day, -(i + 7)),
        ),
      ),
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
