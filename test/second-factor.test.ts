// Admins' second factor (decision 43, docs/product.md#second-factor-for-admins): setup with one
// code, ten recovery codes shown once, the sign-in's code step, each code once (replay), the code
// step throttled, recovery codes once, another admin's audited reset, and ADMIN_SECOND_FACTOR.
import { env } from 'cloudflare:test';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { secondFactorMode } from '../src/server/config';
import { call, followFailedPost, htmlOf, logIn, type RequestOptions, sessionCookie, signUp } from './helpers';

const REQUIRED = { ADMIN_SECOND_FACTOR: 'required' } as const;

/** A request as a deployment with ADMIN_SECOND_FACTOR=required sees it. */
const callRequired = (path: string, options: RequestOptions = {}) => call(path, { ...options, vars: REQUIRED });

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** A code that is wrong for `secret` at every step the server accepts now. */
function wrongCode(secret: string): string {
  const taken = new Set([-1, 0, 1].map((step) => codeOf(secret, step)));
  let n = 123456;
  while (taken.has(String(n))) n += 1;
  return String(n);
}

async function newAdmin(): Promise<{ id: string; email: string; password: string; cookie: string }> {
  const account = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(account.id).run();
  return account;
}

/** An admin whose second factor is on (set up in `cookie`'s session with the current step's code). */
async function adminWithSecondFactor() {
  const admin = await newAdmin();
  const setup = await call('/api/account/second-factor/setup', { cookie: admin.cookie, json: {} });
  expect(setup.status).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await call('/api/account/second-factor/enable', { cookie: admin.cookie, json: { code: codeOf(secret) } });
  expect(enabled.status).toBe(200);
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  return { ...admin, secret, recoveryCodes };
}

describe('ADMIN_SECOND_FACTOR', () => {
  it('is required in production and optional elsewhere unless set', () => {
    expect(secondFactorMode({ ...env, ENVIRONMENT: 'production', ADMIN_SECOND_FACTOR: undefined })).toBe('required');
    expect(secondFactorMode({ ...env, ENVIRONMENT: 'development', ADMIN_SECOND_FACTOR: undefined })).toBe('optional');
    expect(secondFactorMode({ ...env, ENVIRONMENT: 'test' })).toBe('optional');
    expect(secondFactorMode({ ...env, ENVIRONMENT: 'production', ADMIN_SECOND_FACTOR: 'optional' })).toBe('optional');
    expect(secondFactorMode({ ...env, ENVIRONMENT: 'test', ADMIN_SECOND_FACTOR: 'required' })).toBe('required');
  });

  it('optional: an admin signs in with the password alone', async () => {
    const admin = await newAdmin();
    const login = await call('/api/auth/login', { json: { email: admin.email, password: admin.password } });
    expect(await login.json()).toMatchObject({ secondFactor: { enabled: false, verified: false } });
    expect((await call('/api/admin/users', { cookie: sessionCookie(login) })).status).toBe(200);
    expect((await call('/admin/users', { cookie: sessionCookie(login) })).status).toBe(200);
  });
});

