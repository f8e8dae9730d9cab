import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { call, latestMailTo, logIn, resetTokenFrom, sessionCookie, signUp, uniqueEmail } from './helpers';

describe('sign-up', () => {
  it('creates a challenge member, signs them in with a hardened cookie', async () => {
    const email = uniqueEmail();
    const response = await call('/api/auth/signup', { json: { email, password: 'a-good-password', name: 'Ann' } });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: Record<string, unknown>; membership: unknown };
    expect(body.user).toMatchObject({ email, name: 'Ann', role: 'user' });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.membership).toEqual({ plan: 'challenge', status: 'active' });

    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('__Host-life7_session='))!;
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Domain=/i);

    const me = await call('/api/auth/me', { cookie: sessionCookie(response) });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: { email }, membership: { plan: 'challenge', status: 'active' } });
  });

  it('counts the sign-in that sign-up starts as the last login, in its one batch', async () => {
    const email = uniqueEmail();
    const before = new Date().toISOString();
    const response = await call('/api/auth/signup', { json: { email, password: 'a-good-password' } });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: { lastLoginAt: string | null; createdAt: string } };
    expect(body.user.lastLoginAt).not.toBeNull();
    expect(body.user.lastLoginAt! >= before).toBe(true);
    const stored = await env.DB.prepare('SELECT last_login_at AS at FROM users WHERE email = ?').bind(email).first<{ at: string | null }>();
    expect(stored?.at).toBe(body.user.lastLoginAt);
  });

  it('never grants admin at sign-up, whatever the address, and lowercases emails', async () => {
    const response = await call('/api/auth/signup', { json: { email: 'Boss@Life7.test', password: 'a-good-password', role: 'admin' } });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ user: { email: 'boss@life7.test', role: 'user' } });
  });

  it('answers 409 for a taken email', async () => {
    const { email } = await signUp();
    const response = await call('/api/auth/signup', { json: { email: email.toUpperCase(), password: 'another-password' } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'a-good-password' }, 'email', 'Invalid email address'],
    [{ email: 'ok@example.com', password: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ email: 'ok@example.com' }, 'password', 'Password must be at least 8 characters'],
    [{ email: 'ok@example.com', password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
    [{ email: 42, password: 'a-good-password' }, 'email', 'Invalid email address'],
  ])('refuses %j with 400 and field errors', async (payload, field, message) => {
    const response = await call('/api/auth/signup', { json: payload });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors[field]).toEqual([message]);
    expect(body.message).toBe(message);
  });

  it('refuses a body that is not JSON or a form', async () => {
    const bad = await call('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const plain = await call('/api/auth/signup', { method: 'POST', headers: { 'content-type': 'text/plain' }, raw: 'email=a@b.c' });
    expect(plain.status).toBe(415);
    expect(await plain.json()).toHaveProperty('message');
  });

  it('answers 400 with a message to a request without the body it expects', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }, { 'content-type': 'text/plain' }] as Record<string, string>[]) {
      const empty = await call('/api/auth/signup', { method: 'POST', headers });
      expect(empty.status).toBe(400);
      expect(await empty.json()).toEqual({ message: 'The request has no body: send JSON (application/json) or a form' });
    }
  });
});

