// A participant owns their account (decision 42, docs/product.md#your-account): changing the name,
// changing the email address (the new address confirms it, the old one can undo it), deleting the
// account with everything of theirs, the download, the privacy page; every endpoint's bad input,
// anonymous and cross-site requests.
import { createExecutionContext, createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { deleteExpired } from '../src/data/cleanup';
import { computeCohortReport } from '../src/data/cohort';
import { getDb } from '../src/db/client';
import worker from '../src/index';
import { QUARTER_HOUR_CRON } from '../src/jobs/scheduled';
import { call, followFailedPost, htmlOf, latestMailTo, logIn, ORIGIN, signUp, uniqueEmail } from './helpers';
import { session1 } from './oracles/session-fixtures';

type Json = Record<string, unknown>;
const json = async (response: Response) => (await response.json()) as Json;

const me = async (cookie: string) =>
  (await (await call('/api/auth/me', { cookie })).json()) as { user: { email: string; name: string | null; emailVerified: boolean } };

/** The path of the first link to `path` in the newest mail to `to` that holds one. */
async function linkIn(to: string, path: string): Promise<string> {
  const mail = await latestMailTo(to, 50, `${path}?token=`);
  const link = new RegExp(`https://life7\\.test${path}\\?token=\\S+`).exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no ${path} link in the mail to ${to}: ${mail?.text}`);
  return link.replace(ORIGIN, '');
}

/** A link to `path` newer than `seen` in the mail to `to`, waiting for the mail that brings it. */
async function newLinkIn(to: string, path: string, seen: string): Promise<string> {
  return vi.waitFor(
    async () => {
      const link = await linkIn(to, path);
      if (link === seen) throw new Error('no new link yet');
      return link;
    },
    { timeout: 10_000, interval: 20 },
  );
}

/** Opens a link's page (one button, so a mail scanner uses nothing up), presses it, and follows the 303. */
async function press(path: string, button: string, cookie?: string): Promise<Response> {
  const page = await call(path, { cookie });
  expect(await page.text()).toContain(button);
  const posted = await call(path, { cookie, form: {} });
  expect(posted.status).toBe(303);
  return call(posted.headers.get('location')!, { cookie });
}

async function changeEmail(cookie: string, email: string, password = 'a-good-password'): Promise<Response> {
  return call('/api/account/email', { cookie, json: { email, password } });
}

/** The account's SHA-256 pseudonym, as the audit trail keeps a self-deleted account (decision 42). */
async function pseudonymOf(userId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userId + env.JWT_SECRET));
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  return `deleted:${hex.slice(0, 12)}`;
}

async function tables(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  return results.map((r) => r.name);
}

async function columns(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT name FROM pragma_table_info(?)').bind(table).all<{ name: string }>();
  return results.map((r) => r.name);
}

/** How many rows of each table hold any of `values` in any column (the tables that have a user_id or email-like column). */
async function rowsNaming(values: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tables()) {
    const cols = await columns(table);
    if (!cols.some((c) => c === 'user_id' || c.includes('email') || c === 'to' || c === 'key')) continue;
    const conditions = cols.flatMap((col) => values.map(() => `instr(CAST("${col}" AS TEXT), ?) > 0`));
    const params = cols.flatMap(() => values);
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE ${conditions.join(' OR ')}`)
      .bind(...params)
      .first<{ n: number }>();
    counts[table] = row!.n;
  }
  return counts;
}

async function signUpAdmin(): Promise<Awaited<ReturnType<typeof signUp>>> {
  const admin = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  return admin;
}

