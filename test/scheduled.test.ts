// The daily clean-up (decision 27), run as the Cron Trigger runs it: through the Worker's
// scheduled handler, as of the run's scheduledTime.
import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../src/index';
import { DAILY_CRON } from '../src/jobs/scheduled';
import { LIMIT_DEFAULTS } from '../src/server/throttle-policy';
import { signUp } from './helpers';

async function runCron(cron: string, scheduledTime: Date): Promise<void> {
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env);
}

const count = (sql: string, ...values: unknown[]) =>
  env.DB.prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...values)
    .first<number>('n');

describe('the daily clean-up', () => {
  it('deletes expired sessions, tokens and ended throttle windows as of the run, and keeps the rest', async () => {
    const { id } = await signUp();
    const at = new Date('2031-03-04T03:00:00Z');
    const before = new Date(at.getTime() - 1000).toISOString();
    const after = new Date(at.getTime() + 1000).toISOString();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO auth_sessions (id, user_id, expires_at) VALUES (?, ?, ?), (?, ?, ?)').bind(
        `old-${id}`,
        id,
        before,
        `live-${id}`,
        id,
        after,
      ),
      env.DB.prepare('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?), (?, ?, ?)').bind(
        `old-${id}`,
        id,
        before,
        `live-${id}`,
        id,
        after,
      ),
      env.DB.prepare('INSERT INTO email_verification_tokens (token_hash, user_id, expires_at) VALUES (?, ?, ?), (?, ?, ?)').bind(
        `old-${id}`,
        id,
        before,
        `live-${id}`,
        id,
        after,
      ),
    ]);
    // Windows of a 15-minute family and a daily one: the ones before the current window go.
    const seconds = at.getTime() / 1000;
    const quarter = LIMIT_DEFAULTS.loginAccount.windowSeconds;
    const day = LIMIT_DEFAULTS.loginAccountDaily.windowSeconds;
    const windows: [string, number][] = [
      [`loginAccount:${id}`, seconds - (seconds % quarter) - quarter],
      [`loginAccount:${id}`, seconds - (seconds % quarter)],
      [`loginAccountDaily:${id}`, seconds - (seconds % day) - day],
      [`loginAccountDaily:${id}`, seconds - (seconds % day)],
    ];
    for (const [key, start] of windows)
      await env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1)').bind(key, start).run();

    await runCron(DAILY_CRON, at);

    expect(await count('auth_sessions WHERE id IN (?, ?)', `old-${id}`, `live-${id}`)).toBe(1);
    expect(await count('auth_sessions WHERE id = ?', `live-${id}`)).toBe(1);
    expect(await count('password_reset_tokens WHERE token_hash IN (?, ?)', `old-${id}`, `live-${id}`)).toBe(1);
    expect(await count('email_verification_tokens WHERE token_hash = ?', `live-${id}`)).toBe(1);
    expect(await count('email_verification_tokens WHERE token_hash = ?', `old-${id}`)).toBe(0);
    const left = await env.DB.prepare('SELECT key, window_start AS start FROM rate_limits WHERE key IN (?, ?) ORDER BY key')
      .bind(`loginAccount:${id}`, `loginAccountDaily:${id}`)
      .all<{ key: string; start: number }>();
    expect(left.results).toEqual([
      { key: `loginAccount:${id}`, start: windows[1]![1] },
      { key: `loginAccountDaily:${id}`, start: windows[3]![1] },
    ]);
  });

  it('forgets reminder claims after 7 days, mail records after 30, and cancelled sessions once they would have ended', async () => {
    const { id, email } = await signUp();
    const at = new Date('2031-03-04T03:00:00Z');
    const daysAgo = (n: number) => new Date(at.getTime() - n * 24 * 60 * 60 * 1000).toISOString();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO reminder_sends (user_id, kind, key, created_at) VALUES (?, 'check-in', 'old', ?), (?, 'check-in', 'new', ?)",
      ).bind(id, daysAgo(8), id, daysAgo(6)),
      env.DB.prepare(
        "INSERT INTO mail_deliveries (id, user_id, kind, \"to\", subject, status, updated_at) VALUES (?, ?, 'reset-password', ?, 's', 'failed', ?), (?, ?, 'reset-password', ?, 's', 'failed', ?)",
      ).bind(`old-${id}`, id, email, daysAgo(31), `new-${id}`, id, email, daysAgo(29)),
      env.DB.prepare(
        "INSERT INTO cancelled_webinars (id, title, location, start_time, end_time, sequence) VALUES (?, 't', 'l', ?, ?, 1), (?, 't', 'l', ?, ?, 1)",
      ).bind(`ended-${id}`, daysAgo(2), daysAgo(1), `coming-${id}`, daysAgo(-1), daysAgo(-2)),
    ]);
    await runCron(DAILY_CRON, at);
    expect((await env.DB.prepare('SELECT key FROM reminder_sends WHERE user_id = ?').bind(id).all()).results).toEqual([{ key: 'new' }]);
    expect((await env.DB.prepare('SELECT id FROM mail_deliveries WHERE user_id = ?').bind(id).all()).results).toEqual([
      { id: `new-${id}` },
    ]);
    expect(
      (await env.DB.prepare('SELECT id FROM cancelled_webinars WHERE id IN (?, ?)').bind(`ended-${id}`, `coming-${id}`).all()).results,
    ).toEqual([{ id: `coming-${id}` }]);
  });

  it('notes each payment grace that ran out in the audit trail, once, dated when it ended', async () => {
    const { id } = await signUp();
    const ended = '2031-03-03T12:00:00.000Z';
    await env.DB.prepare(
      "INSERT INTO membership_grants (source, subject, user_id, plan, status, grace_until, origin) VALUES ('stripe', ?, ?, 'premium', 'past_due', ?, 'stripe')",
    )
      .bind(`cus_${id}`, id, ended)
      .run();
    const systemEntries = () =>
      env.DB.prepare("SELECT at, action FROM audit_entries WHERE user_id = ? AND actor = 'system'")
        .bind(id)
        .all<{ at: string; action: string }>();
    await runCron(DAILY_CRON, new Date('2031-03-04T03:00:00Z'));
    await runCron(DAILY_CRON, new Date('2031-03-05T03:00:00Z'));
    expect((await systemEntries()).results).toEqual([{ at: ended, action: 'Grace period ended' }]);
  });

  it('does nothing for a cron it does not know', async () => {
    const before = await count('auth_sessions');
    await runCron('1 2 3 4 5', new Date('2031-03-04T03:00:00Z'));
    expect(await count('auth_sessions')).toBe(before);
  });
});