describe('login', () => {
  it('signs in with the right password and updates lastLoginAt', async () => {
    const { email, password } = await signUp();
    const response = await call('/api/auth/login', { json: { email: email.toUpperCase(), password } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { lastLoginAt: string | null } };
    expect(body.user.lastLoginAt).not.toBeNull();
    expect((await call('/api/auth/me', { cookie: sessionCookie(response) })).status).toBe(200);
  });

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const { email } = await signUp();
    const wrong = await call('/api/auth/login', { json: { email, password: 'wrong-password' } });
    const unknown = await call('/api/auth/login', { json: { email: uniqueEmail('nobody'), password: 'wrong-password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('validates with the messages of docs/product.md#account-form-rules', async () => {
    const response = await call('/api/auth/login', { json: { email: 'nope', password: '' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors).toEqual({ email: ['Invalid email address'], password: ['Password is required'] });
  });

  it('throttles repeated failures for one email with 429', async () => {
    const { email, password } = await signUp();
    for (let i = 0; i < 10; i++) {
      expect((await call('/api/auth/login', { json: { email, password: 'wrong-password' } })).status).toBe(401);
    }
    const throttled = await call('/api/auth/login', { json: { email, password } });
    expect(throttled.status).toBe(429);
    expect(((await throttled.json()) as { message: string }).message).toMatch(/Too many/);
  });
});

describe('sessions', () => {
  it('answers 401 to /me without a session, with a forged token or a tampered one', async () => {
    expect((await call('/api/auth/me')).status).toBe(401);
    expect((await call('/api/auth/me', { cookie: '__Host-life7_session=not-a-jwt' })).status).toBe(401);
    const { cookie } = await signUp();
    const tampered = cookie.slice(0, -3) + (cookie.endsWith('aaa') ? 'bbb' : 'aaa');
    expect((await call('/api/auth/me', { cookie: tampered })).status).toBe(401);
  });

  it('refuses a token this isolate already verified once it has expired', async () => {
    const { cookie } = await signUp();
    expect((await call('/api/auth/me', { cookie })).status).toBe(200);
    // Only the token's own expiry is left to refuse it: its session row outlives the clock jump.
    await env.DB.prepare("UPDATE auth_sessions SET expires_at = '2999-01-01T00:00:00.000Z'").run();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31 * 24 * 3600 * 1000);
      expect((await call('/api/auth/me', { cookie })).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
    expect((await call('/api/auth/me', { cookie })).status).toBe(200);
  });

  it('ends the session on logout: a copied cookie stops working', async () => {
    const { cookie } = await signUp();
    const logout = await call('/api/auth/logout', { method: 'POST', cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie().join()).toMatch(/__Host-life7_session=;/);
    expect((await call('/api/auth/me', { cookie })).status).toBe(401);
  });

  it('ends every session when the user is deleted', async () => {
    const { cookie, id } = await signUp();
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(id).run();
    expect((await call('/api/auth/me', { cookie })).status).toBe(401);
    const sessions = await env.DB.prepare('SELECT count(*) AS n FROM auth_sessions WHERE user_id = ?').bind(id).first<{ n: number }>();
    expect(sessions?.n).toBe(0);
  });

  it('reads the role from the database on each request', async () => {
    const { cookie, id } = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(id).run();
    expect(await (await call('/api/auth/me', { cookie })).json()).toMatchObject({ user: { role: 'admin' } });
  });
});

describe('cross-site requests', () => {
  it('refuses state changes without an Origin or from another site', async () => {
    const noOrigin = await call('/api/auth/login', { json: { email: 'a@example.com', password: 'x' }, origin: null });
    expect(noOrigin.status).toBe(403);
    expect(await noOrigin.json()).toEqual({ message: 'Cross-site request refused' });
    const evil = await call('/api/auth/signup', {
      form: { email: 'a@example.com', password: 'a-good-password' },
      origin: 'https://evil.example',
    });
    expect(evil.status).toBe(403);
  });
});

describe('forgot and reset password', () => {
  const answer = { message: "If that email exists in our system, we've sent password reset instructions." };

  it('answers the same for known and unknown emails, and mails only the known one', async () => {
    const { email } = await signUp();
    const unknownEmail = uniqueEmail('ghost');
    const known = await call('/api/auth/forgot-password', { json: { email } });
    const unknown = await call('/api/auth/forgot-password', { json: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(answer);
    expect(await unknown.json()).toEqual(answer);
    expect(await latestMailTo(email, 50, 'reset-password?token=')).not.toBeNull();
    expect(await latestMailTo(unknownEmail, 5)).toBeNull();
  });

  it('validates the email', async () => {
    const response = await call('/api/auth/forgot-password', { json: { email: 'nope' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Invalid email address', fieldErrors: { email: ['Invalid email address'] } });
  });

  it('resets with a single-use token, ends every session, and stores only a hash', async () => {
    const { email, cookie } = await signUp();
    await call('/api/auth/forgot-password', { json: { email } });
    const token = resetTokenFrom((await latestMailTo(email, 50, 'reset-password?token='))!.text);
    const stored = await env.DB.prepare('SELECT token_hash FROM password_reset_tokens').all<{ token_hash: string }>();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(token);

    const mismatch = await call('/api/auth/reset-password', { json: { token, password: 'brand-new-pass', confirmPassword: 'other-pass' } });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toMatchObject({ fieldErrors: { confirmPassword: ["Passwords don't match"] } });

    const reset = await call('/api/auth/reset-password', { json: { token, password: 'brand-new-pass' } });
    expect(reset.status).toBe(200);
    expect((await call('/api/auth/me', { cookie })).status).toBe(401);
    expect((await call('/api/auth/login', { json: { email, password: 'a-good-password' } })).status).toBe(401);
    await logIn(email, 'brand-new-pass');

    const again = await call('/api/auth/reset-password', { json: { token, password: 'another-new-pass' } });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: 'This password reset link is invalid or has expired' });
  });

  it('lets exactly one of ten racing resets with one token through', async () => {
    const { email } = await signUp();
    await call('/api/auth/forgot-password', { json: { email } });
    const token = resetTokenFrom((await latestMailTo(email, 50, 'reset-password?token='))!.text);
    const passwords = Array.from({ length: 10 }, (_, i) => `racing-password-${i}`);
    const results = await Promise.all(passwords.map((password) => call('/api/auth/reset-password', { json: { token, password } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(9);
    const winner = passwords[results.findIndex((r) => r.status === 200)]!;
    await logIn(email, winner);
  });

  it('voids reset links sent before a password change', async () => {
    const { email, cookie } = await signUp();
    await call('/api/auth/forgot-password', { json: { email } });
    const token = resetTokenFrom((await latestMailTo(email, 50, 'reset-password?token='))!.text);
    expect(
      (await call('/api/auth/change-password', { cookie, json: { currentPassword: 'a-good-password', newPassword: 'changed-password' } }))
        .status,
    ).toBe(200);
    expect((await call('/api/auth/reset-password', { json: { token, password: 'from-old-link' } })).status).toBe(400);
    await logIn(email, 'changed-password');
  });

  it('refuses an expired token', async () => {
    const { email } = await signUp();
    await call('/api/auth/forgot-password', { json: { email } });
    const token = resetTokenFrom((await latestMailTo(email, 50, 'reset-password?token='))!.text);
    await env.DB.prepare("UPDATE password_reset_tokens SET expires_at = '2000-01-01T00:00:00.000Z'").run();
    const response = await call('/api/auth/reset-password', { json: { token, password: 'brand-new-pass' } });
    expect(response.status).toBe(400);
    await logIn(email, 'a-good-password');
  });

  it('validates the new password', async () => {
    const response = await call('/api/auth/reset-password', { json: { token: 'whatever', password: 'short' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fieldErrors: { password: ['Password must be at least 8 characters'] } });
  });
});

describe('change password', () => {
  it('needs a session', async () => {
    const response = await call('/api/auth/change-password', { json: { currentPassword: 'x', newPassword: 'brand-new-pass' } });
    expect(response.status).toBe(401);
  });

  it('checks the current password and the rules', async () => {
    const { cookie } = await signUp();
    const wrong = await call('/api/auth/change-password', {
      cookie,
      json: { currentPassword: 'wrong-password', newPassword: 'brand-new-pass' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ fieldErrors: { currentPassword: ['Current password is incorrect'] } });
    const invalid = await call('/api/auth/change-password', {
      cookie,
      json: { currentPassword: '', newPassword: 'short', confirmPassword: 'nope' },
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { fieldErrors: unknown }).fieldErrors).toMatchObject({
      currentPassword: ['Current password is required'],
      newPassword: ['New password must be at least 8 characters'],
    });
  });

  it('keeps this session and ends the others', async () => {
    const { email, password, cookie } = await signUp();
    const other = await logIn(email, password);
    const response = await call('/api/auth/change-password', {
      cookie,
      json: { currentPassword: password, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' },
    });
    expect(response.status).toBe(200);
    expect((await call('/api/auth/me', { cookie })).status).toBe(200);
    expect((await call('/api/auth/me', { cookie: other })).status).toBe(401);
    await logIn(email, 'brand-new-pass');
  });
});
