// Bounded growth (decision 27; decision 39 for the wheels): what one client can make the database keep.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LIVE_SESSIONS_MAX } from '../src/data/auth-sessions';
import { countAttempt, type Limit } from '../src/data/throttle';
import { getDb } from '../src/db/client';
import { WHEEL_SNAPSHOTS_MAX } from '../src/domain/reassessment';
import { call, logIn, signUp } from './helpers';
import { session1 } from './oracles/session-fixtures';

/** Rows in every table of ours, summed. */
async function totalRows(): Promise<number> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  let total = 0;
  for (const { name } of tables.results) total += (await env.DB.prepare(`SELECT count(*) AS n FROM "${name}"`).first<number>('n')) ?? 0;
  return total;
}

describe('bounded growth', () => {
  it('keeps at most ten live sign-in sessions per user, ending the oldest', async () => {
    const { email, password, id } = await signUp();
    const cookies: string[] = [];
    for (let i = 0; i < LIVE_SESSIONS_MAX + 2; i++) cookies.push(await logIn(email, password));
    const live = await env.DB.prepare('SELECT count(*) AS n FROM auth_sessions WHERE user_id = ?').bind(id).first<number>('n');
    expect(live).toBe(LIVE_SESSIONS_MAX);
    expect((await call('/api/auth/me', { cookie: cookies.at(-1)! })).status).toBe(200);
    expect((await call('/api/auth/me', { cookie: cookies[0]! })).status).toBe(401);
  });

  it('keeps every wheel, a same-day retake included, up to 100: the 101st drops the oldest (decision 39)', async () => {
    const { cookie, id } = await signUp();
    const count = () => env.DB.prepare('SELECT count(*) AS n FROM wheel_snapshots WHERE user_id = ?').bind(id).first<number>('n');
    expect((await call('/api/progress', { cookie, json: session1() })).status).toBe(200);
    expect((await call('/api/progress', { cookie, json: session1() })).status).toBe(200);
    expect(await count()).toBe(2);
    // 98 more, dated before these two, the oldest 'w-oldest': 100 in all.
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
    const insert = env.DB.prepare('INSERT INTO wheel_snapshots (id, user_id, arena_scores, completed_at) VALUES (?, ?, ?, ?)');
    await env.DB.batch(
      Array.from({ length: WHEEL_SNAPSHOTS_MAX - 2 }, (_, i) => insert.bind(i === 0 ? 'w-oldest' : `w-${i}`, id, '{}', day(i))),
    );
    expect(await count()).toBe(WHEEL_SNAPSHOTS_MAX);
    expect((await call('/api/progress', { cookie, json: session1() })).status).toBe(200);
    expect(await count()).toBe(WHEEL_SNAPSHOTS_MAX);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM wheel_snapshots WHERE id IN ('w-oldest', 'w-1')").first<number>('n')).toBe(1);
    expect(await env.DB.prepare("SELECT id FROM wheel_snapshots WHERE id = 'w-1'").first<string>('id')).toBe('w-1');
  });

  it('stores nothing for anonymous failed form posts, however many', async () => {
    const before = await totalRows();
    const big = 'x'.repeat(30_000);
    const posts = [];
    for (let i = 0; i < 40; i++) {
      posts.push(call('/forgot-password', { form: { email: `not-an-email-${i}-${big}` } }));
      posts.push(call('/login?tab=signup', { form: { email: 'nope', password: 'short', name: big } }));
    }
    for (const response of await Promise.all(posts)) expect([303, 400]).toContain(response.status);
    expect(await totalRows()).toBe(before);
  });

  it('adds no per-address throttle row once the client is past its limit', async () => {
    const db = getDb(env.DB);
    const client = `gate-test:${crypto.randomUUID()}`;
    const attempt = (email: string): Limit[] => [
      { key: `account-test:${email}`, max: 10, windowSeconds: 900 },
      { key: client, max: 3, windowSeconds: 900, gate: true },
    ];
    const rows = () =>
      env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'account-test:%' AND instr(key, ?) > 0")
        .bind(client)
        .first<number>('n');
    for (let i = 0; i < 3; i++) expect(await countAttempt(db, attempt(`${i}@${client}`))).toBeNull();
    expect(await rows()).toBe(3);
    for (let i = 3; i < 40; i++) expect((await countAttempt(db, attempt(`${i}@${client}`)))?.limit.key).toBe(client);
    expect(await rows()).toBe(3);
    // An address under its own limit still counts while the client has room.
    const [first] = attempt(`0@${client}`);
    expect(await env.DB.prepare('SELECT count FROM rate_limits WHERE key = ?').bind(first!.key).first<number>('count')).toBe(1);
  });
});
