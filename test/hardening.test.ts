// Hostile input that once cost time, memory or a 500 (docs/product.md#hostile-input).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, followFailedPost, latestMailTo, send, signUp, uniqueEmail } from './helpers';
import { session1, session2, session3 } from './oracles/session-fixtures';

const SMALL_PAGE = 100 * 1024;

describe('form field names', () => {
  it('answers a small page, fast, to a login form with a huge list index', async () => {
    const response = await call('/login', {
      raw: 'email=bad&password=x&x[100000000]=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const page = await followFailedPost(response);
    const html = await page.text();
    expect(page.status).toBe(400);
    expect(html.length).toBeLessThan(SMALL_PAGE);
    expect(html).not.toContain('x[');
  });

  it('does not build a list a Session 4 field name asks for', async () => {
    const { cookie } = await signUp();
    for (const body of [session1(), session2(), session3()]) expect((await call('/api/progress', { cookie, json: body })).status).toBe(200);
    const response = await call('/sessions/4', { cookie, form: { 'milestones[999999999].goal': 'x', vision90Day: 'v' } });
    const page = await followFailedPost(response, cookie);
    expect(page.status).toBe(400);
    expect((await page.text()).length).toBeLessThan(SMALL_PAGE);
  });

  it('refuses a field name 15,000 levels deep with a 4xx, not a crash', async () => {
    const deep = Array.from({ length: 15000 }, () => 'a').join('.');
    const response = await call('/login', {
      raw: `email=bad&password=x&${deep}=1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(303);
    expect((await followFailedPost(response)).status).toBe(400);
    const json = await call('/api/auth/login', {
      raw: `${'['.repeat(30000)}${']'.repeat(30000)}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(400);
  });

  it('names at most a hundred field errors, however many checks fail', async () => {
    const { cookie } = await signUp();
    const blockers = Array.from({ length: 1500 }, () => ({ name: 1, reflection: 2, arenas: 3 }));
    const response = await call('/api/progress', { cookie, json: { blockers } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors).length).toBeLessThanOrEqual(100);
  });
});

describe('request bodies', () => {
  const big = 'x'.repeat(70 * 1024);

  it('answers 413 JSON to an API body over 64 KB, with or without a length', async () => {
    const response = await call('/api/auth/login', {
      raw: JSON.stringify({ email: 'a@b.co', password: big }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'The request is too large: send at most 64 KB' });
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 70; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await call('/api/auth/login', { raw: stream as unknown as string, headers: { 'content-type': 'application/json' } });
    expect(chunked.status).toBe(413);
  });

  /** A body sent in pieces with no Content-Length (chunked), `kb` KB of it. */
  function chunkedBody(kb: number): string {
    const piece = new TextEncoder().encode('x'.repeat(1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < kb) controller.enqueue(piece);
        else controller.close();
      },
    });
    return stream as unknown as string;
  }

  it('refuses an oversized chunked body without harming the next request', async () => {
    // A webhook receiver's limit is 256 KB, every other route's 64 KB; refused mid-stream, the body
    // is read to its end and dropped, so its connection stays usable for whoever comes next.
    const refused: { path: string; kb: number; message: string; headers: Record<string, string> }[] = [
      { path: '/api/webhooks/stripe', kb: 400, message: 'The event is too large', headers: { 'stripe-signature': 't=1,v1=00' } },
      { path: '/api/auth/login', kb: 400, message: 'The request is too large: send at most 64 KB', headers: {} },
    ];
    for (const { path, kb, message, headers } of refused) {
      const response = await call(path, {
        raw: chunkedBody(kb),
        origin: path.includes('webhooks') ? null : undefined,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(response.status, path).toBe(413);
      expect(await response.json(), path).toEqual({ message });
      const after = await call('/api/auth/login', { json: { email: 'nobody@example.com', password: 'wrong-password' } });
      expect(after.status, `the POST after ${path}`).toBe(401);
    }
    // Within the limits a chunked body is read as usual.
    const fits = await call('/api/webhooks/stripe', {
      raw: chunkedBody(100),
      origin: null,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(fits.status).toBe(400);
    const form = await call('/login', { raw: chunkedBody(100), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(413);
    expect(await form.text()).toContain('The request is too large');
  });

  it('answers 413 HTML to a form post over 64 KB', async () => {
    const response = await call('/login', { form: { email: 'a@b.co', password: big } });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('The request is too large');
  });
});

describe('sign-in throttling under bursts', () => {
  it('lets 10 of 25 parallel wrong passwords reach the check, then refuses even the right one', async () => {
    const { email, password } = await signUp();
    const wrong = await Promise.all(
      Array.from({ length: 25 }, () => call('/api/auth/login', { json: { email, password: 'wrong-password' } })),
    );
    const statuses = wrong.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const right = await call('/api/auth/login', { json: { email, password } });
    expect(right.status).toBe(429);
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('makes an account attacked again and again in a day wait until the day window ends', async () => {
    const { email } = await signUp();
    const key = `loginAccountDaily:${email}`;
    const day = 24 * 60 * 60;
    const windowStart = Math.floor(Date.now() / 1000 / day) * day;
    await env.DB.prepare('INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 30)').bind(key, windowStart).run();
    const before = Math.floor(Date.now() / 1000);
    const response = await call('/api/auth/login', { json: { email, password: 'wrong-password' } });
    const after = Math.floor(Date.now() / 1000);
    expect(response.status).toBe(429);
    // The day window is the UTC day: the wait is what is left of it, not the 15-minute window's.
    // (Compared with the clock, not with 15 minutes, so the test holds in the day's last minutes.)
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeLessThanOrEqual(windowStart + day - before);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.max(1, windowStart + day - after));
  });

  it('ends a lock-out when the owner resets the password by email', async () => {
    const { email } = await signUp();
    for (let i = 0; i < 11; i++) await call('/api/auth/login', { json: { email, password: 'wrong-password' } });
    expect((await call('/api/auth/forgot-password', { json: { email } })).status).toBe(200);
    const mail = await latestMailTo(email, 50, 'reset-password');
    const token = decodeURIComponent(/token=([^\s]+)/.exec(mail!.text)![1]!);
    expect((await call('/api/auth/reset-password', { json: { token, password: 'a-brand-new-password' } })).status).toBe(200);
    expect((await call('/api/auth/login', { json: { email, password: 'a-brand-new-password' } })).status).toBe(200);
  });

  it('counts parallel wrong current passwords before checking them', async () => {
    const { cookie } = await signUp();
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('/api/auth/change-password', { cookie, json: { currentPassword: 'not-the-password', newPassword: 'another-good-one' } }),
      ),
    );
    expect(attempts.filter((r) => r.status === 400)).toHaveLength(10);
    expect(attempts.filter((r) => r.status === 429)).toHaveLength(10);
  });
});

// Lockout without a denial of service (docs/product.md#sign-in-sessions-and-throttling): ten wrong passwords for an address locked the right one out for everybody, so
// anybody could lock a participant out. A browser that signed in to the account before carries a
// device cookie, and its attempts are counted against that device, not the account.
describe('a lock-out is no denial of service: the owner’s own browser still signs in', () => {
  const DEVICE = '__Host-life7_device';
  /** The device cookie a sign-in (or sign-up) answer set last, as `name=value`. */
  const deviceOf = (response: Response) => {
    const header = response.headers
      .getSetCookie()
      .filter((c) => c.startsWith(`${DEVICE}=`))
      .at(-1);
    if (!header) throw new Error(`no device cookie in ${response.status} answer`);
    return header.split(';')[0]!;
  };
  const login = (email: string, password: string, cookie?: string) => call('/api/auth/login', { json: { email, password }, cookie });
  /** Someone else, with no cookie, sends ten wrong passwords: the account is locked for everybody else. */
  const lockOut = async (email: string) => {
    for (let i = 0; i < 10; i++) expect((await login(email, 'someone-elses-guess')).status).toBe(401);
  };

  it('gives a long-lived, HttpOnly __Host- cookie at sign-in and at sign-up', async () => {
    const { email, password } = await signUp();
    const answer = await login(email, password);
    const header = answer.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE}=`))!;
    expect(header).toMatch(/; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(header).not.toMatch(/Domain=/i);
    const signup = await call('/api/auth/signup', { json: { email: uniqueEmail(), password: 'a-good-password' } });
    expect(deviceOf(signup)).toMatch(/^__Host-life7_device=[\w-]+\.[\w-]+\.[\w-]+$/);
    // It names no address in the clear.
    const payload = JSON.parse(atob(deviceOf(answer).split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    expect(JSON.stringify(payload)).not.toContain(email);
  });

  it('lets the participant in from their own browser while a stranger stays locked out, and a device cookie for another account gives no pass', async () => {
    const owner = await signUp();
    const device = deviceOf(await login(owner.email, owner.password));
    await lockOut(owner.email);
    // Without the cookie, the right password is refused: the throttle holds.
    const stranger = await login(owner.email, owner.password);
    expect(stranger.status).toBe(429);
    expect(((await stranger.json()) as { message: string }).message).toMatch(/^Too many sign-in attempts/);
    // Another account's device cookie is no pass for this one.
    const other = await signUp();
    const otherDevice = deviceOf(await login(other.email, other.password));
    expect((await login(owner.email, owner.password, otherDevice)).status).toBe(429);
    // A forged or damaged one neither.
    const [head, body] = device.split('=')[1]!.split('.');
    expect((await login(owner.email, owner.password, `${DEVICE}=${head}.${body}.${'A'.repeat(43)}`)).status).toBe(429);
    expect((await login(owner.email, owner.password, `${DEVICE}=garbage`)).status).toBe(429);
    // The owner's own browser is let in, by the JSON API and by the form alike.
    const inside = await login(owner.email, owner.password, device);
    expect(inside.status).toBe(200);
    await lockOut(owner.email);
    const form = await call('/login', { form: { email: owner.email, password: owner.password }, cookie: device });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/dashboard');
    expect(form.headers.getSetCookie().some((c) => c.startsWith('__Host-life7_session='))).toBe(true);
  });

  it('counts wrong passwords with a device cookie against that device, and past 10 it is no pass any more', async () => {
    const owner = await signUp();
    const device = deviceOf(await login(owner.email, owner.password));
    // Wrong passwords from the known browser: each refused, none counted against the account...
    for (let i = 0; i < 9; i++) expect((await login(owner.email, 'a-typo', device)).status).toBe(401);
    await lockOut(owner.email);
    // ...and its tenth attempt, the right password, is within the device's 10: a success starts its count again.
    const renewed = deviceOf(await login(owner.email, owner.password, device));
    expect(renewed).not.toBe(device);
    for (let i = 0; i < 10; i++) expect((await login(owner.email, 'a-typo', renewed)).status).toBe(401);
    // The eleventh: the cookie is no pass any more (removed), and the attempt counts against the account.
    const eleventh = await login(owner.email, 'a-typo', renewed);
    expect(eleventh.status).toBe(401);
    expect(eleventh.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE}=`))).toMatch(/Max-Age=0/);
    for (let i = 0; i < 9; i++) expect((await login(owner.email, 'someone-elses-guess')).status).toBe(401);
    expect((await login(owner.email, owner.password, renewed)).status).toBe(429);
  });

  it('counts a burst of parallel guesses with a stolen device cookie: 10 reach the check on the device, 10 more on the account', async () => {
    const owner = await signUp();
    const device = deviceOf(await login(owner.email, owner.password));
    const statuses = (await Promise.all(Array.from({ length: 30 }, () => login(owner.email, 'a-guess', device)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await login(owner.email, owner.password, device)).status).toBe(429);
  });

  it('is no pass for the account someone else later opens with the address', async () => {
    const first = await signUp();
    const device = deviceOf(await login(first.email, first.password));
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(first.id).run();
    const next = await signUp(first.email, 'a-new-owners-password');
    await lockOut(next.email);
    expect((await login(next.email, 'a-new-owners-password', device)).status).toBe(429);
  });
});

describe('configuration and links', () => {
  it('emails links on APP_URL whatever Host the request named', async () => {
    const { email } = await signUp();
    const response = await fetchAs('https://evil.example', '/api/auth/forgot-password', { email });
    expect(response.status).toBe(200);
    const mail = await latestMailTo(email, 50, 'reset-password');
    expect(mail!.text).toContain('https://life7.test/reset-password?token=');
    expect(mail!.text).not.toContain('evil.example');
  });

  it('keeps user-supplied text out of security emails', async () => {
    const email = uniqueEmail();
    await signUp(email, 'a-good-password', 'SECURITY ALERT: verify your card at https://evil.example/card');
    await call('/api/auth/forgot-password', { json: { email } });
    const mail = await latestMailTo(email, 50, 'reset-password');
    expect(mail!.text).not.toMatch(/SECURITY ALERT|evil\.example/);
    const welcome = await latestMailTo(email, 50, 'verify-email');
    expect(welcome!.text).not.toMatch(/SECURITY ALERT|evil\.example/);
  });
});

describe('caching', () => {
  it('marks every signed-in and per-user answer private, no-store', async () => {
    const { cookie } = await signUp();
    for (const path of ['/api/auth/me', '/api/progress', '/api/check-ins', '/dashboard', '/settings', '/login']) {
      const response = await call(path, { cookie });
      expect(response.headers.get('cache-control'), path).toMatch(/no-store/);
    }
    const me = await call('/api/auth/me', { cookie });
    expect(me.headers.get('cache-control')).toBe('private, no-store');
  });
});

/** A request as it would arrive under another Host, with that host as its Origin. */
function fetchAs(origin: string, path: string, json: unknown): Promise<Response> {
  return send(
    new Request(`${origin}${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    }),
  );
}
