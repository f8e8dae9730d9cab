// Cohorts (decision 35, docs/product.md#cohorts): sign-up places people, a full cohort waitlists,
// capacity holds under a race, a move seats the first on the old cohort's waitlist, and migration
// 0019 puts a database of today's data into a founding cohort.
import { applyD1Migrations, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { moveToCohort } from '../src/data/cohorts';
import { getDb } from '../src/db/client';
import { call, signUp } from './helpers';

let made = 0;
/** A cohort straight into D1 (the admin API has tests of its own); `asDefault` makes sign-ups land in it. */
async function makeCohort(options: { capacity?: number | null; pacing?: string; startDate?: string; asDefault?: boolean } = {}) {
  made += 1;
  const id = `c-${crypto.randomUUID().slice(0, 8)}`;
  const statements = [
    env.DB.prepare('INSERT INTO cohorts (id, name, start_date, capacity, pacing, enrolment_open) VALUES (?, ?, ?, ?, ?, 1)').bind(
      id,
      `Cohort ${made} ${id}`,
      options.startDate ?? '2027-01-04',
      options.capacity ?? null,
      options.pacing ?? 'weekly',
    ),
  ];
  if (options.asDefault) {
    statements.unshift(env.DB.prepare('UPDATE cohorts SET default_for_sign_ups = 0'));
    statements.push(env.DB.prepare('UPDATE cohorts SET default_for_sign_ups = 1 WHERE id = ?').bind(id));
  }
  await env.DB.batch(statements);
  return id;
}

async function seats(cohortId: string) {
  const { results } = await env.DB.prepare(
    'SELECT seat, count(*) AS n FROM cohort_members WHERE cohort_id = ? AND left_at IS NULL GROUP BY seat',
  )
    .bind(cohortId)
    .all<{ seat: string; n: number }>();
  return Object.fromEntries(results.map((r) => [r.seat, r.n]));
}

async function me(cookie: string) {
  return (await (await call('/api/auth/me', { cookie })).json()) as { cohort: Record<string, unknown> | null };
}

describe('enrolment', () => {
  it('places a new participant in the default cohort, and the session knows it', async () => {
    const cohortId = await makeCohort({ asDefault: true, startDate: '2099-01-05' });
    const { cookie } = await signUp();
    expect((await me(cookie)).cohort).toEqual({
      id: cohortId,
      name: expect.stringContaining('Cohort'),
      startDate: '2099-01-05',
      pacing: 'weekly',
      week: null,
      day: null,
      seat: 'seated',
    });
  });

  it('seats first come, first served, then waitlists; a move frees the seat for the first waiting', async () => {
    const cohortId = await makeCohort({ asDefault: true, capacity: 2 });
    const first = await signUp();
    const second = await signUp();
    const third = await signUp();
    const fourth = await signUp();
    expect(await seats(cohortId)).toEqual({ seated: 2, waitlisted: 2 });
    expect((await me(third.cookie)).cohort).toMatchObject({ id: cohortId, seat: 'waitlisted' });

    const elsewhere = await makeCohort();
    const moved = await moveToCohort(getDb(env.DB), first.id, elsewhere);
    expect(moved).toMatchObject({
      ok: true,
      from: { id: cohortId },
      to: { id: elsewhere, seat: 'seated' },
      seatedFromWaitlist: [third.id],
    });
    expect((await me(third.cookie)).cohort).toMatchObject({ id: cohortId, seat: 'seated' });
    expect((await me(fourth.cookie)).cohort).toMatchObject({ seat: 'waitlisted' });
    expect((await me(second.cookie)).cohort).toMatchObject({ seat: 'seated' });
    // The history keeps the cohort they left.
    const { results } = await env.DB.prepare('SELECT cohort_id, left_at FROM cohort_members WHERE user_id = ? ORDER BY joined_at')
      .bind(first.id)
      .all();
    expect(results).toHaveLength(2);
    expect(results.filter((r) => r.left_at === null)).toEqual([{ cohort_id: elsewhere, left_at: null }]);
    expect(await moveToCohort(getDb(env.DB), first.id, elsewhere)).toEqual({ ok: false, reason: 'same-cohort' });
    expect(await moveToCohort(getDb(env.DB), first.id, 'no-such-cohort')).toEqual({ ok: false, reason: 'no-cohort' });
  });

  it('places a sign-up that names an open cohort there (as /join/:cohort will), and refuses a closed or unknown one', async () => {
    const named = await makeCohort({ capacity: 1 });
    const first = await call('/api/auth/signup', {
      json: { email: `named-${named}@example.com`, password: 'a-good-password', cohort: named },
    });
    expect(first.status).toBe(201);
    expect(await seats(named)).toEqual({ seated: 1 });
    await env.DB.prepare('UPDATE cohorts SET enrolment_open = 0 WHERE id = ?').bind(named).run();
    for (const cohort of [named, 'no-such-cohort', 'x'.repeat(65)]) {
      const refused = await call('/api/auth/signup', {
        json: { email: `refused-${crypto.randomUUID()}@example.com`, password: 'a-good-password', cohort },
      });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ fieldErrors: { cohort: ['This cohort is not open for enrolment'] } });
    }
    expect(await seats(named)).toEqual({ seated: 1 });
  });

  it("with no default marked, places a sign-up in the cohort starting on the coaches' day, even in their evening (UTC's tomorrow)", async () => {
    // 21:00 on 1 June 2035 in Los Angeles (the coaches' zone here) is already 2 June in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2035-06-02T04:00:00Z'));
    try {
      const startsToday = await makeCohort({ startDate: '2035-06-01' });
      await makeCohort({ startDate: '2035-06-02' });
      await env.DB.prepare('UPDATE cohorts SET default_for_sign_ups = 0').run();
      const { cookie } = await signUp();
      expect((await me(cookie)).cohort).toMatchObject({ id: startsToday, startDate: '2035-06-01' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds capacity under a race: 200 sign-ups at once into a cohort of 100 leave exactly 100 seated', { timeout: 120_000 }, async () => {
    const cohortId = await makeCohort({ asDefault: true, capacity: 100 });
    const settled = await Promise.allSettled(Array.from({ length: 200 }, () => signUp()));
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);
    expect(await seats(cohortId)).toEqual({ seated: 100, waitlisted: 100 });
    // The counts the cohort stores (migration 0026) held through the race too.
    expect(await env.DB.prepare('SELECT seated, waitlisted FROM cohorts WHERE id = ?').bind(cohortId).first()).toEqual({
      seated: 100,
      waitlisted: 100,
    });
  });
});

describe('migration 0019', () => {
  it("puts today's participants and webinars into a self-paced founding cohort started on the earliest sign-up day", async () => {
    const db = env.COHORT_MIGRATION_DB;
    const before = env.TEST_MIGRATIONS.filter((m) => m.name < '0019_');
    await applyD1Migrations(db, before);
    await db.batch([
      db.prepare(
        "INSERT INTO users (id, email, password_hash, role, time_zone, created_at) VALUES ('u1', 'one@example.com', 'x', 'user', 'Asia/Tokyo', '2026-03-02T22:00:00.000Z'), ('u2', 'two@example.com', 'x', 'admin', 'UTC', '2026-05-01T10:00:00.000Z')",
      ),
      db.prepare(
        "INSERT INTO webinars (id, title, description, location, start_time, end_time) VALUES ('w1', 'Week 1', 'd', 'Online', '2026-03-10T02:00:00.000Z', '2026-03-10T03:00:00.000Z')",
      ),
    ]);
    await applyD1Migrations(db, env.TEST_MIGRATIONS);
    const cohorts = await db
      .prepare('SELECT id, name, start_date, pacing, capacity, enrolment_open, default_for_sign_ups FROM cohorts')
      .all();
    expect(cohorts.results).toEqual([
      {
        id: 'founding',
        name: 'Founding cohort',
        start_date: '2026-03-02',
        pacing: 'self-paced',
        capacity: null,
        enrolment_open: 1,
        default_for_sign_ups: 1,
      },
    ]);
    const members = await db.prepare('SELECT user_id, cohort_id, seat, joined_at, left_at FROM cohort_members ORDER BY user_id').all();
    expect(members.results).toEqual([
      { user_id: 'u1', cohort_id: 'founding', seat: 'seated', joined_at: '2026-03-02T22:00:00.000Z', left_at: null },
      { user_id: 'u2', cohort_id: 'founding', seat: 'seated', joined_at: '2026-05-01T10:00:00.000Z', left_at: null },
    ]);
    expect((await db.prepare('SELECT cohort_id FROM webinars').all()).results).toEqual([{ cohort_id: 'founding' }]);
  });
});
