// The account forms as a browser without JavaScript posts them: sign-up, login, the password forms.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FLASH_COOKIE } from '../src/paths';
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
      await call('/settings', {
        cookie,
        form: { currentPassword: 'nope-nope', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
      }),
      cookie,
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Current password is incorrect');
    const sent = await call('/forgot-password', { form: { email } });
    expect(sent.headers.get('location')).toBe('/forgot-password?sent=1');
  });

  it('carries a failed post to one load of its own page, for the same visitor, without the password, storing nothing', async () => {
    const { email, cookie } = await signUp();
    const keptOf = (response: Response) =>
      response.headers
        .getSetCookie()
        .filter((c) => c.startsWith(FLASH_COOKIE))
        .map((c) => c.split(';')[0])
        .join('; ');
    const failed = await call('/login?next=%2Fsummary', { form: { email, password: 'secret-wrong-pass' } });
    expect(failed.status).toBe(303);
    const kept = keptOf(failed);
    expect(kept).not.toContain('secret-wrong-pass');
    // Nothing of it is stored on our side.
    expect(await env.DB.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'form_replies'").first('n')).toBe(0);
    // Another page, another (signed-in) visitor holding it, or a forged copy see nothing.
    expect(await (await call('/login', { cookie: kept })).text()).not.toContain('Invalid email or password');
    expect(await (await call('/login?next=%2Fsummary', { cookie: `${cookie}; ${kept}` })).text()).not.toContain(
      'Invalid email or password',
    );
    const forged = kept.replace(/=(.)/, (_, ch: string) => `=${ch === 'A' ? 'B' : 'A'}`);
    expect(await (await call('/login?next=%2Fsummary', { cookie: forged })).text()).not.toContain('Invalid email or password');
    // The visitor it belongs to sees it, with the email they typed and not the password; the
    // page load clears it, so a reload is the plain page.
    const shown = await call('/login?next=%2Fsummary', { cookie: kept });
    const html = await htmlOf(shown, 401);
    expect(html).toContain('Invalid email or password');
    expect(html).toContain(email);
    expect(html).not.toContain('secret-wrong-pass');
    expect(shown.headers.getSetCookie().some((c) => c.startsWith(`${FLASH_COOKIE}=;`) && /Max-Age=0/i.test(c))).toBe(true);
  });

  it('answers a redirect, never a 500 or another site, for hostile return paths', async () => {
    const { email, password } = await signUp();
    for (const next of ['/%09/evil.example', '/%0aX', '/%0dX', '/%00', '%2F%2Fevil.example', '/%5Cevil.example']) {
      const page = await call(`/login?next=${next}`, {
        cookie: (await call('/api/auth/login', { json: { email, password } })).headers.getSetCookie()[0]!.split(';')[0],
      });
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
    const response = await call('/api/auth/reset-password', {
      form: { token: 'tok-123', password: 'brand-new-pass', confirmPassword: 'other' },
    });
    const html = await htmlOf(response, 400);
    expect(html).toContain('Reset Your Password');
    expect(html).toContain('value="tok-123"');
    expect(html).toContain('Passwords don&#x27;t match');
    expect(html).not.toContain('brand-new-pass');
  });

  it('offers a new link when the token is unknown', async () => {
    const response = await call('/api/auth/reset-password', {
      form: { token: 'unknown', password: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    const html = await htmlOf(response, 400);
    expect(html).toContain('Invalid Reset Link');
    expect(html).toContain('Request New Reset Link');
  });
});
