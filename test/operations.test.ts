// What an operator relies on: the health check, structured logs that keep secrets out, a useful
// 500 and a refusal to run half-configured (docs/product.md#operations).
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/app';
import { call, htmlOf, latestMailTo, logIn, resetTokenFrom, signUp, uniqueEmail } from './helpers';

async function fetchApp(request: Request, overrides: Partial<typeof env & Record<string, unknown>>): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(request, { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** Every console line the Worker writes while `work` runs. */
async function captureLogs(work: () => Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'warn').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
  vi.spyOn(console, 'info').mockImplementation(keep);
  await work();
  return lines;
}

afterEach(() => vi.restoreAllMocks());

describe('GET /healthz', () => {
  it('answers 200 JSON when the database answers', async () => {
    const response = await call('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers 503 JSON when it does not', async () => {
    const broken = {
      prepare: () => {
        throw new Error('D1 is down');
      },
    };
    const response = await fetchApp(new Request('https://life7.test/healthz'), { DB: broken as unknown as D1Database });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'error', message: 'The database did not answer' });
  });

  it('logs a failed query without its parameters', async () => {
    const { errorFields } = await import('../src/server/log');
    const { getDb } = await import('../src/db/client');
    const { sql } = await import('drizzle-orm');
    const failure = await getDb(env.DB)
      .run(sql`select * from no_such_table where secret = ${'scrypt$hash-of-a-secret'}`)
      .catch((error: unknown) => error);
    const fields = JSON.stringify(errorFields(failure));
    expect(fields).toContain('no such table');
    expect(fields).not.toContain('hash-of-a-secret');
  });
});

describe('logs', () => {
  it('writes one JSON line per request with its id, and the id comes back as X-Request-Id', async () => {
    let response!: Response;
    const lines = await captureLogs(async () => {
      response = await call('/login');
    });
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ level: 'info', message: 'request', method: 'GET', path: '/login', status: 200, requestId }),
    );
  });

  it('takes the id from Cloudflare’s ray id, never from the caller’s own X-Request-Id', async () => {
    const ray = await call('/login', { headers: { 'cf-ray': '8f1e2d3c4b5a6978-AMS' } });
    expect(ray.headers.get('x-request-id')).toBe('8f1e2d3c4b5a6978-AMS');
    const chosen = await call('/login', { headers: { 'x-request-id': 'someone-elses-id' } });
    expect(chosen.headers.get('x-request-id')).toMatch(/^[\da-f]{8}-[\da-f]{4}-/);
  });

  it('never holds a password, token, hash or emailed link through a whole account life', async () => {
    const email = uniqueEmail();
    const secrets: string[] = [];
    const lines = await captureLogs(async () => {
      const { cookie } = await signUp(email, 'first-secret-password');
      secrets.push('first-secret-password', cookie.split('=')[1]!);
      await call('/api/auth/login', { json: { email, password: 'a-wrong-secret-password' } });
      secrets.push('a-wrong-secret-password');
      await call('/api/auth/forgot-password', { json: { email } });
      const mail = await latestMailTo(email, 50, 'reset-password');
      const token = resetTokenFrom(mail!.text);
      secrets.push(token, encodeURIComponent(token));
      await call(`/reset-password?token=${encodeURIComponent(token)}`);
      await call('/api/auth/reset-password', { json: { token, password: 'second-secret-password' } });
      secrets.push('second-secret-password');
      const fresh = await logIn(email, 'second-secret-password');
      await call('/api/auth/change-password', {
        cookie: fresh,
        json: { currentPassword: 'second-secret-password', newPassword: 'third-secret-password' },
      });
      secrets.push('third-secret-password');
    });
    const hashes = await env.DB.prepare('SELECT password_hash AS value FROM users WHERE email = ?').bind(email).all<{ value: string }>();
    secrets.push(...hashes.results.map((r) => r.value));
    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toMatch(/token=|scrypt\$/);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });
});

