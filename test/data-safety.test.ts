// Data safety (docs/product.md#data-safety): a deleted user leaves no row behind, and the
// migrations build the schema the code expects from an empty database. (Writes that must land
// together are batches, never db.transaction(), which D1 refuses: every write path below and in
// the other files would fail if one used it.)
import { applyD1Migrations, createScheduledController, env } from 'cloudflare:test';
import { is } from 'drizzle-orm';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { computeCohortReport } from '../src/data/cohort';
import { getDb } from '../src/db/client';
import * as schema from '../src/db/schema';
import * as accountSchema from '../src/db/schema-account';
import * as coachSchema from '../src/db/schema-coach';
import * as cohortReportSchema from '../src/db/schema-cohort-reports';
import * as cohortSchema from '../src/db/schema-cohorts';
import * as outreachSchema from '../src/db/schema-outreach';
import * as practiceSchema from '../src/db/schema-practice';
import * as reminderSchema from '../src/db/schema-reminders';
import * as secondFactorSchema from '../src/db/schema-second-factor';
import worker from '../src/index';
import { QUARTER_HOUR_CRON } from '../src/jobs/scheduled';
import { call, latestMailTo, signUp } from './helpers';
import { session1 } from './oracles/session-fixtures';

/** Rows kept on purpose after a user is deleted: the payment log, payments waiting for an address and the audit trail (docs/product.md#data-safety). */
const KEPT_BY_DESIGN = new Set(['webhook_events', 'pending_memberships', 'audit_entries']);

async function tables(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' ORDER BY name",
    )
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

async function columns(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY name').bind(table).all<{ name: string }>();
  return results.map((r) => r.name);
}

