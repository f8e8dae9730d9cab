// The admin API (docs/product.md#admin-actions): who may call it, what each action changes, the
// typed confirmations, the rules an admin cannot break, and hostile input.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, latestMailTo, logIn, signUp, uniqueEmail } from './helpers';
import { session1 } from './oracles/session-fixtures';

async function makeAdmin(id: string): Promise<void> {
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(id).run();
}

async function signUpAdmin() {
  const admin = await signUp();
  await makeAdmin(admin.id);
  return admin;
}

const json = async <T = Record<string, unknown>>(response: Response) => (await response.json()) as T;

describe('admin API access', () => {
  const endpoints: [string, string, unknown][] = [
    ['GET', '/api/admin/users', undefined],
    ['POST', '/api/admin/create-user', { email: 'x@example.com', name: 'X' }],
    ['POST', '/api/admin/grant-membership', { userId: 'u', plan: 'premium' }],
    ['POST', '/api/admin/change-role', { userId: 'u', role: 'admin' }],
    ['POST', '/api/admin/reset-user-password', { userId: 'u' }],
    ['DELETE', '/api/admin/delete-user', { userId: 'u' }],
    ['GET', '/api/admin/webhook-logs', undefined],
    ['GET', '/api/admin/cohort', undefined],
    ['GET', '/api/admin/users/u/audit', undefined],
  ];

  it('answers 401 signed out and 403 to a member, for every endpoint', async () => {
    const member = await signUp();
    for (const [method, path, body] of endpoints) {
      const anonymous = await call(path, { method, json: body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(await anonymous.json()).toEqual({ message: 'Not signed in' });
      const forbidden = await call(path, { method, json: body, cookie: member.cookie });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(await forbidden.json()).toEqual({ message: 'Admins only' });
    }
  });

  it('applies a role change on the very next request', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    expect((await call('/api/admin/users', { cookie: member.cookie })).status).toBe(403);
    expect(
      (await call('/api/admin/change-role', { cookie: admin.cookie, json: { userId: member.id, role: 'admin', confirm: 'admin' } })).status,
    ).toBe(200);
    expect((await call('/api/admin/users', { cookie: member.cookie })).status).toBe(200);
    expect(
      (await call('/api/admin/change-role', { cookie: admin.cookie, json: { userId: member.id, role: 'user', confirm: 'user' } })).status,
    ).toBe(200);
    expect((await call('/api/admin/users', { cookie: member.cookie })).status).toBe(403);
  });
});

describe('user list', () => {
  it('lists every field, searches by email or name, sorts and pages past 50', async () => {
    const admin = await signUpAdmin();
    const tag = `pg${Date.now().toString(36)}`;
    const someone = await signUp(`${tag}-zed@example.com`, 'a-good-password', 'Zed Quill');
    await call('/api/progress', { cookie: someone.cookie, json: session1() });
    const statements = Array.from({ length: 55 }, (_, i) =>
      env.DB.prepare("INSERT INTO users (id, email, name, password_hash, created_at) VALUES (?, ?, ?, 'x', ?)").bind(
        `${tag}-${i}`,
        `${tag}-${String(i).padStart(2, '0')}@example.com`,
        `Bulk ${i}`,
        new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      ),
    );
    await env.DB.batch(statements);

    const first = await json<{ users: Record<string, unknown>[]; total: number; page: number; pageCount: number }>(
      await call(`/api/admin/users?q=${tag}&sort=email&dir=asc`, { cookie: admin.cookie }),
    );
    expect(first.total).toBe(56);
    expect(first.pageCount).toBe(2);
    expect(first.users).toHaveLength(50);
    expect(first.users[0]!.email).toBe(`${tag}-00@example.com`);
    const second = await json<{ users: { email: string }[] }>(
      await call(`/api/admin/users?q=${tag}&sort=email&dir=asc&page=2`, { cookie: admin.cookie }),
    );
    expect(second.users.map((u) => u.email)).toEqual(
      [50, 51, 52, 53, 54].map((i) => `${tag}-${i}@example.com`).concat(`${tag}-zed@example.com`),
    );

    const byName = await json<{ users: Record<string, unknown>[] }>(await call('/api/admin/users?q=zed%20quill', { cookie: admin.cookie }));
    expect(byName.users).toHaveLength(1);
    expect(byName.users[0]).toMatchObject({
      id: someone.id,
      email: `${tag}-zed@example.com`,
      name: 'Zed Quill',
      role: 'user',
      sessionsCompleted: 1,
      membership: { plan: 'challenge', status: 'active' },
    });
    expect(Object.keys(byName.users[0]!)).toEqual(expect.arrayContaining(['createdAt', 'lastLoginAt']));
    expect(JSON.stringify(byName)).not.toContain('password');

    const bySessions = await json<{ users: { id: string }[] }>(
      await call(`/api/admin/users?q=${tag}&sort=sessionsCompleted&dir=desc`, { cookie: admin.cookie }),
    );
    expect(bySessions.users[0]!.id).toBe(someone.id);
    // Wildcards are plain text, and nonsense parameters fall back to the defaults.
    expect((await json<{ total: number }>(await call('/api/admin/users?q=%25%25%25', { cookie: admin.cookie }))).total).toBe(0);
    const odd = await call('/api/admin/users?sort=password_hash&dir=sideways&page=-4', { cookie: admin.cookie });
    expect(odd.status).toBe(200);
    expect((await json<{ page: number }>(odd)).page).toBe(1);
  });

  // D1 refuses a LIKE pattern over 50 bytes ('LIKE or GLOB pattern too complex'): a search of any
  // length answers 200 with its matches, or 400 with a message past 100 characters (D1 refuses a LIKE pattern over 50 bytes, so the search uses instr).
  it('searches text of any length: 200 up to 100 characters, 400 with a message past that, never a 5xx', async () => {
    const admin = await signUpAdmin();
    const tag = `sq${Date.now().toString(36)}`;
    const names = {
      long: `${tag} ${'l'.repeat(95 - tag.length)}`,
      underscores: `${tag} ${'_'.repeat(25)}`,
      emoji: `${tag} ${'🦊'.repeat(20)}`,
      percent: `${tag} 100% sure`,
      underscore: `${tag} a_b`,
    };
    const people = Object.fromEntries(
      await Promise.all(
        Object.entries(names).map(async ([key, name]) => [key, await signUp(uniqueEmail(tag), 'a-good-password', name)] as const),
      ),
    );
    const search = async (q: string, status = 200) => {
      const response = await call(`/api/admin/users?q=${encodeURIComponent(q)}`, { cookie: admin.cookie });
      expect(response.status, `${q.length} characters`).toBe(status);
      return json<{ users: { id: string }[]; total: number; message?: string }>(response);
    };
    const ids = async (q: string) => (await search(q)).users.map((u) => u.id).sort();

    expect(await ids('x'.repeat(49))).toEqual([]);
    expect(await ids(names.long.slice(0, 49))).toEqual([people.long!.id]);
    expect(await ids(names.long.slice(-49))).toEqual([people.long!.id]);
    expect(await ids('z'.repeat(100))).toEqual([]);
    expect(await ids('_'.repeat(25))).toEqual([people.underscores!.id]);
    expect(await ids('🦊'.repeat(20))).toEqual([people.emoji!.id]);
    expect(await ids('🦊'.repeat(100))).toEqual([]);
    // % and _ are the letters themselves, not wildcards.
    expect(await ids('%')).toEqual([people.percent!.id]);
    expect(await ids('0% S')).toEqual([people.percent!.id]);
    expect(await ids(`${tag} a_`)).toEqual([people.underscore!.id]);
    expect(await ids(`${tag} a%`)).toEqual([]);
    expect(await ids(`${tag} _`)).toEqual([people.underscores!.id]);
    expect(await ids('\\')).toEqual([]);
    // The whole tag matches all five, by name and by address alike, in any letter case.
    expect((await search(tag.toUpperCase())).total).toBe(5);
    // Spaces around the text do not count toward the limit.
    expect((await search(`   ${'z'.repeat(100)}   `)).total).toBe(0);

    for (const q of ['z'.repeat(101), '🦊'.repeat(101), 'x'.repeat(10_000)]) {
      const refused = await search(q, 400);
      expect(refused.message).toBe('Search must be at most 100 characters');
      expect(JSON.stringify(refused)).not.toContain(q);
    }

    // The page answers the same: its matches, or 400 with the message beside the search box.
    const page = await call(`/admin/users?q=${encodeURIComponent('_'.repeat(25))}`, { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(names.underscores);
    for (const q of ['x'.repeat(49), '🦊'.repeat(20), 'x'.repeat(100)]) {
      expect((await call(`/admin/users?q=${encodeURIComponent(q)}`, { cookie: admin.cookie })).status, `page, ${q.length}`).toBe(200);
    }
    const tooLong = await call(`/admin/users?q=${'x'.repeat(10_000)}`, { cookie: admin.cookie });
    expect(tooLong.status).toBe(400);
    const html = await tooLong.text();
    expect(html).toContain('Search must be at most 100 characters');
    expect(html).not.toContain('x'.repeat(101));
  });
});

describe('admin actions', () => {
  it('creates a user with a temporary password shown once, a welcome email and the password gate', async () => {
    const admin = await signUpAdmin();
    const email = uniqueEmail('created');
    const response = await call('/api/admin/create-user', {
      cookie: admin.cookie,
      json: { email: email.toUpperCase(), name: '  Casey  ' },
    });
    expect(response.status).toBe(201);
    const { tempPassword, user } = await json<{ tempPassword: string; user: Record<string, unknown> }>(response);
    expect(tempPassword.length).toBeGreaterThanOrEqual(16);
    expect(user).toMatchObject({
      email,
      name: 'Casey',
      role: 'user',
      mustChangePassword: true,
      membership: { plan: 'challenge', status: 'active' },
      // Created, not signed in: only a sign-up signs the new account in.
      lastLoginAt: null,
    });
    const mail = await latestMailTo(email);
    expect(mail?.subject).toBe('Welcome to Life7');
    expect(mail?.text).toContain('https://life7.test/verify-email?token=');
    expect(mail?.text).not.toContain(tempPassword);
    const cookie = await logIn(email, tempPassword);
    expect(await json(await call('/api/auth/me', { cookie }))).toMatchObject({ user: { mustChangePassword: true } });

    // Until the temporary password is replaced, every API but me, change-password and logout is 403.
    for (const path of ['/api/progress', '/api/check-ins', '/api/progress/export']) {
      const gated = await call(path, { cookie });
      expect(gated.status, path).toBe(403);
      expect(await gated.json()).toEqual({ message: 'Set a new password first' });
    }
    expect((await call('/dashboard', { cookie })).headers.get('location')).toBe('/settings');
    // The temporary password is not asked again (the API still accepts it, and ignores it).
    const changed = await call('/api/auth/change-password', { cookie, json: { newPassword: 'my-own-password' } });
    expect(changed.status).toBe(200);
    expect(await json(await call('/api/auth/me', { cookie }))).toMatchObject({ user: { mustChangePassword: false } });
    // Once replaced, a change asks for the current password again.
    expect((await call('/api/auth/change-password', { cookie, json: { newPassword: 'another-password' } })).status).toBe(400);
    expect((await call('/api/progress', { cookie })).status).toBe(200);

    expect((await call('/api/admin/create-user', { cookie: admin.cookie, json: { email, name: 'Again' } })).status).toBe(409);
    const premium = await call('/api/admin/create-user', {
      cookie: admin.cookie,
      json: { email: uniqueEmail('p'), name: 'P', plan: 'premium' },
    });
    expect((await json<{ user: { membership: { plan: string } } }>(premium)).user.membership.plan).toBe('premium');
  });

  it('refuses bad create input with field messages', async () => {
    const admin = await signUpAdmin();
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email', name: 'A' }, 'email'],
      [{ email: uniqueEmail(), name: '   ' }, 'name'],
      [{ email: uniqueEmail() }, 'name'],
      [{ email: uniqueEmail(), name: 'A', plan: 'platinum' }, 'plan'],
      [{ email: uniqueEmail(), name: 'x'.repeat(101) }, 'name'],
      [{ email: [uniqueEmail()], name: { a: 1 } }, 'email'],
    ];
    for (const [body, field] of cases) {
      const response = await call('/api/admin/create-user', { cookie: admin.cookie, json: body });
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await json<{ fieldErrors: Record<string, string[]> }>(response)).fieldErrors[field]).toBeDefined();
    }
    expect((await call('/api/admin/create-user', { cookie: admin.cookie, json: 'just a string' })).status).toBe(400);
  });

  it('changes a plan (status active) that applies on the next request, with the typed word', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    await env.DB.prepare("UPDATE memberships SET status = 'cancelled' WHERE user_id = ?").bind(member.id).run();
    // The word fits the action: raising the plan is 'upgrade' (any letter case), never 'downgrade'.
    const wrongWord = await call('/api/admin/grant-membership', {
      cookie: admin.cookie,
      json: { userId: member.id, plan: 'premium', confirm: 'downgrade' },
    });
    expect(wrongWord.status).toBe(400);
    expect(await wrongWord.json()).toMatchObject({ fieldErrors: { confirm: ['Type upgrade to confirm'] } });
    const ok = await call('/api/admin/grant-membership', {
      cookie: admin.cookie,
      json: { userId: member.id, plan: 'premium', confirm: 'Upgrade' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      message: 'Membership updated successfully',
      membership: { plan: 'premium', status: 'active' },
    });
    expect(await json(await call('/api/auth/me', { cookie: member.cookie }))).toMatchObject({
      membership: { plan: 'premium', status: 'active' },
    });
    expect((await call('/api/admin/grant-membership', { cookie: admin.cookie, json: { userId: member.id, plan: 'gold' } })).status).toBe(
      400,
    );
    const missing = await call('/api/admin/grant-membership', { cookie: admin.cookie, json: { userId: 'no-such-user', plan: 'premium' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'User not found' });
  });

  it('changes roles with the right word and never demotes or deletes oneself', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const word = await call('/api/admin/change-role', {
      cookie: admin.cookie,
      json: { userId: member.id, role: 'admin', confirm: 'user' },
    });
    expect(await word.json()).toMatchObject({ fieldErrors: { confirm: ['Type admin to confirm'] } });
    expect((await call('/api/admin/change-role', { cookie: admin.cookie, json: { userId: member.id, role: 'owner' } })).status).toBe(400);
    expect((await call('/api/admin/change-role', { cookie: admin.cookie, json: { userId: 'nobody', role: 'admin' } })).status).toBe(404);
    const demoteSelf = await call('/api/admin/change-role', {
      cookie: admin.cookie,
      json: { userId: admin.id, role: 'user', confirm: 'user' },
    });
    expect(demoteSelf.status).toBe(409);
    expect(await demoteSelf.json()).toEqual({ message: 'You cannot remove your own admin role' });
    const deleteSelf = await call('/api/admin/delete-user', {
      method: 'DELETE',
      cookie: admin.cookie,
      json: { userId: admin.id, confirm: 'delete' },
    });
    expect(deleteSelf.status).toBe(409);
    expect(await deleteSelf.json()).toEqual({ message: 'You cannot delete your own account' });
  });

  it('keeps at least one admin when two admins demote each other at once', async () => {
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE role = 'admin'").run();
    const [a, b] = [await signUpAdmin(), await signUpAdmin()];
    const results = await Promise.all([
      call('/api/admin/change-role', { cookie: a.cookie, json: { userId: b.id, role: 'user' } }),
      call('/api/admin/change-role', { cookie: b.cookie, json: { userId: a.id, role: 'user' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    const admins = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE role = 'admin'").first<{ n: number }>();
    expect(admins?.n).toBe(1);
    const loser = results.find((r) => r.status !== 200)!;
    expect([403, 409]).toContain(loser.status);
  });

  it('resets a password: a new temporary one, every session of that user ended', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const response = await call('/api/admin/reset-user-password', { cookie: admin.cookie, json: { userId: member.id } });
    expect(response.status).toBe(200);
    const { tempPassword } = await json<{ tempPassword: string }>(response);
    expect(tempPassword.length).toBeGreaterThanOrEqual(16);
    expect((await call('/api/auth/me', { cookie: member.cookie })).status).toBe(401);
    expect((await call('/api/auth/login', { json: { email: member.email, password: member.password } })).status).toBe(401);
    expect(await json(await call('/api/auth/me', { cookie: await logIn(member.email, tempPassword) }))).toMatchObject({
      user: { mustChangePassword: true },
    });
    expect((await call('/api/admin/reset-user-password', { cookie: admin.cookie, json: { userId: 'nobody' } })).status).toBe(404);
    const own = await call('/api/admin/reset-user-password', { cookie: admin.cookie, json: { userId: admin.id } });
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ message: 'Change your own password in Settings' });
  });

  it('deletes a user and every row of theirs, with the typed word', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    await call('/api/progress', { cookie: member.cookie, json: session1() });
    await call('/api/check-ins', { cookie: member.cookie, json: { mood: 6 } });
    const wrong = await call('/api/admin/delete-user', {
      method: 'DELETE',
      cookie: admin.cookie,
      json: { userId: member.id, confirm: 'remove' },
    });
    expect(wrong.status).toBe(400);
    const response = await call('/api/admin/delete-user', {
      method: 'DELETE',
      cookie: admin.cookie,
      json: { userId: member.id, confirm: 'Delete' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deletedUser: { id: member.id, email: member.email } });
    for (const table of ['users', 'memberships', 'progress', 'check_ins', 'wheel_snapshots', 'auth_sessions']) {
      const column = table === 'users' ? 'id' : 'user_id';
      const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).bind(member.id).first<{ n: number }>();
      expect(row?.n, table).toBe(0);
    }
    expect((await call('/api/auth/me', { cookie: member.cookie })).status).toBe(401);
    expect((await call('/api/admin/delete-user', { method: 'DELETE', cookie: admin.cookie, json: { userId: member.id } })).status).toBe(
      404,
    );
  });
});