describe('secrets in addresses', () => {
  // Found by the third security probe: the request line logged `"path":"/calendar/{secret}.ics"`, the private feed's secret.
  it('never writes a calendar secret, a signed link or a token from an address into a log line', async () => {
    const { cookie } = await signUp();
    const { url } = (await (await call('/api/calendar-feed', { cookie })).json()) as { url: string };
    const feedPath = new URL(url).pathname;
    const secret = feedPath.replace(/^\/calendar\/|\.ics$/g, '');
    expect(secret.length).toBeGreaterThan(20);
    const other = 'sEcReT-0123456789abcdef';
    const requests: [string, string][] = [
      ['GET', feedPath],
      ['HEAD', feedPath],
      ['GET', feedPath.toUpperCase()],
      ['GET', `/${feedPath}`],
      ['GET', `/calendar%2F${secret}.ics`],
      ['GET', `/calendar/${other}.ics`],
      ['GET', `/calendar/${other}/x.ics`],
      ['GET', `/check-in?t=${other}`],
      ['POST', `/check-in?t=${other}`],
      ['GET', `/unsubscribe?t=${other}`],
      ['POST', `/unsubscribe?t=${other}`],
      ['GET', `/reset-password?token=${other}`],
      ['GET', `/verify-email?token=${other}`],
      ['POST', `/verify-email?token=${other}`],
      ['GET', `/confirm-email?token=${other}`],
      ['GET', `/report-email-change?token=${other}`],
    ];
    const answers: number[] = [];
    const lines = await captureLogs(async () => {
      for (const [method, path] of requests) answers.push((await call(path, { method, form: method === 'POST' ? {} : undefined })).status);
      // A failure logs the path too ('Unhandled error').
      const fail = () => Promise.reject(new Error('D1 exploded'));
      const statement = { bind: () => statement, first: fail, run: fail, all: fail, raw: fail };
      const session = { prepare: () => statement, batch: fail, getBookmark: () => null };
      const broken = { ...session, withSession: () => session };
      answers.push((await fetchApp(new Request(`https://life7.test${feedPath}`), { DB: broken as unknown as D1Database })).status);
    });
    expect(answers[0]).toBe(200);
    expect(answers.at(-1)).toBe(500);
    const all = lines.join('\n');
    for (const hidden of [secret, secret.toUpperCase(), other, other.toLowerCase()]) expect(all).not.toContain(hidden);
    expect(all).not.toMatch(/[?&](t|token)=/);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const feedLines = entries.filter((e) => typeof e.path === 'string' && /calendar/i.test(e.path));
    expect(feedLines.length).toBe(9); // seven requests, and the failed one: its request line and its error
    for (const entry of feedLines) expect(entry.path).toBe('/calendar/[redacted]');
    expect(entries).toContainEqual(
      expect.objectContaining({ message: 'request', method: 'GET', path: '/calendar/[redacted]', status: 200 }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ message: 'Unhandled error', path: '/calendar/[redacted]' }));
    // Paths without a secret are logged as they are.
    expect(entries).toContainEqual(expect.objectContaining({ message: 'request', path: '/check-in' }));
  });
});

describe('errors', () => {
  it('answers a failure it did not expect with a page that says what to do, and logs the cause', async () => {
    const { cookie } = await signUp();
    // A database that accepts statements and then fails every one, as D1 does when it is down.
    const fail = () => Promise.reject(new Error('D1 exploded'));
    const statement = { bind: () => statement, first: fail, run: fail, all: fail, raw: fail };
    const session = { prepare: () => statement, batch: fail, getBookmark: () => null };
    const broken = { ...session, withSession: () => session };
    let response!: Response;
    const lines = await captureLogs(async () => {
      response = await fetchApp(new Request('https://life7.test/dashboard', { headers: { cookie } }), {
        DB: broken as unknown as D1Database,
      });
    });
    const html = await htmlOf(response, 500);
    const requestId = response.headers.get('x-request-id')!;
    expect(html).toContain('Something went wrong on our side');
    expect(html).toContain(requestId);
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.message === 'Unhandled error');
    expect(logged).toMatchObject({ level: 'error', requestId, cause: 'D1 exploded', path: '/dashboard' });
  });
});

describe('configuration', () => {
  it('refuses to serve in production without APP_URL, saying why in the log', async () => {
    let response!: Response;
    const lines = await captureLogs(async () => {
      response = await fetchApp(new Request('https://evil.example/login'), { ENVIRONMENT: 'production', APP_URL: '' });
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'This service is not configured yet. Please try again later.' });
    expect(lines.join('\n')).toContain('Refusing to serve: APP_URL is not set');
  });

  it('refuses a weak JWT_SECRET and broken THROTTLE_LIMITS', async () => {
    const weak = await fetchApp(new Request('https://life7.test/login'), { ENVIRONMENT: 'production', JWT_SECRET: 'short' });
    expect(weak.status).toBe(503);
    const limits = await fetchApp(new Request('https://life7.test/login'), { THROTTLE_LIMITS: '{"loginAccount":{"max":0}}' });
    expect(limits.status).toBe(503);
  });

  it('refuses a COACH_TIME_ZONE that Intl does not know, and takes any spelling of one it does', async () => {
    let response!: Response;
    const lines = await captureLogs(async () => {
      response = await fetchApp(new Request('https://life7.test/login'), { COACH_TIME_ZONE: 'Mars/Olympus_Mons' });
    });
    expect(response.status).toBe(503);
    expect(lines.join('\n')).toContain('COACH_TIME_ZONE must be an IANA time zone');
    expect((await fetchApp(new Request('https://life7.test/login'), { COACH_TIME_ZONE: 'europe/london' })).status).toBe(200);
  });

  it('takes throttle limits from THROTTLE_LIMITS', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const overrides = { THROTTLE_LIMITS: '{"loginAccount":{"max":2,"windowSeconds":60}}' };
    const attempt = () =>
      fetchApp(
        new Request('https://life7.test/api/auth/login', {
          method: 'POST',
          headers: { origin: 'https://life7.test', 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'wrong-password' }),
        }),
        overrides,
      );
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    const third = await attempt();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('trusts only APP_URL as the origin in production', async () => {
    const response = await fetchApp(
      new Request('https://other.example/api/auth/login', {
        method: 'POST',
        headers: { origin: 'https://other.example', 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.co', password: 'x' }),
      }),
      { ENVIRONMENT: 'production' },
    );
    expect(response.status).toBe(403);
  });
});
