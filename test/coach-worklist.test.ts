// The coach's worklist, private notes, the timeline and ending an admin grant (decision 40,
// docs/product.md#the-worklist): who leaves the list and when they come back, notes that never
// reach the participant, the JSON API's answers to bad input, and the timeline that tells it all.
// This file's database holds only what it makes (test/apply-migrations.ts).
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { readWorklist } from '../src/data/worklist';
import { refreshCheckInSummariesSql } from '../src/db/check-in-summaries';
import { getDb } from '../src/db/client';
import { attentionInWords, type StoredAttention } from '../src/domain/cohort-report';
import { addDays } from '../src/domain/time-zone';
import { QUARTER_HOUR_CRON } from '../src/jobs/scheduled';
import { call, htmlOf, signUp } from './helpers';
import { checkout, meMembership, sendStripe, verifiedSignUp } from './webhook-helpers';

const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const today = () => new Date().toISOString().slice(0, 10);

let admin: { cookie: string; email: string; id: string };
let otherAdmin: { cookie: string; email: string; id: string };

async function makeAdmin() {
  const a = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(a.id).run();
  return a;
}

/** A participant of the founding cohort who signed up `createdDaysAgo` days ago and never began: stalled after 7 days. */
async function participant(id: string, createdDaysAgo: number): Promise<void> {
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO users (id, email, name, password_hash, role, time_zone, created_at) VALUES (?, ?, ?, 'x', 'user', 'UTC', ?)",
    ).bind(id, `${id}@cohort.test`, `Person ${id}`, ago(createdDaysAgo)),
    env.DB.prepare(
      "INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) VALUES (?, ?, 'founding', 'seated', ?, ?)",
    ).bind(`m-${id}`, id, ago(createdDaysAgo), ago(createdDaysAgo)),
  ]);
}

async function checkIn(userId: string, daysAgo: number, mood = 6): Promise<void> {
  await env.DB.batch([
    env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, ?)').bind(
      `${userId}-${daysAgo}`,
      userId,
      addDays(today(), -daysAgo),
      mood,
    ),
    env.DB.prepare(refreshCheckInSummariesSql('user_id = ?')).bind(userId),
  ]);
}

async function runCron(at = new Date()): Promise<void> {
  expect((await call(`/__scheduled?cron=${encodeURIComponent(QUARTER_HOUR_CRON)}&time=${at.getTime()}`)).status).toBe(200);
}

const desk = async (query = '') =>
  (await htmlOf(await call(`/admin/cohort?cohort=founding${query}`, { cookie: admin.cookie }), 200)).replaceAll('<!-- -->', '');
const onList = (html: string, id: string) => html.includes(`name="userId" value="${id}"`);

async function postDesk(form: Record<string, string>) {
  const response = await call('/admin/cohort?cohort=founding&action=attention', { cookie: admin.cookie, form });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/admin/cohort?cohort=founding#worklist');
  return response;
}