/** How many rows of each table name the user: by user_id, by address, or in a throttle key. */
async function rowsOf(user: { id: string; email: string }): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tables(env.DB)) {
    if (KEPT_BY_DESIGN.has(table)) continue;
    const cols = await columns(env.DB, table);
    const conditions: string[] = [];
    const params: string[] = [];
    if (table === 'users') {
      conditions.push('id = ?');
      params.push(user.id);
    }
    for (const col of ['user_id']) {
      if (!cols.includes(col)) continue;
      conditions.push(`"${col}" = ?`);
      params.push(user.id);
    }
    for (const col of ['email', 'to']) {
      if (!cols.includes(col)) continue;
      conditions.push(`"${col}" = ?`);
      params.push(user.email);
    }
    if (table === 'rate_limits') {
      conditions.push("key LIKE '%:' || ? OR key LIKE '%:' || ?");
      params.push(user.email, user.id);
    }
    if (conditions.length === 0) continue;
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${conditions.join(' OR ')}`)
      .bind(...params)
      .first<{ n: number }>();
    counts[table] = row!.n;
  }
  return counts;
}

describe('deleting a user', () => {
  it('removes every row of theirs from every table', async () => {
    const admin = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
    const member = await signUp();
    const { cookie } = member;
    // A row in every table a user can reach: a reminder (sent by the cron, before any check-in)
    // and the calendar feed address first.
    await call('/api/reminders', { cookie, json: { checkIn: { enabled: true, localTime: '20:00' }, webinars: { enabled: true } } });
    await call('/api/calendar-feed/reset', { cookie, json: {} });
    const dueAt = await env.DB.prepare('SELECT check_in_due_at AS dueAt FROM reminder_settings WHERE user_id = ?')
      .bind(member.id)
      .first<string>('dueAt');
    await worker.scheduled(createScheduledController({ cron: QUARTER_HOUR_CRON, scheduledTime: new Date(dueAt!) }), env);
    await latestMailTo(member.email, 400, 'check-in?t=');
    await call('/api/progress', { cookie, json: session1() });
    await call('/api/check-ins', { cookie, json: { mood: 6 } });
    // A daily action's answer on it (decision 38; through the API it needs Session 3, test/daily-practice.test.ts).
    await env.DB.prepare(
      "INSERT INTO check_in_actions (user_id, date, accelerator, daily_action, done) SELECT user_id, date, 'Focus', 'No phone', 1 FROM check_ins WHERE user_id = ?",
    )
      .bind(member.id)
      .run();
    await call('/api/auth/forgot-password', { json: { email: member.email } });
    await latestMailTo(member.email, 400, 'reset-password');
    await call('/api/auth/login', { json: { email: member.email, password: 'wrong-password' } });
    await call('/api/auth/change-password', { cookie, json: { currentPassword: 'wrong-password', newPassword: 'another-one-here' } });
    await call('/check-ins', { cookie, form: { mood: '99' } });
    // An email change waiting for its link (decision 42): its row and the old address's report link.
    await call('/api/account/email', { cookie, json: { email: `moved-${member.email}`, password: member.password } });
    // An admin's second factor (decision 43), its secret and recovery codes: the member is an admin
    // for it, and a participant again for the cohort report.
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(member.id).run();
    const { secret } = (await (await call('/api/account/second-factor/setup', { cookie, json: {} })).json()) as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await call('/api/account/second-factor/enable', { cookie, json: { code } })).status).toBe(200);
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(member.id).run();
    // The cohort report as of 8 days on, when the member is stalled on Session 2: a needs-attention row.
    await computeCohortReport(getDb(env.DB), 'founding', new Date(Date.now() + 8 * 24 * 3600 * 1000));
    // A coach's nudge, an announcement to their cohort, then coach mail turned off (decision 40).
    expect((await call(`/api/admin/users/${member.id}/nudge`, { cookie: admin.cookie, json: {} })).status).toBe(202);
    const announced = await call('/api/admin/announcements', {
      cookie: admin.cookie,
      json: { cohortId: 'founding', subject: 'Hi', body: 'Hello' },
    });
    expect(announced.status).toBe(201);
    await call('/api/coach-mail', { cookie, json: { enabled: false } });
    // A coach's private note and worklist state (decision 40).
    expect((await call(`/api/admin/users/${member.id}/notes`, { cookie: admin.cookie, json: { text: 'A private note' } })).status).toBe(
      201,
    );
    expect(
      (await call(`/api/admin/users/${member.id}/attention`, { cookie: admin.cookie, json: { state: 'snoozed', days: 3 } })).status,
    ).toBe(200);
    const before = await rowsOf(member);
    const untouched = Object.entries(before)
      .filter(([, n]) => n === 0)
      .map(([table]) => table);
    expect(untouched, 'tables the test put no row of the user in').toEqual(['webinars'].filter((t) => t in before));

    const response = await call('/api/admin/delete-user', {
      method: 'DELETE',
      cookie: admin.cookie,
      json: { userId: member.id, confirm: 'delete' },
    });
    expect(response.status).toBe(200);
    const after = await rowsOf(member);
    expect(
      Object.values(after).every((n) => n === 0),
      JSON.stringify(after),
    ).toBe(true);
    // The admin's own rows are untouched.
    expect((await rowsOf(admin)).users).toBe(1);
  });
});

describe('migrations', () => {
  it('build, from an empty database, every table and column the schema declares', async () => {
    const db = env.MIGRATION_CHECK_DB;
    expect(await tables(db)).toEqual([]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const drizzleTables = (
      [
        ...Object.values(schema),
        ...Object.values(reminderSchema),
        ...Object.values(cohortReportSchema),
        ...Object.values(cohortSchema),
        ...Object.values(secondFactorSchema),
        ...Object.values(accountSchema),
        ...Object.values(outreachSchema),
        ...Object.values(practiceSchema),
        ...Object.values(coachSchema),
      ] as unknown[]
    ).filter((value) => is(value, SQLiteTable)) as SQLiteTable[];
    const declared = drizzleTables.map((table) => getTableConfig(table));
    expect(await tables(db)).toEqual(declared.map((t) => t.name).sort());
    for (const table of declared) {
      expect(await columns(db, table.name), table.name).toEqual(table.columns.map((c) => c.name).sort());
    }
    // Applying again changes nothing.
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    expect((await tables(db)).length).toBe(declared.length);
  });

  // Migration 0018 adds two nullable columns and fills one in from the payment log: its data move,
  // run on a database holding grants and logged events, changes nothing but what it is for.
  it('0018 gives each Stripe grant the subscription its logged events last showed live, and changes nothing else', async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0018_'));
    const moves = migration!.queries.filter((q) => !/^\s*ALTER TABLE/im.test(q));
    expect(moves).toHaveLength(1);
    const tag = crypto.randomUUID().slice(0, 8);
    const cus = (name: string) => `cus_${tag}_${name}`;
    const grant = (source: string, subject: string, subscriptionId: string | null = null) =>
      env.DB.prepare(
        "INSERT INTO membership_grants (source, subject, plan, status, origin, external_id, plan_at, status_at, version, subscription_id) VALUES (?, ?, 'premium', 'active', ?, ?, 5, 6, 3, ?)",
      ).bind(source, subject, source, subject, subscriptionId);
    let n = 0;
    const logged = (type: string, status: string, object: Record<string, unknown> | string, created = 0) =>
      env.DB.prepare('INSERT INTO webhook_events (id, source, external_id, event_type, status, payload) VALUES (?, ?, ?, ?, ?, ?)').bind(
        crypto.randomUUID(),
        'stripe',
        `evt_${tag}_${++n}`,
        type,
        status,
        typeof object === 'string' ? object : JSON.stringify({ id: `evt_${tag}_${n}`, type, created, data: { object } }),
      );
    const sub = (customer: string, id: string, status: string, created: number) => ({ id, customer, status, created });
    await env.DB.batch([
      // Two subscriptions: the newer live one wins, whatever was logged after it.
      grant('stripe', cus('two')),
      logged('checkout.session.completed', 'success', { customer: cus('two'), subscription: 'sub_old', payment_status: 'paid' }, 110),
      logged('customer.subscription.created', 'success', sub(cus('two'), 'sub_old', 'active', 100), 100),
      logged('customer.subscription.created', 'ignored', sub(cus('two'), 'sub_new', 'trialing', 200), 200),
      logged('customer.subscription.deleted', 'success', sub(cus('two'), 'sub_old', 'canceled', 100), 300),
      logged('customer.subscription.updated', 'success', sub(cus('two'), 'sub_old', 'active', 100), 400),
      // An unpaid checkout, or one needing review, shows nothing live; a paid one (expanded) does.
      grant('stripe', cus('checkout')),
      logged('checkout.session.completed', 'ignored', { customer: cus('checkout'), subscription: 'sub_x', payment_status: 'unpaid' }, 900),
      logged('checkout.session.completed', 'needs review', { customer: cus('checkout'), subscription: 'sub_y' }, 950),
      logged('checkout.session.async_payment_succeeded', 'success', { customer: cus('checkout'), subscription: { id: 'sub_z' } }, 500),
      // Nothing live in the log (a past-due update, an error, a body that is not JSON): it stays NULL.
      grant('stripe', cus('none')),
      logged('customer.subscription.updated', 'success', sub(cus('none'), 'sub_p', 'past_due', 100), 100),
      logged('customer.subscription.updated', 'error', sub(cus('none'), 'sub_q', 'active', 100), 100),
      logged('customer.subscription.created', 'success', `{"data":{"object":{"customer":"${cus('none')}"`),
      // A grant that follows one already, and grants of other sources, are left alone.
      grant('stripe', cus('kept'), 'sub_kept'),
      logged('customer.subscription.created', 'success', sub(cus('kept'), 'sub_other', 'active', 999), 999),
      grant('patreon', `mem_${tag}`),
      grant('admin', `user_${tag}`),
    ]);
    const rows = () =>
      env.DB.prepare('SELECT * FROM membership_grants WHERE subject LIKE ? ORDER BY source, subject')
        .bind(`%${tag}%`)
        .all<Record<string, unknown>>()
        .then((r) => r.results);
    const before = await rows();
    for (const query of moves) await env.DB.prepare(query).run();
    const after = await rows();
    const follows = Object.fromEntries(after.map((r) => [r.subject, [r.subscription_id, r.subscription_since]]));
    expect(follows).toEqual({
      [cus('two')]: ['sub_new', 200],
      [cus('checkout')]: ['sub_z', 500],
      [cus('none')]: [null, null],
      [cus('kept')]: ['sub_kept', null],
      [`mem_${tag}`]: [null, null],
      [`user_${tag}`]: [null, null],
    });
    const rest = (r: Record<string, unknown>) => ({ ...r, subscription_id: undefined, subscription_since: undefined });
    expect(after.map(rest)).toEqual(before.map(rest));
  });
});