describe('GET /__scheduled outside production', () => {
  it('runs a job as of ?time= (the reminders of that window), refuses an unknown cron, and is a 404 in production', async () => {
    const { call } = await import('./helpers');
    const ok = await call(`/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${Date.parse('2031-03-04T20:00:00Z')}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('as of 2031-03-04T20:00:00.000Z');
    expect((await call('/__scheduled?cron=nope')).status).toBe(400);
    expect((await call(`/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=soon`)).status).toBe(400);
    const production = await worker.fetch(
      new Request('https://life7.test/__scheduled?cron=*/15+*+*+*+*') as Parameters<typeof worker.fetch>[0],
      { ...env, ENVIRONMENT: 'production' },
      { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext,
    );
    expect(production.status).toBe(404);
  });

  it("answers the run's D1 round trips in X-D1-Round-Trips when they are counted (the bench), and not otherwise", async () => {
    const { call } = await import('./helpers');
    const at = Date.parse('2040-01-02T20:00:00Z');
    const run = () => call(`/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${at}`);
    // The first run takes whatever other tests left due by then, and works out the report of the
    // founding cohort, finished by 2040; the second finds nothing due: one read of due check-ins,
    // one of webinars starting a day later, one of the cohorts whose report is due (none: a
    // finished cohort's stored report is kept; src/jobs/cohort-report.ts), and the release of the
    // seat holds that ran out (none; src/jobs/seat-holds.ts, decision 41), one statement.
    await run();
    expect((await run()).headers.get('x-d1-round-trips')).toBe('4');
    const { id } = await signUp();
    await env.DB.prepare(
      "INSERT INTO reminder_settings (user_id, check_in_enabled, check_in_minute, check_in_due_at, check_in_day) VALUES (?, 1, 1200, '2040-01-02T20:00:00.000Z', '2040-01-02')",
    )
      .bind(id)
      .run();
    // One due reminder adds its claim and advance, one batch.
    expect((await run()).headers.get('x-d1-round-trips')).toBe('5');
    expect(await count("reminder_settings WHERE user_id = ? AND check_in_due_at > '2040-01-02T20:15'", id)).toBe(1);
    const uncounted = await worker.fetch(
      new Request(`https://life7.test/__scheduled?cron=*/15+*+*+*+*&time=${at}`) as Parameters<typeof worker.fetch>[0],
      { ...env, COUNT_D1_ROUND_TRIPS: undefined },
      { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext,
    );
    expect(uncounted.status).toBe(200);
    expect(uncounted.headers.has('x-d1-round-trips')).toBe(false);
  });
});
