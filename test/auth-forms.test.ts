// The account forms as a browser without JavaScript posts them: sign-up, login, the password forms.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, followFailedPost, htmlOf, sessionCookie, signUp } from './helpers';

describe('form posts (no JavaScript)', () => {
  it('redirects with a flash toast on success and re-renders the page on failure', async () => {
    const { email, password } = await signUp();
    const ok = await call('/api/auth/login?next=%2Fsettings', { form: { email, password } });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/settings');
    expect(ok.headers.getSetCookie().join()).toMatch(/__Host-life7_flash=/);

    const bad = await call('/api/auth/login', { form: { email, password: 'wrong-password' } });
    const html = await htmlOf(bad, 401);
    for (const text of ['Invalid email or password', 'Login failed']) expect(html).toContain(text);
    expect(html).not.toContain('wrong-password');
  });

  it('takes each account form at its own page address', async () => {
    const { email, password } = await signUp();
    const bad = await followFailedPost(await call('/login', { form: { email, password: 'wrong-password' } }));
    expect(bad.status).toBe(401);
    expect(await bad.text()).toContain('Invalid email or password');
    const ok = await call('/login?next=%2Fsummary', { form: { email, password } });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/summary');
    const taken = await followFailedPost(await call('/login?tab=signup', { form: { email, password: 'a-good-password' } }));
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain('An account with this email already exists');
    const cookie = sessionCookie(ok);
    const wrong = await followFailedPost(
      await call('/settings', { cookie, form: { currentPassword: 'nope-nope', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' } }),
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Current password is incorrect');
    const sent = await call('/forgot-password', { form: { email } });
    expect(sent.headers.get('location')).toBe('/forgot-password?sent=1');
  });

  it('keeps a failed post for one load of its own page, for the same visitor, without the password', async () => {
    const { email, cookie } = await signUp();
    const failed = await call('/login?next=%2Fsummary', { form: { email, password: 'secret-wrong-pass' } });
    const kept = failed.headers.getSetCookie().find((c) => c.startsWith('__Host-life7_form='))!.split(';')[0]!;
    const row = await env.DB.prepare('SELECT failure, path FROM form_replies WHERE id = ?').bind(kept.split('=')[1]).first<{ failure: string; path: string }>();
    expect(row?.path).toBe('/login?next=%2Fsummary');
    expect(row?.failure).toContain(email);
    expect(row?.failure).not.toContain('secret-wrong-pass');
    // Another page, or another (signed-in) visitor holding the id, sees nothing and the reply is gone.
    expect(await (await call('/login', { cookie: kept })).text()).not.toContain('Invalid email or password');
    const again = await call('/login?next=%2Fsummary', { form: { email, password: 'secret-wrong-pass' } });
    const keptAgain = again.headers.getSetCookie().find((c) => c.startsWith('__Host-life7_form='))!.split(';')[0]!;
    expect(await (await call('/login?next=%2Fsummary', { cookie: `${cookie}; ${keptAgain}` })).text()).not.toContain('Invalid email or password');
    // The visitor it belongs to sees it once; a reload is the plain page.
    const third = await call('/login?next=%2Fsummary', { form: { email, password: 'secret-wrong-pass' } });
    const page = await followFailedPost(third);
    expect(await page.text()).toContain('Invalid email or password');
    const keptThird = third.headers.getSetCookie().find((c) => c.startsWith('__Host-life7_form='))!.split(';')[0]!;
    expect(await (await call('/login?next=%2Fsummary', { cookie: keptThird })).text()).not.toContain('Invalid email or password');
  });

  it('answers a redirect, never a 500 or another site, for hostile return paths', async () => {
    const { email, password } = await signUp();
    for (const next of ['/%09/evil.example', '/%0aX', '/%0dX', '/%00', '%2F%2Fevil.example', '/%5Cevil.example']) {
      const page = await call(`/login?next=${next}`, { cookie: (await call('/api/auth/login', { json: { email, password } })).headers.getSetCookie()[0]!.split(';')[0] });
      expect(page.status, next).toBe(302);
      expect(page.headers.get('location'), next).toBe('/dashboard');
      const signIn = await call(`/login?next=${next}`, { form: { email, password } });
      expect(signIn.status, next).toBe(303);
      expect(signIn.headers.get('location'), next).toBe('/dashboard');
    }
  });

  it('never follows a return path to another site', async () => {
    const { email, password } = await signUp();
    const response = await call('/api/auth/login?next=%2F%2Fevil.example', { form: { email, password } });
    expect(response.headers.get('location')).toBe('/dashboard');
  });
});

describe('reset form posts (no JavaScript)', () => {
  it('keeps the token in the re-rendered form when the passwords do not match', async () => {
    const response = await call('/api/auth/reset-password', { form: { token: 'tok-123', password: 'brand-new-pass', confirmPassword: 'other' } });
    const html = await htmlOf(response, 400);
    expect(html).toContain('Reset Your Password');
    expect(html).toContain('value="tok-123"');
    expect(html).toContain('Passwords don&#x27;t match');
    expect(html).not.toContain('brand-new-pass');
  });

  it('offers a new link when the token is unknown', async () => {
    const response = await call('/api/auth/reset-password', { form: { token: 'unknown', password: 'brand-new-pass', confirmPassword: 'brand-new-pass' } });
    const html = await htmlOf(response, 400);
    expect(html).toContain('Invalid Reset Link');
    expect(html).toContain('Request New Reset Link');
  });
});