describe('required, before it is set up', () => {
  it('closes admin pages and APIs, leads the sign-in to the setup, and leaves participant pages open', async () => {
    const admin = await newAdmin();
    const page = await callRequired('/admin/users', { cookie: admin.cookie });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/settings/two-factor');
    const api = await callRequired('/api/admin/users', { cookie: admin.cookie });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: 'Set up your second factor first' });
    expect((await callRequired('/api/admin/cohort', { cookie: admin.cookie })).status).toBe(403);
    expect((await callRequired('/settings', { cookie: admin.cookie })).status).toBe(200);
    expect((await callRequired('/api/auth/me', { cookie: admin.cookie })).status).toBe(200);

    const form = await callRequired('/login', { form: { email: admin.email, password: admin.password } });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/settings/two-factor');
    const json = await callRequired('/api/auth/login', { json: { email: admin.email, password: admin.password } });
    expect(await json.json()).toMatchObject({ secondFactor: { enabled: false, verified: false } });
  });

  it('opens them once set up and verified in that session: setup, one code, ten recovery codes', async () => {
    const admin = await newAdmin();
    const setup = await callRequired('/api/account/second-factor/setup', { cookie: admin.cookie, json: {} });
    const { secret, otpauthUrl } = (await setup.json()) as { secret: string; otpauthUrl: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Life7:.*issuer=Life7/);

    const wrong = await callRequired('/api/account/second-factor/enable', { cookie: admin.cookie, json: { code: wrongCode(secret) } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fieldErrors: { code: ['Invalid code: check your authenticator app and try again'] } });
    expect((await callRequired('/api/admin/users', { cookie: admin.cookie })).status).toBe(403);

    const enabled = await callRequired('/api/account/second-factor/enable', { cookie: admin.cookie, json: { code: codeOf(secret) } });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only their hashes are stored.
    const { results } = await env.DB.prepare('SELECT code_hash FROM recovery_codes WHERE user_id = ?')
      .bind(admin.id)
      .all<{ code_hash: string }>();
    expect(results).toHaveLength(10);
    for (const { code_hash } of results) {
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.some((code) => code_hash.includes(code.replace('-', '')))).toBe(false);
    }

    expect((await callRequired('/api/admin/users', { cookie: admin.cookie })).status).toBe(200);
    expect((await callRequired('/admin/users', { cookie: admin.cookie })).status).toBe(200);
    expect(await (await callRequired('/api/auth/me', { cookie: admin.cookie })).json()).toMatchObject({
      secondFactor: { enabled: true, verified: true },
    });
    // On already: a new key is refused.
    expect((await callRequired('/api/account/second-factor/setup', { cookie: admin.cookie, json: {} })).status).toBe(409);
  });
});

describe('the setup page', () => {
  it('shows the QR code and the key, turns it on with a code, and shows the recovery codes once', async () => {
    const admin = await newAdmin();
    const html = await htmlOf(await callRequired('/settings/two-factor', { cookie: admin.cookie }), 200);
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
    const grouped = /id="two-factor-secret">([A-Z2-7 ]+)</.exec(html)?.[1];
    expect(grouped).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = grouped!.replaceAll(' ', '');
    // A reload shows the same key.
    expect(await htmlOf(await callRequired('/settings/two-factor', { cookie: admin.cookie }), 200)).toContain(grouped);
    // Settings links to it.
    expect(await htmlOf(await callRequired('/settings', { cookie: admin.cookie }), 200)).toContain('href="/settings/two-factor"');

    const refused = await callRequired('/settings/two-factor?form=enable', { cookie: admin.cookie, form: { code: wrongCode(secret) } });
    const shown = await htmlOf(await followFailedPost(refused, admin.cookie), 400);
    expect(shown).toContain('Invalid code: check your authenticator app and try again');

    const done = await callRequired('/settings/two-factor?form=enable', { cookie: admin.cookie, form: { code: codeOf(secret) } });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/settings/two-factor');
    const sealed = done.headers
      .getSetCookie()
      .filter((cookie) => cookie.startsWith('__Secure-life7_recovery=') || cookie.startsWith('__Host-life7_flash'))
      .map((cookie) => cookie.split(';')[0]);
    const codesPage = await htmlOf(await callRequired('/settings/two-factor', { cookie: [admin.cookie, ...sealed].join('; ') }), 200);
    expect(codesPage).toContain('Save your recovery codes');
    expect(codesPage).toContain('I have saved these');
    expect(codesPage.match(/<code>[a-z2-9]{5}-[a-z2-9]{5}<\/code>/g)).toHaveLength(10);
    // Shown once: the next load shows the second factor as on.
    const onPage = await htmlOf(await callRequired('/settings/two-factor', { cookie: admin.cookie }), 200);
    expect(onPage).toContain('Two-factor authentication is on');
    expect(onPage).toContain('10 recovery codes are');
    expect(onPage).not.toContain('Save your recovery codes');
  });

  it('is for admins only', async () => {
    const member = await signUp();
    const page = await call('/settings/two-factor', { cookie: member.cookie });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/settings');
    const api = await call('/api/account/second-factor/setup', { cookie: member.cookie, json: {} });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: 'Admins only' });
    expect(await htmlOf(await call('/settings', { cookie: member.cookie }), 200)).not.toContain('/settings/two-factor');
  });
});

