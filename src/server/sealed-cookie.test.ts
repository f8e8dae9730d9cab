import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../app-env';
import { type SealedFor, sealedCookie } from './sealed-cookie';

const env = { JWT_SECRET: 'test-secret-test-secret-test-secret-0123' };
const options = { name: 'sealed', path: '/', sameSite: 'Lax', maxAgeSeconds: 60, maxLength: 1024, purpose: 'test' } as const;
const cookie = sealedCookie(options);

/** An app that seals `value` for ?sub=&aud= on POST and answers what reads (or takes) for them on GET. */
function app(sealed = cookie) {
  const forOf = (url: URL): SealedFor => ({ subject: url.searchParams.get('sub')!, audience: url.searchParams.get('aud') ?? undefined });
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      await sealed.keep(c, forOf(new URL(c.req.url)), { answers: [1, 2, 3] });
      return c.body(null, 204);
    })
    .get('/', async (c) => {
      const url = new URL(c.req.url);
      return c.json({ value: url.searchParams.has('take') ? await sealed.take(c, forOf(url)) : await sealed.read(c, forOf(url)) });
    });
}

async function sealedValue(query: string, sealed = cookie): Promise<string> {
  const response = await app(sealed).request(`/?${query}`, { method: 'POST' }, env);
  return response.headers.getSetCookie()[0]!.split(';')[0]!.slice(`${options.name}=`.length);
}

async function opened(value: string, query: string, sealed = cookie): Promise<{ value: unknown; setCookie: string[] }> {
  const response = await app(sealed).request(`/?${query}`, { headers: { cookie: `${options.name}=${value}` } }, env);
  return { ...((await response.json()) as { value: unknown }), setCookie: response.headers.getSetCookie() };
}

describe('sealed cookies', () => {
  afterEach(() => vi.useRealTimers());

  it('set HttpOnly, Secure, on their path and for their time, and hold nothing readable', async () => {
    const response = await app().request('/?sub=user-1', { method: 'POST' }, env);
    const header = response.headers.getSetCookie()[0]!;
    expect(header).toMatch(/^sealed=[\w-]*\.\.[\w-]+\.[\w-]+\.[\w-]+; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(header).not.toContain('user-1');
    expect(atob(header.split('.')[0]!.slice('sealed='.length))).toBe('{"alg":"dir","enc":"A256GCM"}');
  });

  it('open only for whom they were sealed', async () => {
    const value = await sealedValue('sub=user-1&aud=admin-1');
    expect((await opened(value, 'sub=user-1&aud=admin-1')).value).toEqual({ answers: [1, 2, 3] });
    expect((await opened(value, 'sub=user-2&aud=admin-1')).value).toBeNull();
    expect((await opened(value, 'sub=user-1&aud=admin-2')).value).toBeNull();
    expect((await opened(await sealedValue('sub=user-1'), 'sub=user-1&aud=admin-1')).value).toBeNull();
  });

  it('open as nothing when damaged, too long, of another purpose or expired', async () => {
    const value = await sealedValue('sub=user-1');
    expect((await opened(`${value.slice(0, -4)}AAAA`, 'sub=user-1')).value).toBeNull();
    expect((await opened('not-a-token', 'sub=user-1')).value).toBeNull();
    const long = sealedCookie({ ...options, maxLength: value.length - 1 });
    expect((await opened(value, 'sub=user-1', long)).value).toBeNull();
    const other = sealedCookie({ ...options, purpose: 'other' });
    expect((await opened(value, 'sub=user-1', other)).value).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    expect((await opened(value, 'sub=user-1')).value).toBeNull();
  });

  it('are cleared by take, whatever they hold; read leaves them', async () => {
    const value = await sealedValue('sub=user-1');
    expect(await opened(value, 'sub=user-1')).toEqual({ value: { answers: [1, 2, 3] }, setCookie: [] });
    const taken = await opened(value, 'sub=user-1&take');
    expect(taken.value).toEqual({ answers: [1, 2, 3] });
    expect(taken.setCookie).toEqual([expect.stringMatching(/^sealed=; Max-Age=0; Path=\/; Secure/)]);
    expect((await opened('damaged', 'sub=user-1&take')).setCookie).toHaveLength(1);
    const none = await app().request('/?sub=user-1&take', {}, env);
    expect(none.headers.getSetCookie()).toEqual([]);
  });
});
