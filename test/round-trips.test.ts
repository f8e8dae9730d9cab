// D1 round trips per request (docs/product.md#speed): each costs a trip to the primary or a
// replica, so a page makes one and sign-in at most three. The Worker counts them when
// COUNT_D1_ROUND_TRIPS is set (vitest.config.ts) and answers the count in X-D1-Round-Trips.
import { describe, expect, it } from 'vitest';
import { call, scheduleUpcomingWebinars, sessionCookie, signUp } from './helpers';
import { session1 } from './oracles/session-fixtures';

const trips = (response: Response) => Number(response.headers.get('x-d1-round-trips'));

describe('D1 round trips', () => {
  it('is one per page and GET API for a signed-in participant', async () => {
    const { cookie } = await signUp();
    await call('/api/progress', { cookie, json: session1() });
    await scheduleUpcomingWebinars();
    await call('/api/check-ins', { cookie, json: { mood: 7 } });
    for (const path of [
      '/dashboard',
      '/sessions',
      '/sessions/1',
      '/sessions/2',
      '/check-ins',
      '/summary',
      '/settings',
      '/api/progress',
      '/api/check-ins',
      '/api/auth/me',
    ]) {
      const response = await call(path, { cookie });
      expect(response.status, path).toBe(200);
      expect(trips(response), path).toBe(1);
    }
  });

  it('is none for a signed-out page', async () => {
    expect(trips(await call('/login'))).toBe(0);
  });

  it('is at most three for a sign-in', async () => {
    const { email, password } = await signUp();
    const response = await call('/api/auth/login', { json: { email, password } });
    expect(response.status).toBe(200);
    expect(trips(response)).toBeLessThanOrEqual(3);
    expect(trips(await call('/api/auth/me', { cookie: sessionCookie(response) }))).toBe(1);
  });

  it('never reads the password hash with the session', async () => {
    const { env } = await import('cloudflare:test');
    const { getDb } = await import('../src/db/client');
    const { findAuthSession } = await import('../src/data/auth-sessions');
    const { id } = await signUp();
    const session = await env.DB.prepare('SELECT id FROM auth_sessions WHERE user_id = ?').bind(id).first<{ id: string }>();
    const found = await findAuthSession(getDb(env.DB), session!.id, id, ['progress']);
    expect(found?.user.id).toBe(id);
    expect(found?.user).not.toHaveProperty('passwordHash');
  });

  it('reads each field of the user and the membership into its own place, with or without page reads', async () => {
    // A D1 batch answers rows as objects keyed by column name: two columns of the same name
    // (users.id, memberships.user_id…) must still land in their own places.
    const { env } = await import('cloudflare:test');
    const { getDb } = await import('../src/db/client');
    const { findAuthSession } = await import('../src/data/auth-sessions');
    const { id, email } = await signUp(undefined, undefined, 'Field Check');
    await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Lisbon', last_login_at = '2026-11-01T10:00:00.000Z' WHERE id = ?")
      .bind(id)
      .run();
    await env.DB.prepare(
      "UPDATE memberships SET plan = 'mastermind', status = 'active', source = 'stripe', external_id = 'sub_123', updated_at = '2026-11-02T10:00:00.000Z' WHERE user_id = ?",
    )
      .bind(id)
      .run();
    const session = await env.DB.prepare('SELECT id FROM auth_sessions WHERE user_id = ?').bind(id).first<{ id: string }>();
    for (const reads of [[], ['progress', 'firstAndLatestWheels', 'checkInDays', 'webinars']] as const) {
      const found = await findAuthSession(getDb(env.DB), session!.id, id, reads);
      expect(found?.user, reads.join()).toMatchObject({
        id,
        email,
        name: 'Field Check',
        timeZone: 'Europe/Lisbon',
        lastLoginAt: '2026-11-01T10:00:00.000Z',
      });
      expect(found?.membership, reads.join()).toMatchObject({
        userId: id,
        plan: 'mastermind',
        status: 'active',
        source: 'stripe',
        externalId: 'sub_123',
        updatedAt: '2026-11-02T10:00:00.000Z',
      });
    }
  });

  it('answers each visitor their own session and rows, one request after another', async () => {
    const visitors = await Promise.all([signUp(), signUp(), signUp()]);
    for (const [i, { cookie }] of visitors.entries()) await call('/api/check-ins', { cookie, json: { mood: i + 2 } });
    for (let round = 0; round < 3; round++) {
      for (const [i, { cookie, id }] of visitors.entries()) {
        const me = (await (await call('/api/auth/me', { cookie })).json()) as { user: { id: string } };
        expect(me.user.id).toBe(id);
        const checkIns = (await (await call('/api/check-ins', { cookie })).json()) as { checkIns: { mood: number }[] };
        expect(checkIns.checkIns.map((c) => c.mood)).toEqual([i + 2]);
      }
    }
  });

  it('sees an admin edit of the schedule at once', async () => {
    const { cookie } = await signUp();
    const before = await (await call('/api/webinars/life7-sessions.ics', { cookie })).text();
    const { env } = await import('cloudflare:test');
    await env.DB.prepare(
      "UPDATE users SET role = 'admin' WHERE id = (SELECT user_id FROM auth_sessions ORDER BY rowid DESC LIMIT 1)",
    ).run();
    const form = {
      title: 'Schedule edit check',
      startTime: '2031-01-07T18:00',
      endTime: '2031-01-07T19:00',
      description: '',
      location: 'Zoom',
      joinUrl: '',
      recordingUrl: '',
      cohortId: 'founding',
    };
    expect((await call('/admin/webinars?intent=create', { cookie, form })).status).toBe(303);
    const after = await (await call('/api/webinars/life7-sessions.ics', { cookie })).text();
    expect(before).not.toContain('Schedule edit check');
    expect(after).toContain('Schedule edit check');
  });

  it("is one for an admin's list of cohorts once every cohort has its report", async () => {
    const admin = await signUp();
    const { env } = await import('cloudflare:test');
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
    // The first read works out the reports that are missing; from then on the session's read is all.
    expect((await call('/admin/cohorts', { cookie: admin.cookie })).status).toBe(200);
    for (const path of ['/admin/cohorts', '/api/admin/cohorts']) {
      const response = await call(path, { cookie: admin.cookie });
      expect(response.status).toBe(200);
      expect(trips(response), path).toBe(1);
    }
  });
});