describe('changing the name', () => {
  it('follows the sign-up rule, as JSON and as a form post', async () => {
    const user = await signUp(undefined, undefined, 'Ana');
    const renamed = await call('/api/account/name', { cookie: user.cookie, json: { name: '  Ana María\tLópez ' } });
    expect(renamed.status).toBe(200);
    expect(await json(renamed)).toMatchObject({ user: { id: user.id, email: user.email, name: 'Ana María López' } });
    expect((await me(user.cookie)).user.name).toBe('Ana María López');

    const cleared = await call('/api/account/name', { cookie: user.cookie, json: { name: '' } });
    expect(await json(cleared)).toMatchObject({ user: { name: null } });
    expect(await json(await call('/api/account/name', { cookie: user.cookie, json: { name: null } }))).toMatchObject({
      user: { name: null },
    });

    const tooLong = await call('/api/account/name', { cookie: user.cookie, json: { name: 'x'.repeat(101) } });
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toEqual({
      message: 'Name must be at most 100 characters',
      fieldErrors: { name: ['Name must be at most 100 characters'] },
    });

    // Without JavaScript: 303 back to Settings with a toast, and the name shows.
    const posted = await call('/settings?form=name', { cookie: user.cookie, form: { name: 'Robin' } });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/settings#name');
    const settings = await htmlOf(await call('/settings', { cookie: user.cookie }), 200);
    expect(settings).toContain('value="Robin"');
    // A refused name comes back beside its field, once.
    const refused = await call('/settings?form=name', { cookie: user.cookie, form: { name: 'y'.repeat(150) } });
    const page = await htmlOf(await followFailedPost(refused, user.cookie), 400);
    expect(page).toContain('Name must be at most 100 characters');
    expect((await me(user.cookie)).user.name).toBe('Robin');
  });
});