describe('signing in with a second factor', () => {
  it('opens the session waiting for the code: admin pages and APIs wait, then work after the code', async () => {
    const admin = await adminWithSecondFactor();
    const form = await call('/login?next=%2Fadmin%2Fusers', { form: { email: admin.email, password: admin.password } });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/login/code?next=%2Fadmin%2Fusers');
    const cookie = sessionCookie(form);

    for (const path of ['/admin/users', '/admin/cohort', '/dashboard', '/settings', '/settings/two-factor']) {
      const page = await call(path, { cookie });
      expect(page.status, path).toBe(303);
      expect(page.headers.get('location'), path).toBe(`/login/code?next=${encodeURIComponent(path)}`);
    }
    for (const path of ['/api/admin/users', '/api/progress', '/api/reminders']) {
      const api = await call(path, { cookie });
      expect(api.status, path).toBe(403);
      expect(await api.json()).toEqual({ message: 'Enter your second-factor code first' });
    }
    expect((await call('/api/account/second-factor/disable', { cookie, json: { code: codeOf(admin.secret, 1) } })).status).toBe(403);
    expect(await (await call('/api/auth/me', { cookie })).json()).toMatchObject({ secondFactor: { enabled: true, verified: false } });

    const codePage = await htmlOf(await call('/login/code?next=%2Fadmin%2Fusers', { cookie }), 200);
    expect(codePage).toContain('Enter the 6-digit code from your authenticator app');
    expect(codePage).toContain('Use a recovery code');

    // A wrong code comes back to the page, beside its field.
    const wrong = await call('/login/code?next=%2Fadmin%2Fusers', { cookie, form: { code: wrongCode(admin.secret) } });
    expect(await htmlOf(await followFailedPost(wrong, cookie), 401)).toContain('Invalid code: check your authenticator app and try again');

    // The setup used this step's code: the next step's is new.
    const right = await call('/login/code?next=%2Fadmin%2Fusers', { cookie, form: { code: codeOf(admin.secret, 1) } });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe('/admin/users');
    expect((await call('/admin/users', { cookie })).status).toBe(200);
    expect((await call('/api/admin/users', { cookie })).status).toBe(200);
    expect(await (await call('/api/auth/me', { cookie })).json()).toMatchObject({ secondFactor: { enabled: true, verified: true } });
    // Done: the code page sends the visitor on.
    expect((await call('/login/code', { cookie })).headers.get('location')).toBe('/dashboard');
  });

  it('the same code is refused the second time (replay), in another session too', async () => {
    const admin = await adminWithSecondFactor();
    const code = codeOf(admin.secret, 1);
    const first = await logIn(admin.email, admin.password);
    const answer = await call('/api/auth/second-factor', { cookie: first, json: { code } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ user: { email: admin.email }, secondFactor: { enabled: true, verified: true } });

    const second = await logIn(admin.email, admin.password);
    const replay = await call('/api/auth/second-factor', { cookie: second, json: { code } });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({
      message: 'That code was already used: wait for the next one and try again',
      fieldErrors: { code: ['That code was already used: wait for the next one and try again'] },
    });
    // The setup's own code (an older step) is refused too.
    expect((await call('/api/auth/second-factor', { cookie: second, json: { code: codeOf(admin.secret, 0) } })).status).toBe(401);
    expect((await call('/api/admin/users', { cookie: second })).status).toBe(403);
  });

  it('two racing requests with one code: exactly one wins', async () => {
    const admin = await adminWithSecondFactor();
    const code = codeOf(admin.secret, 1);
    const cookies = await Promise.all([logIn(admin.email, admin.password), logIn(admin.email, admin.password)]);
    const answers = await Promise.all(cookies.map((cookie) => call('/api/auth/second-factor', { cookie, json: { code } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('throttles wrong codes like the password: 10 a quarter hour, then 429 even for the right one', async () => {
    const admin = await adminWithSecondFactor();
    const cookie = await logIn(admin.email, admin.password);
    const wrong = wrongCode(admin.secret);
    for (let i = 0; i < 10; i++) {
      expect((await call('/api/auth/second-factor', { cookie, json: { code: wrong } })).status).toBe(401);
    }
    const throttled = await call('/api/auth/second-factor', { cookie, json: { code: codeOf(admin.secret, 1) } });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await throttled.json()) as { message: string }).message).toMatch(
      /^Too many code attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect((await call('/api/admin/users', { cookie })).status).toBe(403);
    // A form post that is throttled is answered in place, with its wait.
    const page = await call('/login/code', { cookie, form: { code: wrong } });
    expect(await htmlOf(page, 429)).toContain('Too many code attempts');
  });

  it('a recovery code works once, with or without its dash', async () => {
    const admin = await adminWithSecondFactor();
    const [recovery] = admin.recoveryCodes as [string];
    const first = await logIn(admin.email, admin.password);
    const used = await call('/login/code?recovery=1', { cookie: first, form: { code: recovery.replace('-', ' ').toUpperCase() } });
    expect(used.status).toBe(303);
    expect(used.headers.get('location')).toBe('/dashboard');
    expect((await call('/api/admin/users', { cookie: first })).status).toBe(200);

    const second = await logIn(admin.email, admin.password);
    const again = await call('/api/auth/second-factor', { cookie: second, json: { code: recovery } });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ message: 'Invalid recovery code, or one already used' });
    expect(await (await call('/settings/two-factor', { cookie: first })).text()).toContain('9 recovery codes are');
  });

  it('an admin with a temporary password gives the code first, then replaces the password', async () => {
    const admin = await adminWithSecondFactor();
    await env.DB.prepare('UPDATE users SET must_change_password = 1 WHERE id = ?').bind(admin.id).run();
    const login = await call('/login', { form: { email: admin.email, password: admin.password } });
    expect(login.headers.get('location')).toBe('/login/code?next=%2Fsettings');
    const cookie = sessionCookie(login);
    const answer = await call('/api/auth/second-factor', { cookie, json: { code: codeOf(admin.secret, 1) } });
    expect(answer.status).toBe(200);
    expect(await (await call('/api/admin/users', { cookie })).json()).toEqual({ message: 'Set a new password first' });
    expect((await call('/dashboard', { cookie })).headers.get('location')).toBe('/settings');
  });
});

describe('turning it off', () => {
  it('asks a code (or a recovery code), then the sign-in asks the password only', async () => {
    const admin = await adminWithSecondFactor();
    const refused = await call('/api/account/second-factor/disable', { cookie: admin.cookie, json: { code: wrongCode(admin.secret) } });
    expect(refused.status).toBe(400);
    expect((await call('/api/account/second-factor/disable', { cookie: admin.cookie, json: {} })).status).toBe(400);
    const off = await call('/api/account/second-factor/disable', { cookie: admin.cookie, json: { code: admin.recoveryCodes[0] } });
    expect(off.status).toBe(200);
    const counts = await env.DB.prepare(
      'SELECT (SELECT count(*) FROM second_factors WHERE user_id = ?1) AS factors, (SELECT count(*) FROM recovery_codes WHERE user_id = ?1) AS codes',
    )
      .bind(admin.id)
      .first<{ factors: number; codes: number }>();
    expect(counts).toEqual({ factors: 0, codes: 0 });
    const login = await call('/api/auth/login', { json: { email: admin.email, password: admin.password } });
    expect(await login.json()).toMatchObject({ secondFactor: { enabled: false, verified: false } });
    expect((await call('/api/admin/users', { cookie: sessionCookie(login) })).status).toBe(200);
    // Where it is required, admin pages close until it is on again.
    expect((await callRequired('/api/admin/users', { cookie: sessionCookie(login) })).status).toBe(403);
  });
});

describe("another admin's reset", () => {
  it('turns it off, ends their sessions and is in the audit trail; a wrong word or none on changes nothing', async () => {
    const target = await adminWithSecondFactor();
    const pending = await logIn(target.email, target.password);
    const admin = await newAdmin();

    const word = await call(`/api/admin/users/${target.id}/second-factor/reset`, { cookie: admin.cookie, json: { confirm: 'delete' } });
    expect(word.status).toBe(400);
    expect(await word.json()).toEqual({ message: 'Type reset to confirm', fieldErrors: { confirm: ['Type reset to confirm'] } });
    expect((await call('/api/auth/me', { cookie: target.cookie })).status).toBe(200);

    const reset = await call(`/api/admin/users/${target.id}/second-factor/reset`, { cookie: admin.cookie, json: { confirm: 'RESET' } });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ message: 'Second factor reset' });
    // Every session of theirs ended, the one waiting for its code too.
    expect((await call('/api/auth/me', { cookie: target.cookie })).status).toBe(401);
    expect((await call('/api/auth/me', { cookie: pending })).status).toBe(401);
    const row = await env.DB.prepare('SELECT count(*) AS n FROM second_factors WHERE user_id = ?').bind(target.id).first<{ n: number }>();
    expect(row?.n).toBe(0);

    const trail = (await (await call(`/api/admin/users/${target.id}/audit`, { cookie: admin.cookie })).json()) as {
      entries: { actor: string; action: string; from: string | null; to: string | null }[];
    };
    expect(trail.entries).toHaveLength(1);
    expect(trail.entries[0]).toMatchObject({ actor: admin.email, action: 'Second factor reset', to: 'Off' });
    expect(trail.entries[0]!.from).toMatch(/^On since \d{4}-\d{2}-\d{2}$/);

    // Nothing on any more: refused, and nothing more in the trail.
    const again = await call(`/api/admin/users/${target.id}/second-factor/reset`, { cookie: admin.cookie, json: {} });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: 'They have no second factor to reset' });
    expect((await call('/api/admin/users/nobody/second-factor/reset', { cookie: admin.cookie, json: {} })).status).toBe(404);
    const after = (await (await call(`/api/admin/users/${target.id}/audit`, { cookie: admin.cookie })).json()) as { entries: unknown[] };
    expect(after.entries).toHaveLength(1);
  });

  it('never their own: that is turned off in Settings, with a code', async () => {
    const admin = await adminWithSecondFactor();
    const own = await call(`/api/admin/users/${admin.id}/second-factor/reset`, { cookie: admin.cookie, json: { confirm: 'reset' } });
    expect(own.status).toBe(409);
    expect(await own.json()).toEqual({ message: 'Turn your own second factor off in Settings, with a code' });
    const page = await htmlOf(await call(`/admin/users/${admin.id}`, { cookie: admin.cookie }), 200);
    expect(page).toContain('To turn your own off');
    expect(page).not.toContain('?action=second-factor');
    const row = await env.DB.prepare('SELECT count(*) AS n FROM second_factors WHERE user_id = ?').bind(admin.id).first<{ n: number }>();
    expect(row?.n).toBe(1);
  });

  it("works from the participant's page, beside that page's other actions", async () => {
    const target = await adminWithSecondFactor();
    const admin = await newAdmin();
    const path = `/admin/users/${target.id}`;
    const page = await htmlOf(await call(path, { cookie: admin.cookie }), 200);
    expect(page).toContain(`action="${path}?action=second-factor"`);

    const refused = await call(`${path}?action=second-factor`, { cookie: admin.cookie, form: { confirm: 'nope' } });
    expect(await htmlOf(await followFailedPost(refused, admin.cookie), 400)).toContain('Type reset to confirm');

    const done = await call(`${path}?action=second-factor`, { cookie: admin.cookie, form: { confirm: 'reset' } });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(path);
    const after = await htmlOf(await call(path, { cookie: admin.cookie }), 200);
    expect(after).toContain('Two-factor authentication is off for');
    expect(after).toContain('Second factor reset');

    // The page's own actions still reach their handler.
    const plan = await call(`${path}?action=plan`, { cookie: admin.cookie, form: { plan: 'premium', confirm: 'upgrade' } });
    expect(plan.status).toBe(303);
    expect(plan.headers.get('location')).toBe(path);
  });
});