async function timeline(userId: string, query = '') {
  const response = await call(`/api/admin/users/${userId}/timeline${query}`, { cookie: admin.cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { entries: { at: string; kind: string; text: string }[]; page: number; pageCount: number };
}

beforeAll(async () => {
  admin = await makeAdmin();
  otherAdmin = await makeAdmin();
  await participant('sam', 12);
  await participant('sue', 20);
  await participant('quinn', 12);
  await checkIn('quinn', 6);
  await runCron();
});

describe('the worklist (decision 40)', () => {
  it('lists the most urgent first, with counts per reason, and filters by one', async () => {
    const html = await desk();
    // Quinn is quiet (longest silence first); then the longest stall: Sue, then Sam.
    const order = ['quinn', 'sue', 'sam'].map((id) => html.indexOf(`name="userId" value="${id}"`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toMatch(/Everyone<\/span> <strong>3<\/strong>/);
    expect(html).toMatch(/Quiet<\/span> <strong>1<\/strong>/);
    expect(html).toMatch(/Stalled<\/span> <strong>3<\/strong>/);
    const quiet = await desk('&reason=quiet');
    expect(onList(quiet, 'quinn')).toBe(true);
    expect(onList(quiet, 'sam')).toBe(false);
    // Each row offers a nudge about its most urgent reason: Quinn's silence, Sam's stall.
    expect(html).toContain('href="/admin/users/quinn/nudge?reason=quiet"');
    expect(html).toContain('href="/admin/users/sam/nudge?reason=stall"');
  });

  it('a snoozed person leaves the list, and comes back when the snooze ends', async () => {
    await postDesk({ userId: 'sam', state: 'snoozed', days: '7' });
    let html = await desk();
    expect(onList(html, 'sam')).toBe(false);
    expect(html).toContain('1 handled');
    // The 15-minute run keeps them off while nothing new appears.
    await runCron();
    expect(onList(await desk(), 'sam')).toBe(false);
    const until = await env.DB.prepare("SELECT until FROM attention_states WHERE user_id = 'sam'").first<string>('until');
    expect(Date.parse(until!) - Date.now()).toBeGreaterThan(6.9 * DAY);
    await env.DB.prepare("UPDATE attention_states SET until = ? WHERE user_id = 'sam'").bind(ago(0.001)).run();
    html = await desk();
    expect(onList(html, 'sam')).toBe(true);
    expect(html).toContain('Snooze ended');
    await postDesk({ userId: 'sam', state: 'open' });
  });

  it('a person marked contacted leaves the list, and comes back when a new reason appears', async () => {
    await postDesk({ userId: 'sue', state: 'contacted', note: 'Called her: travelling this week.' });
    expect(onList(await desk(), 'sue')).toBe(false);
    const notes = (await (await call('/api/admin/users/sue/notes', { cookie: admin.cookie })).json()) as {
      notes: { text: string; author: string }[];
    };
    expect(notes.notes.map((n) => n.text)).toEqual(['Called her: travelling this week.']);
    // A check-in five days ago: Sue is now quiet too, a reason the state was not set against.
    await checkIn('sue', 5);
    await runCron();
    const html = await desk();
    expect(onList(html, 'sue')).toBe(true);
    expect(html).toContain('New reason');
  });

  it('a snooze set through the API also leaves the list, and is refused without its days', async () => {
    const ok = await call('/api/admin/users/quinn/attention', { cookie: admin.cookie, json: { state: 'snoozed', days: 14 } });
    expect(ok.status).toBe(200);
    expect(onList(await desk(), 'quinn')).toBe(false);
    // A reason that goes away (Quinn checks in today) and comes back (four quiet days later) is new again.
    await checkIn('quinn', 0);
    await runCron();
    expect(await env.DB.prepare("SELECT reasons FROM attention_states WHERE user_id = 'quinn'").first<number>('reasons')).toBe(4);
    expect(onList(await desk(), 'quinn')).toBe(false);
    await runCron(new Date(Date.now() + 4 * DAY));
    expect(onList(await desk(), 'quinn')).toBe(true);
    await runCron();
  });

  it("the participant's page shows their reasons and state", async () => {
    await postDesk({ userId: 'sam', state: 'snoozed', days: '3' });
    const html = (await htmlOf(await call('/admin/users/sam', { cookie: admin.cookie }), 200)).replaceAll('<!-- -->', '');
    expect(html).toContain('On Session 1 for 12 days since signing up');
    expect(html).toContain(`Snoozed by ${admin.email} until`);
    // Back on the list, from the participant's page, as a plain form.
    const back = await call('/admin/users/sam?action=attention', { cookie: admin.cookie, form: { state: 'open' } });
    expect(back.status).toBe(303);
    expect(onList(await desk(), 'sam')).toBe(true);
  });

  it("counts and orders from the stored report as a live count and sort of the cohort's rows and states would", async () => {
    // Quiet, mood falling (a good week, then a bad one), stalled, and some of each handled.
    for (const [id, days] of [
      ['w1', 9],
      ['w2', 15],
      ['w3', 30],
      ['w4', 21],
      ['w5', 10],
    ] as const)
      await participant(id, days);
    await checkIn('w1', 5);
    for (let d = 13; d >= 0; d--) await checkIn('w2', d, d >= 7 ? 9 : 2);
    for (let d = 13; d >= 0; d--) await checkIn('w4', d, d >= 7 ? 8 : 4);
    await runCron();
    // The report wrote every row's reasons in words, the same a read would write from the row.
    const { results: stored } = await env.DB.prepare(
      `SELECT user_id AS userId, '' AS email, NULL AS name, today, time_zone AS timeZone, created_at AS createdAt, session1_completed_at AS s1,
        session2_completed_at AS s2, session3_completed_at AS s3, session4_completed_at AS s4, last_day AS lastDay, moods, grace, words
      FROM cohort_attention WHERE cohort_id = 'founding'`,
    ).all<Omit<StoredAttention, 'completedAt'> & { s1: string | null; s2: string | null; s3: string | null; s4: string | null }>();
    expect(stored.length).toBeGreaterThan(4);
    for (const { s1, s2, s3, s4, words, ...row } of stored)
      expect(JSON.parse(words!)).toEqual(attentionInWords({ ...row, completedAt: [s1, s2, s3, s4] }).reasons);
    await call('/api/admin/users/w2/attention', { cookie: admin.cookie, json: { state: 'snoozed', days: 3 } });
    await call('/api/admin/users/w3/attention', { cookie: admin.cookie, json: { state: 'contacted' } });
    const now = new Date();
    const shown = `(s.user_id IS NULL OR (a.reasons & ~s.reasons) != 0 OR (s.state = 'snoozed' AND (s.until IS NULL OR s.until <= ?1)))`;
    const live = await env.DB.prepare(
      `SELECT sum(CASE WHEN ${shown} THEN 1 ELSE 0 END) AS open,
        sum(CASE WHEN ${shown} AND (a.reasons & 1) != 0 THEN 1 ELSE 0 END) AS quiet, sum(CASE WHEN ${shown} AND (a.reasons & 2) != 0 THEN 1 ELSE 0 END) AS mood,
        sum(CASE WHEN ${shown} AND (a.reasons & 4) != 0 THEN 1 ELSE 0 END) AS stall, sum(CASE WHEN ${shown} AND (a.reasons & 8) != 0 THEN 1 ELSE 0 END) AS grace,
        sum(CASE WHEN ${shown} THEN 0 ELSE 1 END) AS handled
      FROM cohort_attention a JOIN users u ON u.id = a.user_id AND u.role = 'user' LEFT JOIN attention_states s ON s.user_id = a.user_id WHERE a.cohort_id = 'founding'`,
    )
      .bind(now.toISOString())
      .first();
    const { counts } = await readWorklist(getDb(env.DB), 'founding', now, 0, 0);
    expect(counts).toEqual(live);
    expect(counts.handled).toBeGreaterThan(0);
    expect(counts.mood).toBeGreaterThan(0);
    for (const bit of [0, 1, 2, 4, 8]) {
      const { results } = await env.DB.prepare(
        `SELECT a.user_id AS userId FROM cohort_attention a JOIN users u ON u.id = a.user_id AND u.role = 'user' LEFT JOIN attention_states s ON s.user_id = a.user_id
        WHERE a.cohort_id = 'founding' AND (a.reasons & ?2) = ?2 AND ${shown}
        ORDER BY CASE ?2 WHEN 2 THEN -a.mood_drop WHEN 4 THEN julianday(a.stall_since) WHEN 8 THEN julianday(a.grace_until) ELSE 0 END, a.position`,
      )
        .bind(now.toISOString(), bit)
        .all<{ userId: string }>();
      const { rows } = await readWorklist(getDb(env.DB), 'founding', now, bit, 0);
      expect(rows.map((r) => r.userId)).toEqual(results.map((r) => r.userId));
    }
  });
});

describe('the JSON API', () => {
  it('is for admins only, and its writes for this site only', async () => {
    const member = await signUp();
    for (const [path, json] of [
      ['/api/admin/users/sam/notes', { text: 'x' }],
      ['/api/admin/users/sam/attention', { state: 'open' }],
    ] as const) {
      expect((await call(path, { json })).status).toBe(401);
      expect((await call(path, { json, cookie: member.cookie })).status).toBe(403);
      expect((await call(path, { json, cookie: admin.cookie, origin: 'https://evil.example' })).status).toBe(403);
    }
    expect((await call('/api/admin/users/sam/timeline', { cookie: member.cookie })).status).toBe(403);
    expect((await call('/api/admin/users/sam/notes', { cookie: member.cookie })).status).toBe(403);
    expect((await call('/api/admin/notes/x', { method: 'DELETE', cookie: member.cookie })).status).toBe(403);
  });

  it('answers 400 with field messages for bad input, and 404 for an unknown participant', async () => {
    const bad = async (path: string, json: unknown, field: string) => {
      const response = await call(path, { cookie: admin.cookie, json });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; fieldErrors: Record<string, string[]> };
      expect(body.fieldErrors[field]?.[0]).toBeTruthy();
      return body;
    };
    expect((await bad('/api/admin/users/sam/notes', {}, 'text')).message).toBe('Write the note');
    await bad('/api/admin/users/sam/notes', { text: '   ' }, 'text');
    expect((await bad('/api/admin/users/sam/notes', { text: 'x'.repeat(2001) }, 'text')).message).toBe('A note is at most 2000 characters');
    await bad('/api/admin/users/sam/notes', { text: 42 }, 'text');
    await bad('/api/admin/users/sam/attention', { state: 'snoozed' }, 'days');
    await bad('/api/admin/users/sam/attention', { state: 'snoozed', days: 5 }, 'days');
    await bad('/api/admin/users/sam/attention', { state: 'contacted', days: 3 }, 'days');
    await bad('/api/admin/users/sam/attention', { state: 'forgotten' }, 'state');
    await bad('/api/admin/users/sam/attention', { state: 'contacted', note: 'y'.repeat(2001) }, 'note');
    await bad('/api/admin/grant-membership', { userId: 'sam', plan: 'gold' }, 'plan');
    for (const query of ['?page=0', '?page=abc', '?page=101', '?kind=gossip']) {
      expect((await call(`/api/admin/users/sam/timeline${query}`, { cookie: admin.cookie })).status).toBe(400);
    }
    const raw = await call('/api/admin/users/sam/notes', {
      cookie: admin.cookie,
      raw: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect((await call('/api/admin/users/nobody/notes', { cookie: admin.cookie, json: { text: 'hi' } })).status).toBe(404);
    expect((await call('/api/admin/users/nobody/attention', { cookie: admin.cookie, json: { state: 'open' } })).status).toBe(404);
    expect((await call('/api/admin/users/nobody/timeline', { cookie: admin.cookie })).status).toBe(404);
    expect((await call('/api/admin/users/nobody/notes', { cookie: admin.cookie })).status).toBe(404);
  });

  it('writes a note (201), lists it, and lets only its author delete it, each in the audit trail', async () => {
    const created = await call('/api/admin/users/sam/notes', { cookie: admin.cookie, json: { text: '  Prefers mornings.  ' } });
    expect(created.status).toBe(201);
    const { note } = (await created.json()) as { note: { id: string; text: string; author: string; at: string } };
    expect(note).toMatchObject({ text: 'Prefers mornings.', author: admin.email });
    expect(Object.keys(note).sort()).toEqual(['at', 'author', 'id', 'text']);
    const list = (await (await call('/api/admin/users/sam/notes', { cookie: admin.cookie })).json()) as { notes: { id: string }[] };
    expect(list.notes[0]!.id).toBe(note.id);
    expect((await call(`/api/admin/notes/${note.id}`, { method: 'DELETE', cookie: otherAdmin.cookie })).status).toBe(403);
    expect((await call(`/api/admin/notes/${note.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    expect((await call(`/api/admin/notes/${note.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
    const trail = (await (await call('/api/admin/users/sam/audit', { cookie: admin.cookie })).json()) as {
      entries: { action: string; to: string | null }[];
    };
    expect(trail.entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['Note written', 'Note deleted', 'Snoozed', 'Back on the worklist']),
    );
    expect(JSON.stringify(trail)).not.toContain('Prefers mornings');
  });
});

describe('private notes never reach the participant', () => {
  it("are on none of the participant's pages, their export, nor their mail", async () => {
    const member = await signUp();
    const secret = `private-note-${crypto.randomUUID()}`;
    expect((await call(`/api/admin/users/${member.id}/notes`, { cookie: admin.cookie, json: { text: secret } })).status).toBe(201);
    const contacted = await call(`/admin/users/${member.id}?action=attention`, {
      cookie: admin.cookie,
      form: { state: 'contacted', note: `${secret}-2` },
    });
    expect(contacted.status).toBe(303);
    // The admin sees both.
    const adminPage = await htmlOf(await call(`/admin/users/${member.id}`, { cookie: admin.cookie }), 200);
    expect(adminPage).toContain(secret);
    expect(adminPage).toContain(`${secret}-2`);
    // A password reset mail, so their mailbox is not empty.
    await call('/api/auth/forgot-password', { json: { email: member.email } });
    for (const path of [
      '/dashboard',
      '/sessions',
      '/check-ins',
      '/summary',
      '/settings',
      '/replays',
      '/api/progress/export',
      '/api/account',
      '/api/progress',
      '/api/check-ins',
    ]) {
      const response = await call(path, { cookie: member.cookie });
      expect(response.status, path).toBeLessThan(500);
      expect(await response.text(), path).not.toContain('private-note-');
    }
    const mail = await call('/dev/mail.json', { vars: { ENVIRONMENT: 'development' } });
    expect(await mail.text()).not.toContain('private-note-');
  });
});

describe("'Change plan' to no plan", () => {
  it('ends the admin grant (typed revoke) and keeps a paid one, on the timeline', async () => {
    const member = await verifiedSignUp();
    // Without the word, nothing changes.
    const wrong = await call(`/admin/users/${member.id}?action=plan`, {
      cookie: admin.cookie,
      form: { plan: 'none', confirm: 'downgrade' },
    });
    expect(wrong.status).toBe(303);
    expect(
      await env.DB.prepare("SELECT status FROM membership_grants WHERE source = 'admin' AND subject = ?")
        .bind(member.id)
        .first<string>('status'),
    ).toBe('active');
    const done = await call(`/admin/users/${member.id}?action=plan`, { cookie: admin.cookie, form: { plan: 'none', confirm: 'revoke' } });
    expect(done.status).toBe(303);
    // Their membership reads as the ended grant: no access from it.
    expect(await meMembership(member.cookie)).toMatchObject({ status: 'cancelled' });
    // Nothing left to end: 409.
    const again = await call('/api/admin/grant-membership', {
      cookie: admin.cookie,
      json: { userId: member.id, plan: 'none', confirm: 'revoke' },
    });
    expect(again.status).toBe(409);
    // A Stripe grant stays through 'No plan'.
    await sendStripe(checkout(member.email, { client_reference_id: member.id, metadata: { plan: 'premium' } }));
    await call('/api/admin/grant-membership', {
      cookie: admin.cookie,
      json: { userId: member.id, plan: 'mastermind', confirm: 'upgrade' },
    });
    const ended = await call('/api/admin/grant-membership', {
      cookie: admin.cookie,
      json: { userId: member.id, plan: 'none', confirm: 'revoke' },
    });
    expect(ended.status).toBe(200);
    expect(((await ended.json()) as { membership: { plan: string; status: string } }).membership).toMatchObject({
      plan: 'premium',
      status: 'active',
    });
    const page = await htmlOf(await call(`/admin/users/${member.id}`, { cookie: admin.cookie }), 200);
    expect(page).toContain('Stripe');
    const plans = await timeline(member.id, '?kind=plan');
    expect(plans.entries.map((e) => e.text.split(':')[0])).toEqual([
      'Admin plan ended',
      'Admin plan changed',
      'Stripe grant changed',
      'Admin plan ended',
    ]);
  });
});

describe('the timeline', () => {
  it('tells everything newest first, a page at a time, filterable by kind', async () => {
    const all = await timeline('sue');
    const kinds = new Set(all.entries.map((e) => e.kind));
    for (const kind of ['check-in', 'cohort', 'note', 'attention']) expect(kinds).toContain(kind);
    const times = all.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.entries.find((e) => e.kind === 'note')?.text).toBe(`Note by ${admin.email}: Called her: travelling this week.`);
    expect(all.entries.find((e) => e.kind === 'attention')?.text).toMatch(/^Marked contacted: Contacted \(with a note\) \(by /);
    expect((await timeline('sue', '?kind=check-in')).entries.map((e) => e.text)).toEqual(['Checked in, mood 6/10']);
    // 45 check-ins: three pages of 20.
    await env.DB.batch(
      Array.from({ length: 45 }, (_, i) =>
        env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood, created_at) VALUES (?, ?, ?, 5, ?)').bind(
          `sam-tl-${i}`,
          'sam',
          addDays(today(), -(i + 30)),
          ago(i + 30),
        ),
      ),
    );
    const first = await timeline('sam', '?kind=check-in');
    expect(first).toMatchObject({ page: 1, pageCount: 3 });
    expect(first.entries).toHaveLength(20);
    const third = await timeline('sam', '?kind=check-in&page=3');
    expect(third.entries).toHaveLength(5);
    expect(third.entries.at(-1)!.at).toBe(
      await env.DB.prepare("SELECT min(created_at) AS at FROM check_ins WHERE user_id = 'sam'").first<string>('at'),
    );
    // The page shows it, in the admin's zone with the zone named.
    const html = (await htmlOf(await call('/admin/users/sam?kind=check-in&page=2', { cookie: admin.cookie }), 200)).replaceAll(
      '<!-- -->',
      '',
    );
    expect(html).toContain('Page 2 of 3');
    expect(html).toMatch(/\d{4}, \d{1,2}:\d\d [AP]M [A-Z]/);
  });
});

describe('the admin pages read cleanly', () => {
  it('Back after deleting a user says the user was deleted, on the users list', async () => {
    const member = await signUp();
    expect(
      (await call('/api/admin/delete-user', { method: 'DELETE', cookie: admin.cookie, json: { userId: member.id, confirm: 'delete' } }))
        .status,
    ).toBe(200);
    const back = await call(`/admin/users/${member.id}`, { cookie: admin.cookie });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/admin/users');
    const list = await call('/admin/users', {
      cookie: `${admin.cookie}; ${back.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ')}`,
    });
    expect(await list.text()).toContain('That user was deleted: here is the users list.');
  });
});
