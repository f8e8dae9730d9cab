// The coach's desk (docs/product.md#the-coachs-desk, #audit-trail): the audit trail of every
// change made to an account by anyone but its owner, the participant's page, and every admin
// action as a plain form post (303 and a flash; a temporary password shown on the page, once).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { ISSUED_PASSWORD_COOKIE } from '../src/paths';
import { call, followFailedPost, htmlOf, signUp } from './helpers';
import { session1 } from './oracles/session-fixtures';
import { checkout, paymentFailed, sendStripe, verifiedSignUp } from './webhook-helpers';

type Entry = { at: string; actor: string; action: string; from: string | null; to: string | null };

async function signUpAdmin() {
  const admin = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  return admin;
}

async function trail(adminCookie: string, userId: string): Promise<Entry[]> {
  const response = await call(`/api/admin/users/${userId}/audit`, { cookie: adminCookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { entries: Entry[] }).entries;
}

/** The cookies a response set, as a Cookie header for the next request (the session first). */
function carry(response: Response, cookie: string): string {
  const set = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
  return [cookie, ...set].join('; ');
}

describe('the audit trail (decision 25)', () => {
  it('records plan, role and password changes by the admin and a Stripe change, newest first', async () => {
    const admin = await signUpAdmin();
    const member = await verifiedSignUp();
    await call('/api/admin/grant-membership', {
      cookie: admin.cookie,
      json: { userId: member.id, plan: 'mastermind', confirm: 'upgrade' },
    });
    await call('/api/admin/change-role', { cookie: admin.cookie, json: { userId: member.id, role: 'admin', confirm: 'admin' } });
    await call('/api/admin/reset-user-password', { cookie: admin.cookie, json: { userId: member.id } });
    expect(
      await (await sendStripe(checkout(member.email, { client_reference_id: member.id, metadata: { plan: 'premium' } }))).json(),
    ).toMatchObject({ status: 'success' });

    const entries = await trail(admin.cookie, member.id);
    expect(entries.map(({ actor, action, from, to }) => ({ actor, action, from, to }))).toEqual([
      { actor: 'stripe', action: 'Stripe grant changed', from: null, to: 'Premium, active' },
      { actor: admin.email, action: 'Temporary password issued', from: null, to: null },
      { actor: admin.email, action: 'Role changed', from: 'user', to: 'admin' },
      { actor: admin.email, action: 'Admin plan changed', from: 'Challenge, active', to: 'Mastermind, active' },
    ]);
    expect(entries.every((e) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(e.at))).toBe(true);
    const times = entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('records nothing for a change that did not happen, nor for what users do themselves', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    await call('/api/admin/change-role', { cookie: admin.cookie, json: { userId: member.id, role: 'user', confirm: 'user' } });
    await call('/api/admin/grant-membership', { cookie: admin.cookie, json: { userId: member.id, plan: 'premium', confirm: 'wrong' } });
    await call('/api/auth/change-password', {
      cookie: member.cookie,
      json: { currentPassword: member.password, newPassword: 'a-new-password-1', confirmPassword: 'a-new-password-1' },
    });
    expect(await trail(admin.cookie, member.id)).toEqual([]);
  });

  it('records a failed payment, and the end of its grace as the system, once', async () => {
    const admin = await signUpAdmin();
    const member = await verifiedSignUp();
    const start = checkout(member.email, { metadata: { plan: 'premium' } });
    await sendStripe(start);
    await sendStripe(paymentFailed(start.data.object.customer as string));
    // Meanwhile the member keeps access, and every page asks them to update their card.
    const dashboard = await htmlOf(await call('/dashboard', { cookie: member.cookie }), 200);
    expect(dashboard).toContain('Your last payment did not go through.');
    expect(await htmlOf(await call('/dashboard', { cookie: admin.cookie }), 200)).not.toContain('Your last payment did not go through.');
    // The grace ran out an hour ago.
    const ended = new Date(Date.now() - 3600_000).toISOString();
    await env.DB.prepare("UPDATE membership_grants SET grace_until = ? WHERE user_id = ? AND source = 'stripe'")
      .bind(ended, member.id)
      .run();
    const entries = await trail(admin.cookie, member.id);
    expect(entries.filter((e) => e.actor === 'system')).toEqual([
      {
        at: ended,
        actor: 'system',
        action: 'Grace period ended',
        from: 'Stripe grant: Premium, payment failed',
        to: 'Lapsed: no access from this grant',
      },
    ]);
    expect(entries.find((e) => e.from === 'Premium, active')).toMatchObject({
      actor: 'stripe',
      to: expect.stringMatching(/^Premium, payment failed \(grace until \d{4}-\d\d-\d\d\)$/),
    });
    expect(await trail(admin.cookie, member.id)).toHaveLength(entries.length);
  });

  it('records a payment that waited for an address, in the provider’s name, when an account proves it', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    await sendStripe(checkout(member.email, { metadata: { plan: 'mastermind' } }));
    expect(await trail(admin.cookie, member.id)).toEqual([]);
    await env.DB.prepare('UPDATE users SET email_verified_at = ? WHERE id = ?').bind(new Date().toISOString(), member.id).run();
    const { attachPendingMembership } = await import('../src/data/memberships');
    const { getDb } = await import('../src/db/client');
    expect(await attachPendingMembership(getDb(env.DB), member.id, member.email)).toBe(true);
    expect((await trail(admin.cookie, member.id)).map(({ actor, action, from, to }) => ({ actor, action, from, to }))).toEqual([
      { actor: 'stripe', action: 'Stripe grant changed', from: null, to: 'Mastermind, active' },
    ]);
  });

  it('survives the deletion of the account, and refuses to be changed', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    await call('/api/admin/grant-membership', { cookie: admin.cookie, json: { userId: member.id, plan: 'premium' } });
    expect(
      (await call('/api/admin/delete-user', { method: 'DELETE', cookie: admin.cookie, json: { userId: member.id, confirm: 'Delete' } }))
        .status,
    ).toBe(200);
    const entries = await trail(admin.cookie, member.id);
    expect(entries.map((e) => e.action)).toEqual(['Account deleted', 'Admin plan changed']);
    expect(entries[0]).toMatchObject({ actor: admin.email, from: 'Premium, active', to: null });
    await expect(env.DB.prepare('UPDATE audit_entries SET actor = ? WHERE user_id = ?').bind('someone', member.id).run()).rejects.toThrow(
      /append-only/,
    );
    await expect(env.DB.prepare('DELETE FROM audit_entries WHERE user_id = ?').bind(member.id).run()).rejects.toThrow(/append-only/);
    expect((await call('/api/admin/users/no-such-user/audit', { cookie: admin.cookie })).status).toBe(404);
    expect((await call(`/api/admin/users/${member.id}/audit`, { cookie: member.cookie })).status).toBe(401);
  });
});

