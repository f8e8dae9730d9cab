// Helpers for Worker integration tests: requests through the real Worker and D1.
import { createExecutionContext, env } from 'cloudflare:test';
import { expect, vi } from 'vitest';
import type { Env } from '../src/env';
import worker from '../src/index';
import { FLASH_COOKIE } from '../src/paths';

export const ORIGIN = 'https://life7.test';

export interface RequestOptions {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  /** A body sent exactly as given (set its content-type in headers). */
  raw?: string;
  /** Variables this request sees instead of vitest.config.ts's (e.g. ADMIN_SECOND_FACTOR). */
  vars?: Partial<Env>;
}

export async function call(path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  const method = options.method ?? (options.json !== undefined || options.form || options.raw !== undefined ? 'POST' : 'GET');
  if (options.cookie) headers.set('cookie', options.cookie);
  if (method !== 'GET' && options.origin !== null) headers.set('origin', options.origin ?? ORIGIN);
  let body: BodyInit | undefined;
  if (options.raw !== undefined) {
    body = options.raw;
  } else if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  }
  return send(new Request(`${ORIGIN}${path}`, { method, headers, body }), options.vars);
}

/**
 * One request to the Worker's fetch handler (src/index.ts), in this workerd with the test D1, as
 * a browser would send it: redirects are answered, not followed. The handler is called directly
 * rather than through `SELF`: in @cloudflare/vitest-pool-workers 0.15 each request through `SELF`
 * costs more the more a test file has sent (100 requests took 0.5 s at first and 16 s after 700),
 * while the handler answers in about 1.5 ms throughout. Its `waitUntil` work is awaited at the end
 * of the test, as it was through `SELF`.
 */
export async function send(request: Request, vars: Partial<Env> = {}): Promise<Response> {
  const response = await worker.fetch(request as Parameters<typeof worker.fetch>[0], { ...env, ...vars }, createExecutionContext());
  // A handler's own Response has no url; tests name the request they made by it.
  Object.defineProperty(response, 'url', { value: request.url });
  return response;
}

/**
 * A failed form post to a page answers 303 back to that page, which then shows the failure once
 * (docs/product.md#form-posts). This checks the redirect and loads the page as a browser would.
 */
export async function followFailedPost(response: Response, cookie?: string): Promise<Response> {
  const location = response.headers.get('location');
  const kept = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith(FLASH_COOKIE))
    .map((c) => c.split(';')[0])
    .join('; ');
  if (response.status !== 303 || !location || !kept) throw new Error(`expected a 303 keeping the failure, got ${response.status}`);
  const request = new URL(response.url);
  if (location !== request.pathname + request.search) throw new Error(`the failure went to ${location}, not back to its page`);
  return call(location, { cookie: [cookie, kept].filter(Boolean).join('; ') });
}

/** Checks that a response is an HTML page with this status and answers its text. */
export async function htmlOf(response: Response, status: number): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/text\/html/);
  return response.text();
}

/** The `name=value` pair of the session cookie a response set, for the next request. */
export function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('__Host-life7_session='));
  if (!header) throw new Error(`no session cookie in ${response.status} response`);
  return header.split(';')[0]!;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function signUp(
  email = uniqueEmail(),
  password = 'a-good-password',
  name?: string,
): Promise<{ email: string; password: string; cookie: string; id: string }> {
  // Each test user signs up from its own address, so the per-address sign-up limit stays out of the way.
  const response = await call('/api/auth/signup', {
    json: { email, password, name },
    headers: { 'cf-connecting-ip': `192.0.2.${counter % 250}:${Date.now()}` },
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { email, password, cookie: sessionCookie(response), id: body.user.id };
}

export async function logIn(email: string, password: string): Promise<string> {
  const response = await call('/api/auth/login', { json: { email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return sessionCookie(response);
}

/**
 * The newest mail to this address (whose text contains `contains`, when given), waiting for it:
 * mail goes through the queue, whose consumer writes the outbox a moment after the request
 * (up to `tries` polls 20 ms apart; from 50 tries on, at least 10 s: the local queue waits up to
 * 1 s to fill a batch, and a busy machine is slower). Null when none came.
 */
export async function latestMailTo(email: string, tries = 50, contains = ''): Promise<{ subject: string; text: string } | null> {
  const read = () =>
    env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ? AND instr(text, ?) > 0 ORDER BY created_at DESC LIMIT 1')
      .bind(email, contains)
      .first<{ subject: string; text: string }>();
  const timeout = Math.max(tries * 20, tries >= 50 ? 10_000 : 0);
  try {
    return await vi.waitFor(
      async () => {
        const row = await read();
        if (!row) throw new Error(`no mail to ${email} yet`);
        return row;
      },
      { timeout, interval: 20 },
    );
  } catch {
    // One last look, which also lets a failing query throw.
    return read();
  }
}

export function resetTokenFrom(text: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_\-%]+)/.exec(text);
  if (!match) throw new Error('no reset link in mail');
  return decodeURIComponent(match[1]!);
}

/** The cohort every test account joins at sign-up (test/apply-migrations.ts makes it, as migration 0019 does). */
export const FOUNDING_COHORT = 'founding';

/** The next four Tuesday webinars of a cohort (the founding one unless named), as the development seed makes them (idempotent). */
export async function scheduleUpcomingWebinars(cohortId = FOUNDING_COHORT): Promise<void> {
  const { nextTuesdaySessions } = await import('../src/domain/webinars');
  const statements = nextTuesdaySessions(new Date()).map((w) =>
    env.DB.prepare(
      'INSERT OR IGNORE INTO webinars (id, cohort_id, title, description, location, start_time, end_time) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).bind(w.id, cohortId, w.title, w.description, w.location, w.startTime, w.endTime),
  );
  await env.DB.batch(statements);
}