describe('changing the email address', () => {
  it('answers 202, mails both addresses, and the new one replaces the old once its link is followed', async () => {
    const user = await signUp();
    const phone = await logIn(user.email, user.password);
    const newEmail = uniqueEmail('moved');
    const response = await changeEmail(user.cookie, newEmail.toUpperCase());
    expect(response.status).toBe(202);
    expect(await json(response)).toMatchObject({ pendingEmail: { newEmail } });

    // The new address gets the confirmation link, the old one the notice with its own link.
    const confirmPath = await linkIn(newEmail, '/confirm-email');
    const notice = await latestMailTo(user.email, 50, 'report-email-change?token=');
    expect(notice?.subject).toBe('Your Life7 email address is being changed');
    expect(notice?.text).not.toContain(newEmail);
    const token = decodeURIComponent(confirmPath.split('token=')[1]!);
    const stored = await env.DB.prepare('SELECT token_hash, new_email FROM email_changes WHERE user_id = ?')
      .bind(user.id)
      .first<{ token_hash: string; new_email: string }>();
    expect(stored).toMatchObject({ new_email: newEmail });
    expect(stored?.token_hash).not.toBe(token);

    // Until then: the old address, and Settings shows the pending one with Resend and Cancel.
    expect((await me(user.cookie)).user.email).toBe(user.email);
    expect(await json(await call('/api/account', { cookie: user.cookie }))).toMatchObject({
      user: { email: user.email },
      pendingEmail: { newEmail },
    });
    const settings = await htmlOf(await call('/settings', { cookie: user.cookie }), 200);
    // An address is written with <wbr>s where a line may break (src/components/Address.tsx).
    expect(settings.replaceAll('<wbr/>', '')).toContain(newEmail);
    expect(settings).toContain('>Resend</button>');
    expect(settings).toContain('>Cancel</button>');

    // Following it (signed in): the address is the new one, verified; this session stays, the phone's ends.
    const done = await press(confirmPath, 'Confirm my new email', user.cookie);
    expect(await htmlOf(done, 200)).toContain('Email address changed');
    expect(await me(user.cookie)).toMatchObject({ user: { email: newEmail, emailVerified: true } });
    expect((await call('/api/auth/me', { cookie: phone })).status).toBe(401);
    expect((await call('/api/auth/login', { json: { email: user.email, password: user.password } })).status).toBe(401);
    await logIn(newEmail, user.password);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM email_changes WHERE user_id = ?').bind(user.id).first('n')).toBe(0);

    // Used once: again, it is refused.
    const again = await call(confirmPath, { form: {} });
    expect(again.headers.get('location')).toBe('/confirm-email?done=0');
    expect((await call('/confirm-email?done=0')).status).toBe(400);
  });

  it('refuses a wrong password (403, throttled), a taken address (409) and the same address (400)', async () => {
    const user = await signUp();
    const other = await signUp();
    const wrong = await changeEmail(user.cookie, uniqueEmail(), 'not-my-password');
    expect(wrong.status).toBe(403);
    expect(await json(wrong)).toEqual({ message: 'Password is incorrect', fieldErrors: { password: ['Password is incorrect'] } });
    // Taken: only with the right password, in sign-up's own words (it tells no more than sign-up).
    expect((await changeEmail(user.cookie, other.email, 'not-my-password')).status).toBe(403);
    const taken = await changeEmail(user.cookie, other.email);
    expect(taken.status).toBe(409);
    expect(await json(taken)).toMatchObject({ message: 'An account with this email already exists' });
    const same = await changeEmail(user.cookie, user.email.toUpperCase());
    expect(same.status).toBe(400);
    expect(await json(same)).toMatchObject({ message: 'That is already your email address' });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM email_changes WHERE user_id = ?').bind(user.id).first('n')).toBe(0);

    // Counted like sign-in: past 10 tries in a quarter hour, 429 with Retry-After, even with the right password.
    for (let i = 0; i < 7; i++) expect((await changeEmail(user.cookie, uniqueEmail(), 'not-my-password')).status).toBe(403);
    const throttled = await changeEmail(user.cookie, uniqueEmail());
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // The deletion asks the same password, against the same count.
    expect(
      (await call('/api/account', { method: 'DELETE', cookie: user.cookie, json: { confirm: 'delete', password: user.password } })).status,
    ).toBe(429);
  });

  it('shows a refused form post beside its field, once, and never echoes the password', async () => {
    const user = await signUp();
    const posted = await call('/settings?form=email', {
      cookie: user.cookie,
      form: { email: uniqueEmail(), password: 'wrong-password-here' },
    });
    const page = await htmlOf(await followFailedPost(posted, user.cookie), 403);
    expect(page).toContain('Password is incorrect');
    expect(page).not.toContain('wrong-password-here');
    const ok = await call('/settings?form=email', { cookie: user.cookie, form: { email: uniqueEmail('form'), password: user.password } });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/settings#email');
  });

  it('refuses an expired link, and one whose address another account took meanwhile', async () => {
    const user = await signUp();
    const first = uniqueEmail('late');
    await changeEmail(user.cookie, first);
    const expired = await linkIn(first, '/confirm-email');
    await env.DB.prepare("UPDATE email_changes SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?").bind(user.id).run();
    expect((await call(expired, { form: {} })).headers.get('location')).toBe('/confirm-email?done=0');
    expect((await me(user.cookie)).user.email).toBe(user.email);
    for (const query of ['', '?token=', '?token=nope', `?token=${'x'.repeat(5000)}`]) {
      expect((await call(`/confirm-email${query}`, { form: {} })).headers.get('location')).toBe('/confirm-email?done=0');
    }

    const second = uniqueEmail('raced');
    await changeEmail(user.cookie, second);
    const link = await linkIn(second, '/confirm-email');
    await signUp(second);
    const raced = await call(link, { form: {} });
    expect(raced.headers.get('location')).toBe('/confirm-email?done=taken');
    expect((await call('/confirm-email?done=taken')).status).toBe(409);
    expect((await me(user.cookie)).user.email).toBe(user.email);
  });

  it("'Resend' replaces the link, 'Cancel' drops the change", async () => {
    const user = await signUp();
    const newEmail = uniqueEmail('again');
    await changeEmail(user.cookie, newEmail);
    const first = await linkIn(newEmail, '/confirm-email');
    const resent = await call('/settings?form=email-resend', { cookie: user.cookie, form: {} });
    expect(resent.status).toBe(303);
    const second = await newLinkIn(newEmail, '/confirm-email', first);
    expect((await call(first, { form: {} })).headers.get('location')).toBe('/confirm-email?done=0');
    expect(await json(await call('/api/account/email/resend', { cookie: user.cookie, json: {} }))).toEqual({
      message: `We sent a new link to ${newEmail}.`,
    });
    const third = await newLinkIn(newEmail, '/confirm-email', second);

    const cancelled = await call('/api/account/email', { method: 'DELETE', cookie: user.cookie });
    expect(cancelled.status).toBe(200);
    expect((await call(third, { form: {} })).headers.get('location')).toBe('/confirm-email?done=0');
    expect(await json(await call('/api/account', { cookie: user.cookie }))).toMatchObject({ pendingEmail: null });
    expect((await call('/api/account/email', { method: 'DELETE', cookie: user.cookie })).status).toBe(409);
    expect((await call('/api/account/email/resend', { cookie: user.cookie, json: {} })).status).toBe(409);
    // The form's Cancel answers with a toast, back on Settings.
    await changeEmail(user.cookie, uniqueEmail('form-cancel'));
    const formCancel = await call('/settings?form=email-cancel', { cookie: user.cookie, form: {} });
    expect(formCancel.headers.get('location')).toBe('/settings#email');
    expect(await json(await call('/api/account', { cookie: user.cookie }))).toMatchObject({ pendingEmail: null });
  });

  it("the old address's 'It was not me' link cancels the change and ends every session, once", async () => {
    const user = await signUp();
    const phone = await logIn(user.email, user.password);
    const newEmail = uniqueEmail('intruder');
    await changeEmail(user.cookie, newEmail);
    const confirmPath = await linkIn(newEmail, '/confirm-email');
    const reportPath = await linkIn(user.email, '/report-email-change');
    await call('/api/auth/forgot-password', { json: { email: user.email } });
    await latestMailTo(user.email, 50, 'reset-password');

    const done = await press(reportPath, 'Cancel the change and sign out everywhere');
    const page = await htmlOf(done, 200);
    expect(page).toContain('Change cancelled');
    expect(page).toContain('href="/forgot-password"');
    for (const cookie of [user.cookie, phone]) expect((await call('/api/auth/me', { cookie })).status).toBe(401);
    expect((await call(confirmPath, { form: {} })).headers.get('location')).toBe('/confirm-email?done=0');
    const counts = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM email_changes WHERE user_id = ?1) + (SELECT count(*) FROM password_reset_tokens WHERE user_id = ?1) + (SELECT count(*) FROM auth_sessions WHERE user_id = ?1) AS n',
    )
      .bind(user.id)
      .first('n');
    expect(counts).toBe(0);
    // Single use.
    expect((await call(reportPath, { form: {} })).headers.get('location')).toBe('/report-email-change?done=invalid');
    expect((await call('/report-email-change?done=invalid')).status).toBe(400);
    const cookie = await logIn(user.email, user.password);
    expect((await me(cookie)).user.email).toBe(user.email);
  });

  it('undoes a change confirmed already: the old address comes back', async () => {
    const user = await signUp();
    const newEmail = uniqueEmail('taken-over');
    await changeEmail(user.cookie, newEmail);
    const reportPath = await linkIn(user.email, '/report-email-change');
    await press(await linkIn(newEmail, '/confirm-email'), 'Confirm my new email');
    expect((await call('/api/auth/login', { json: { email: newEmail, password: user.password } })).status).toBe(200);

    expect(await htmlOf(await press(reportPath, 'Cancel the change and sign out everywhere'), 200)).toContain('Your address is back');
    const cookie = await logIn(user.email, user.password);
    expect(await me(cookie)).toMatchObject({ user: { email: user.email, emailVerified: true } });
    expect((await call('/api/auth/login', { json: { email: newEmail, password: user.password } })).status).toBe(401);
  });

  it('forgets expired links in the daily clean-up', async () => {
    const user = await signUp();
    await changeEmail(user.cookie, uniqueEmail('stale'));
    const later = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    const deleted = await deleteExpired(getDb(env.DB), later, []);
    expect(deleted.emailChangeLinks).toBeGreaterThanOrEqual(2);
    const left = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM email_changes WHERE user_id = ?1) + (SELECT count(*) FROM email_change_reports WHERE user_id = ?1) AS n',
    )
      .bind(user.id)
      .first('n');
    expect(left).toBe(0);
  });
});