describe("the participant's page, /admin/users/:id", () => {
  it('shows the wheel, the sessions with answers, the check-ins, the grants and the trail', async () => {
    const admin = await signUpAdmin();
    const member = await signUp(undefined, undefined, 'Robin Reyes');
    await call('/api/progress', {
      cookie: member.cookie,
      json: session1({ reflections: ['Work crowds out health', 'Fitness lifts the rest', 'Walk daily'] }),
    });
    await call('/api/check-ins', { cookie: member.cookie, json: { mood: 7, drift: 'Late night scrolling', win: 'Walked' } });
    await call('/api/admin/grant-membership', { cookie: admin.cookie, json: { userId: member.id, plan: 'premium', confirm: 'upgrade' } });
    const html = (await htmlOf(await call(`/admin/users/${member.id}`, { cookie: admin.cookie }), 200)).replaceAll('<!-- -->', '');
    for (const text of [
      'Robin Reyes',
      'Wheel of Truth',
      'Completed on',
      'Walk daily',
      'Not completed',
      'Late night scrolling',
      '7/10',
      'Mood line from',
      'Admin plan changed',
      'Challenge, active',
      'Premium',
    ]) {
      expect(html, text).toContain(text);
    }
    expect(html).toContain('class="wheel"');
    expect(html).toContain('class="mood-line"');
    for (const id of ['change-plan', 'change-role', 'temporary-password', 'delete-user']) expect(html).toContain(`id="${id}"`);
    // An account that is not there: the users list, with the toast, not an error page.
    const missing = await call('/admin/users/nobody', { cookie: admin.cookie });
    expect(missing.status).toBe(303);
    expect(missing.headers.get('location')).toBe('/admin/users');
    expect(await (await call('/admin/users', { cookie: carry(missing, admin.cookie) })).text()).toContain('User not found');
    expect((await call(`/admin/users/${member.id}`, { cookie: member.cookie })).headers.get('location')).toBe('/dashboard');
  });

  it('lists users with one menu of actions per row that links to the page', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const html = await htmlOf(await call(`/admin/users?q=${encodeURIComponent(member.email)}`, { cookie: admin.cookie }), 200);
    expect(html).toContain(`href="/admin/users/${member.id}"`);
    expect(html).toContain(`href="/admin/users/${member.id}#delete-user"`);
    expect(html.match(/<details class="row-menu"/g)).toHaveLength(1);
    expect(html).toContain('<time class="nowrap"');
  });
});