describe('deleting the account', () => {
  it('refuses a wrong word (400), a wrong password (403) and the last admin (409)', async () => {
    const user = await signUp();
    const del = (cookie: string, body: unknown) => call('/api/account', { method: 'DELETE', cookie, json: body });
    const word = await del(user.cookie, { confirm: 'remove', password: user.password });
    expect(word.status).toBe(400);
    expect(await json(word)).toEqual({ message: 'Type delete to confirm', fieldErrors: { confirm: ['Type delete to confirm'] } });
    const password = await del(user.cookie, { confirm: 'delete', password: 'not-my-password' });
    expect(password.status).toBe(403);
    expect(await json(password)).toMatchObject({ message: 'Password is incorrect' });
    expect((await me(user.cookie)).user.email).toBe(user.email);

    // The last admin (every other admin demoted first, as the earlier test files may have left some).
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE role = 'admin'").run();
    const admin = await signUpAdmin();
    const last = await del(admin.cookie, { confirm: ' DeLeTe ', password: admin.password });
    expect(last.status).toBe(409);
    expect(await json(last)).toEqual({ message: 'You are the last admin: make another admin first, then delete your account.' });
    expect((await me(admin.cookie)).user.email).toBe(admin.email);
    // With another admin, they can.
    await signUpAdmin();
    expect((await del(admin.cookie, { confirm: 'Delete', password: admin.password })).status).toBe(200);
  });

  it('removes every row of theirs in every table, signs them out everywhere, and keeps the audit trail under a pseudonym', async () => {
    const coach = await signUpAdmin();
    // The member is an admin too, who acted on someone: the trail names them as the actor.
    const member = await signUp(undefined, undefined, 'Sam Member');
    const bystander = await signUp();
    const { cookie } = member;
    const phone = await logIn(member.email, member.password);
    await call('/api/admin/grant-membership', { cookie: coach.cookie, json: { userId: member.id, plan: 'premium', confirm: 'upgrade' } });
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(member.id).run();
    await call('/api/admin/grant-membership', { cookie, json: { userId: bystander.id, plan: 'premium', confirm: 'upgrade' } });
    // A row in every table a participant can reach.
    await call('/api/reminders', { cookie, json: { checkIn: { enabled: true, localTime: '20:00' }, webinars: { enabled: true } } });
    await call('/api/calendar-feed/reset', { cookie, json: {} });
    const dueAt = await env.DB.prepare('SELECT check_in_due_at AS dueAt FROM reminder_settings WHERE user_id = ?')
      .bind(member.id)
      .first<string>('dueAt');
    await worker.scheduled(createScheduledController({ cron: QUARTER_HOUR_CRON, scheduledTime: new Date(dueAt!) }), env);
    await latestMailTo(member.email, 400, 'check-in?t=');
    await call('/api/progress', { cookie, json: session1() });
    await call('/api/check-ins', { cookie, json: { mood: 6 } });
    await call('/api/auth/forgot-password', { json: { email: member.email } });
    await latestMailTo(member.email, 400, 'reset-password');
    await call('/api/auth/login', { json: { email: member.email, password: 'wrong-password' } });
    await env.DB.prepare(
      "INSERT INTO membership_grants (source, subject, user_id, plan, status, origin) VALUES ('stripe', ?, ?, 'premium', 'active', 'stripe')",
    )
      .bind(`cus_${member.id}`, member.id)
      .run();
    const newEmail = uniqueEmail('pending');
    expect((await changeEmail(cookie, newEmail)).status).toBe(202);
    await latestMailTo(newEmail, 400, 'confirm-email');
    await env.DB.prepare("UPDATE users SET role = 'user' WHERE id = ?").bind(member.id).run();
    await computeCohortReport(getDb(env.DB), 'founding', new Date(Date.now() + 8 * 24 * 3600 * 1000));

    const named = [member.id, member.email, newEmail];
    const before = await rowsNaming(named);
    const reached = Object.entries(before)
      .filter(([, n]) => n > 0)
      .map(([table]) => table);
    for (const table of [
      'users',
      'memberships',
      'membership_grants',
      'auth_sessions',
      'password_reset_tokens',
      'email_verification_tokens',
      'progress',
      'check_ins',
      'check_in_summaries',
      'wheel_snapshots',
      'reminder_settings',
      'reminder_sends',
      'mail_deliveries',
      'calendar_feeds',
      'cohort_attention',
      'email_changes',
      'email_change_reports',
      'email_outbox',
      'rate_limits',
      'audit_entries',
    ]) {
      expect(reached, table).toContain(table);
    }

    // Before the word and the password: the paid subscription is named, with where to cancel it.
    const settings = await htmlOf(await call('/settings', { cookie }), 200);
    expect(settings).toContain('You still pay for a subscription');
    expect(settings).toContain('Premium plan through Stripe');

    const response = await call('/api/account', { method: 'DELETE', cookie, json: { confirm: 'delete', password: member.password } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: 'Your account has been deleted' });
    expect(response.headers.getSetCookie().some((c) => c.startsWith('__Host-life7_session=;'))).toBe(true);

    // Nothing names them anywhere, but the audit trail, under their pseudonym.
    const after = await rowsNaming(named);
    const left = Object.fromEntries(Object.entries(after).filter(([, n]) => n > 0));
    expect(left, JSON.stringify(left)).toEqual({});
    const pseudonym = await pseudonymOf(member.id);
    const trail = await env.DB.prepare(
      'SELECT user_id AS userId, actor, action FROM audit_entries WHERE user_id = ?1 OR actor = ?1 ORDER BY at',
    )
      .bind(pseudonym)
      .all<{ userId: string; actor: string; action: string }>();
    expect(
      trail.results.map((e) => [e.userId === pseudonym ? 'them' : 'other', e.actor === pseudonym ? 'them' : e.actor, e.action]),
    ).toEqual([
      ['them', coach.email, 'Admin plan changed'],
      ['other', 'them', 'Admin plan changed'],
      ['them', 'them', 'Account deleted'],
    ]);
    for (const c of [cookie, phone]) expect((await call('/api/auth/me', { cookie: c })).status).toBe(401);
    expect((await call('/api/auth/login', { json: { email: member.email, password: member.password } })).status).toBe(401);
    // The others are untouched.
    expect((await me(coach.cookie)).user.email).toBe(coach.email);
    expect((await me(bystander.cookie)).user.email).toBe(bystander.email);
  });

  it('works as a form post without JavaScript: lands on the done page, signed out', async () => {
    const user = await signUp();
    const refused = await call('/settings?form=delete-account', {
      cookie: user.cookie,
      form: { confirm: 'delet', password: user.password },
    });
    const page = await htmlOf(await followFailedPost(refused, user.cookie), 400);
    expect(page).toContain('Type delete to confirm');
    expect(page).not.toContain(user.password);

    const posted = await call('/settings?form=delete-account', {
      cookie: user.cookie,
      form: { confirm: 'DELETE ', password: user.password },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/account-deleted');
    expect(posted.headers.getSetCookie().some((c) => c.startsWith('__Host-life7_session=;'))).toBe(true);
    const done = await htmlOf(await call('/account-deleted'), 200);
    expect(done).toContain('Your account has been deleted');
    expect((await call('/settings', { cookie: user.cookie })).headers.get('location')).toContain('/login');
  });
});

describe('Settings before a deletion', () => {
  it("names a Stripe subscription with 'Manage billing' (STRIPE_BILLING_PORTAL_URL) and a Patreon one with Patreon's page", async () => {
    const user = await signUp();
    await env.DB.prepare(
      "INSERT INTO membership_grants (source, subject, user_id, plan, status, origin) VALUES ('stripe', ?1, ?2, 'premium', 'active', 'stripe'), ('patreon', ?3, ?2, 'mastermind', 'active', 'patreon'), ('stripe', ?4, ?2, 'challenge', 'cancelled', 'stripe')",
    )
      .bind(`cus_a_${user.id}`, user.id, user.email, `cus_b_${user.id}`)
      .run();
    const request = new Request(`${ORIGIN}/settings`, { headers: { cookie: user.cookie } });
    const portal = 'https://billing.stripe.com/p/login/test_portal';
    const withPortal = await worker.fetch(
      request as Parameters<typeof worker.fetch>[0],
      { ...env, STRIPE_BILLING_PORTAL_URL: portal },
      createExecutionContext(),
    );
    const html = await htmlOf(withPortal, 200);
    expect(html).toContain(`href="${portal}"`);
    expect(html).toContain('Manage billing');
    expect(html).toContain('https://www.patreon.com/settings/memberships');
    expect(html).toContain('Mastermind plan through Patreon');
    expect(html).not.toContain('Challenge plan through Stripe');
    const without = await htmlOf(await call('/settings', { cookie: user.cookie }), 200);
    // Without the portal no Stripe link; outside production Billing's 'Manage billing' opens the stand-in portal (decision 41).
    expect(without).not.toContain(portal);
    expect(without).toContain(`href="/dev/billing?prefilled_email=${encodeURIComponent(user.email)}"`);
    const standIn = await htmlOf(
      await call(`/dev/billing?prefilled_email=${encodeURIComponent(user.email)}`, { cookie: user.cookie }),
      200,
    );
    expect(standIn).toContain('Development billing portal');
    expect(standIn).toContain(user.email);
    expect(without).toContain('Cancel it with Stripe');
    expect(await json(await call('/api/account', { cookie: user.cookie }))).toMatchObject({
      paidSubscriptions: [{ source: 'stripe', manageUrl: null }, { source: 'patreon' }],
    });
  });
});

describe("'Download My Progress'", () => {
  it('holds the reminder and mail choices and the pending email change, whatever the plan', async () => {
    const user = await signUp();
    await call('/api/reminders', {
      cookie: user.cookie,
      json: { checkIn: { enabled: true, localTime: '07:15' }, webinars: { enabled: false } },
    });
    const newEmail = uniqueEmail('export');
    await changeEmail(user.cookie, newEmail);
    await env.DB.prepare("UPDATE memberships SET status = 'cancelled' WHERE user_id = ?").bind(user.id).run();
    const response = await call('/api/progress/export', { cookie: user.cookie });
    expect(response.status).toBe(200);
    const data = (await response.json()) as Json;
    expect(data.reminders).toMatchObject({
      checkIn: { enabled: true, localTime: '07:15' },
      webinars: { enabled: false },
      unsubscribed: ['webinar'],
    });
    expect(data.pendingEmailChange).toMatchObject({ newEmail });
    expect(JSON.stringify(data)).not.toContain('token');
  });
});

describe('the account pages', () => {
  it('/privacy and /account-deleted are public pages without JavaScript', async () => {
    for (const path of ['/privacy', '/account-deleted']) {
      const html = await htmlOf(await call(path), 200);
      expect(html, path).not.toContain('<script');
    }
    const privacy = await (await call('/privacy')).text();
    for (const words of ['03:00 UTC', '30 days', '7 days', '1 hour', '24 hours', 'Download My Progress', 'pseudonymous']) {
      expect(privacy).toContain(words);
    }
    expect(await (await call('/login?tab=signup')).text()).toContain('href="/privacy"');
    const user = await signUp();
    expect(await (await call('/settings', { cookie: user.cookie })).text()).toContain('href="/privacy"');
    expect(await (await call('/faq', { cookie: user.cookie })).text()).not.toContain('Contact the team to have your account deleted');
  });
});

describe('bad input, anonymous and cross-site requests', () => {
  const endpoints: [method: string, path: string, good: Json][] = [
    ['POST', '/api/account/name', { name: 'Ana' }],
    ['POST', '/api/account/email', { email: 'someone@example.com', password: 'a-good-password' }],
    ['DELETE', '/api/account', { confirm: 'delete', password: 'a-good-password' }],
  ];

  it('answers 400 JSON with a message for missing fields, huge strings and wrong types', async () => {
    const user = await signUp();
    const bad: Record<string, Json[]> = {
      '/api/account/name': [{}, { name: 'x'.repeat(20_000) }, { name: 42 }, { name: ['a'] }, { name: { a: 1 } }],
      '/api/account/email': [
        {},
        { email: 'someone@example.com' },
        { password: 'a-good-password' },
        { email: `${'x'.repeat(20_000)}@example.com`, password: 'a-good-password' },
        { email: 'someone@example.com', password: 'p'.repeat(20_000) },
        { email: 42, password: true },
        { email: 'not an address', password: 'a-good-password' },
      ],
      '/api/account': [
        {},
        { confirm: 'delete' },
        { password: 'a-good-password' },
        { confirm: 'd'.repeat(20_000), password: 'x' },
        { confirm: 1, password: 2 },
      ],
    };
    for (const [method, path] of endpoints) {
      for (const body of bad[path]!) {
        const response = await call(path, { method, cookie: user.cookie, json: body });
        expect(response.status, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        const answer = await json(response);
        expect(typeof answer.message).toBe('string');
      }
      for (const raw of ['', 'not json', '[1,2', 'null']) {
        const response = await call(path, { method, cookie: user.cookie, raw, headers: { 'content-type': 'application/json' } });
        expect(response.status, `${path} ${raw}`).toBe(400);
        expect(typeof (await json(response)).message).toBe('string');
      }
    }
    // Nothing changed.
    expect(await me(user.cookie)).toMatchObject({ user: { email: user.email, name: null } });
  });

  it('answers anonymous requests 401 and cross-site writes 403', async () => {
    const user = await signUp();
    for (const [method, path, good] of [...endpoints, ['POST', '/api/account/email/resend', {}] as [string, string, Json]]) {
      const anonymous = await call(path, { method, json: good });
      expect(anonymous.status, path).toBe(401);
      expect(await json(anonymous)).toEqual({ message: 'Not signed in' });
      const crossSite = await call(path, { method, cookie: user.cookie, json: good, origin: 'https://evil.example' });
      expect(crossSite.status, path).toBe(403);
      expect(await json(crossSite)).toEqual({ message: 'Cross-site request refused' });
    }
    expect((await call('/api/account')).status).toBe(401);
    expect((await call('/api/account/email', { method: 'DELETE' })).status).toBe(401);
    for (const form of ['name', 'email', 'email-resend', 'email-cancel', 'delete-account']) {
      const response = await call(`/settings?form=${form}`, { cookie: user.cookie, form: { name: 'x' }, origin: 'https://evil.example' });
      expect(response.status, form).toBe(403);
    }
    expect(await me(user.cookie)).toMatchObject({ user: { email: user.email } });
  });
});