describe('admin actions without JavaScript (plain form posts)', () => {
  it('changes the plan with the word that fits, in any letter case; a wrong word is shown on the page', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const page = `/admin/users/${member.id}`;
    const up = await call(`${page}?action=plan`, { cookie: admin.cookie, form: { plan: 'mastermind', confirm: 'UpGrade' } });
    expect(up.status).toBe(303);
    expect(up.headers.get('location')).toBe(page);
    expect(await (await call(up.headers.get('location')!, { cookie: carry(up, admin.cookie) })).text()).toContain(
      'Membership updated successfully',
    );
    // Lowering it asks for 'downgrade'.
    const wrong = await call(`${page}?action=plan`, { cookie: admin.cookie, form: { plan: 'challenge', confirm: 'upgrade' } });
    const shown = await followFailedPost(wrong, admin.cookie);
    expect(shown.status).toBe(400);
    const refusedPage = await shown.text();
    expect(refusedPage).toContain('Type downgrade to confirm');
    // The chosen plan is still chosen.
    expect(refusedPage).toMatch(/<option value="challenge" selected="">/);
    const missing = await call(`${page}?action=plan`, { cookie: admin.cookie, form: { plan: 'challenge' } });
    expect(await (await followFailedPost(missing, admin.cookie)).text()).toContain('Type downgrade to confirm');
    expect((await call(`${page}?action=plan`, { cookie: admin.cookie, form: { plan: 'challenge', confirm: ' Downgrade ' } })).status).toBe(
      303,
    );
    const plan = await env.DB.prepare('SELECT plan FROM memberships WHERE user_id = ?').bind(member.id).first<{ plan: string }>();
    expect(plan?.plan).toBe('challenge');
  });

  it('changes the role, refusing the admin’s own', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const promoted = await call(`/admin/users/${member.id}?action=role`, {
      cookie: admin.cookie,
      form: { role: 'admin', confirm: 'ADMIN' },
    });
    expect(promoted.status).toBe(303);
    expect((await env.DB.prepare('SELECT role FROM users WHERE id = ?').bind(member.id).first<{ role: string }>())?.role).toBe('admin');
    const self = await call(`/admin/users/${admin.id}?action=role`, { cookie: admin.cookie, form: { role: 'user', confirm: 'user' } });
    const refused = await followFailedPost(self, admin.cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('You cannot remove your own admin role');
  });

  it('shows a temporary password on the page once, never in a cookie anyone can read', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const page = `/admin/users/${member.id}`;
    const reset = await call(`${page}?action=password`, { cookie: admin.cookie, form: {} });
    expect(reset.status).toBe(303);
    const sealed = reset.headers.getSetCookie().find((c) => c.startsWith(`${ISSUED_PASSWORD_COOKIE}=`))!;
    expect(sealed).toMatch(/HttpOnly/i);
    const cookie = carry(reset, admin.cookie);
    const html = await (await call(page, { cookie })).text();
    const password = /id="issued-password"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*id="issued-password"/.exec(html);
    const shown = password?.[1] ?? password?.[2];
    expect(shown?.length).toBeGreaterThanOrEqual(16);
    expect(sealed).not.toContain(shown!);
    expect((await call('/api/auth/login', { json: { email: member.email, password: shown } })).status).toBe(200);
    // Another admin's browser, or a reload, shows nothing.
    expect(await (await call(page, { cookie: admin.cookie })).text()).not.toContain(shown!);
  });

  it('creates a user and lands on their page with the password; deletes with the word', async () => {
    const admin = await signUpAdmin();
    const email = `made-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await call('/admin/users', { cookie: admin.cookie, form: { email, name: 'Made Here', plan: 'premium' } });
    expect(created.status).toBe(303);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/admin\/users\/[\w-]+$/);
    const html = (await (await call(location, { cookie: carry(created, admin.cookie) })).text()).replaceAll('<!-- -->', '');
    expect(html).toContain(`Temporary password for ${email}`);
    expect(html).toContain('User Created');
    expect(html).toContain('Account created by an admin');

    const taken = await call('/admin/users', { cookie: admin.cookie, form: { email, name: 'Again', plan: 'challenge' } });
    expect(await (await followFailedPost(taken, admin.cookie)).text()).toContain('An account with this email already exists');

    const userId = location.split('/').pop()!;
    const noWord = await call(`/admin/users/${userId}?action=delete`, { cookie: admin.cookie, form: { confirm: 'remove' } });
    expect(await (await followFailedPost(noWord, admin.cookie)).text()).toContain('Type delete to confirm');
    const deleted = await call(`/admin/users/${userId}?action=delete`, { cookie: admin.cookie, form: { confirm: 'DELETE' } });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get('location')).toBe('/admin/users');
    expect(await env.DB.prepare('SELECT id FROM users WHERE id = ?').bind(userId).first()).toBeNull();
  });

  it("titles each refusal with its action's own toast, the server's message under it (and in the JSON)", async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const page = `/admin/users/${member.id}`;
    const toast = (title: string, message: string) => `<p class="toast-title">${title}</p><p class="toast-description">${message}</p>`;
    const refusals: [string, string, Record<string, string>, string, string][] = [
      [page, 'plan', { plan: 'premium', confirm: 'downgrade' }, 'Failed to update membership', 'Type upgrade to confirm'],
      [page, 'role', { role: 'admin', confirm: 'user' }, 'Failed to update role', 'Type admin to confirm'],
      [`/admin/users/${admin.id}`, 'password', {}, 'Failed to reset password', 'Change your own password in Settings'],
      [page, 'delete', { confirm: 'remove' }, 'Failed to delete user', 'Type delete to confirm'],
    ];
    for (const [address, action, form, title, message] of refusals) {
      const shown = await followFailedPost(await call(`${address}?action=${action}`, { cookie: admin.cookie, form }), admin.cookie);
      expect(await shown.text(), action).toContain(toast(title, message));
    }
    const taken = await call('/admin/users', { cookie: admin.cookie, form: { email: member.email, name: 'Again', plan: 'challenge' } });
    expect(await (await followFailedPost(taken, admin.cookie)).text()).toContain(
      toast('Failed to create user', 'An account with this email already exists'),
    );
    // The dialogs send the page's address JSON: the error contract, its message the server's.
    const json = await call(`${page}?action=plan`, { cookie: admin.cookie, json: { plan: 'premium', confirm: 'downgrade' } });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ message: 'Type upgrade to confirm', fieldErrors: { confirm: ['Type upgrade to confirm'] } });
    // A success answers JSON, and the page the dialog loads next shows the toast.
    const done = await call(`${page}?action=plan`, { cookie: admin.cookie, json: { plan: 'premium', confirm: 'upgrade' } });
    expect(done.status).toBe(200);
    expect(await (await call(page, { cookie: carry(done, admin.cookie) })).text()).toContain('Membership updated successfully');
  });

  it('answers an action on an account that is not there with the users list and the toast; the JSON API with 404', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const page = `/admin/users/${member.id}`;
    expect((await call(`${page}?action=delete`, { cookie: admin.cookie, form: { confirm: 'delete' } })).status).toBe(303);
    // Back to the deleted participant's page: the list says they were deleted (the trail outlives them).
    const back = await call(page, { cookie: admin.cookie });
    expect(back.headers.get('location')).toBe('/admin/users');
    const deleted = await (await call('/admin/users', { cookie: carry(back, admin.cookie) })).text();
    expect(deleted).toContain('<p class="toast-title">User deleted</p>');
    expect(deleted).toContain('That user was deleted: here is the users list.');
    // Any action on them: the list says so.
    for (const [action, form, title] of [
      ['plan', { plan: 'premium', confirm: 'upgrade' }, 'Failed to update membership'],
      ['role', { role: 'admin', confirm: 'admin' }, 'Failed to update role'],
      ['password', {}, 'Failed to reset password'],
      ['delete', { confirm: 'delete' }, 'Failed to delete user'],
    ] as const) {
      const response = await call(action ? `${page}?action=${action}` : page, { cookie: admin.cookie, form: form ?? undefined });
      expect(response.status, String(action)).toBe(303);
      expect(response.headers.get('location')).toBe('/admin/users');
      const list = await (await call('/admin/users', { cookie: carry(response, admin.cookie) })).text();
      expect(list).toContain(`<p class="toast-title">${title}</p>`);
      expect(list).toContain('User not found');
      expect(list).toContain('<h1 class="page-title">Users</h1>');
    }
    const api = await call('/api/admin/grant-membership', { cookie: admin.cookie, json: { userId: member.id, plan: 'premium' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'User not found' });
  });

  it('answers 400, never 500, for an unknown action or bad input', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    expect((await call(`/admin/users/${member.id}?action=explode`, { cookie: admin.cookie, form: {} })).status).toBe(400);
    const badPlan = await call(`/admin/users/${member.id}?action=plan`, {
      cookie: admin.cookie,
      form: { plan: 'gold', confirm: 'upgrade' },
    });
    expect((await followFailedPost(badPlan, admin.cookie)).status).toBe(400);
  });
});
