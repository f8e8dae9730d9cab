// Decision 23: a return path (`next`) is a path on this site after normalisation; anything that
// becomes `//…` or `/\…` once dot segments and escapes are resolved goes to the dashboard instead.
import { describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from './helpers';

/** Each one a protocol-relative Location once a browser (or a decoding proxy) resolves it. */
const HOSTILE_NEXT = [
  '/.//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/..//evil.example',
  '/a/.%2e//evil.example',
  '/./\\evil.example',
  '/%5cevil.example',
  '/%2f%2fevil.example',
  '/..%2f%2fevil.example',
  '/.\t//evil.example',
  '/.%0a//evil.example',
];

/** A Location a browser follows to another origin? */
function leavesSite(location: string | null): boolean {
  if (location === null) return false;
  return new URL(location, 'https://life7.test').origin !== 'https://life7.test' || /^[/\\]{2}/.test(location);
}

let ipCounter = 0;
const freshIp = () => ({ 'cf-connecting-ip': `198.51.100.${++ipCounter % 250}` });

describe('return paths after sign-in (decision 23)', () => {
  it('sends a signed-in GET /login?next=… to the dashboard, never off-site', async () => {
    const { cookie } = await signUp();
    for (const next of HOSTILE_NEXT) {
      const response = await call(`/login?next=${encodeURIComponent(next)}`, { cookie });
      expect(response.status, next).toBe(302);
      expect(response.headers.get('location'), next).toBe('/dashboard');
    }
    // A same-site path still works, normalised.
    const ok = await call(`/login?next=${encodeURIComponent('/sessions/./2?x=1')}`, { cookie });
    expect(ok.headers.get('location')).toBe('/sessions/2?x=1');
  });

  it('also when the hostile next is not escaped in the query', async () => {
    const { cookie } = await signUp();
    for (const next of ['/.//evil.example', '/%2e//evil.example', '/a/..//evil.example', '/%2f%2fevil.example']) {
      const response = await call(`/login?next=${next}`, { cookie });
      expect(response.headers.get('location'), next).toBe('/dashboard');
    }
  });

  it('sends the sign-in form post to the dashboard', async () => {
    const { email, password } = await signUp();
    for (const next of HOSTILE_NEXT) {
      const response = await call(`/login?next=${encodeURIComponent(next)}`, { form: { email, password }, headers: freshIp() });
      expect(response.status, next).toBe(303);
      expect(response.headers.get('location'), next).toBe('/dashboard');
    }
  });

  it('sends the sign-up form post to the dashboard', async () => {
    for (const next of HOSTILE_NEXT.slice(0, 5)) {
      const response = await call(`/login?tab=signup&next=${encodeURIComponent(next)}`, {
        form: { email: uniqueEmail('next'), password: 'a-good-password' },
        headers: freshIp(),
      });
      expect(response.status, next).toBe(303);
      expect(response.headers.get('location'), next).toBe('/dashboard');
    }
  });

  it('answers the JSON sign-in and sign-up with no Location at all', async () => {
    const { email, password } = await signUp();
    for (const next of HOSTILE_NEXT.slice(0, 4)) {
      const login = await call(`/api/auth/login?next=${encodeURIComponent(next)}`, { json: { email, password }, headers: freshIp() });
      expect(login.status, next).toBe(200);
      expect(leavesSite(login.headers.get('location')), next).toBe(false);
      expect(login.headers.get('location')).toBeNull();
      const signup = await call(`/api/auth/signup?next=${encodeURIComponent(next)}`, {
        json: { email: uniqueEmail('next'), password: 'a-good-password' },
        headers: freshIp(),
      });
      expect(signup.status, next).toBe(201);
      expect(signup.headers.get('location')).toBeNull();
    }
  });

  it('renders the login page with no hostile next in its form addresses', async () => {
    const response = await call(`/login?next=${encodeURIComponent('/.//evil.example')}`);
    const html = await response.text();
    expect(html).not.toContain('evil.example');
  });

  it('never answers a form post with a protocol-relative Location back to its page', async () => {
    // A failed post goes back to the page it came from (form-replay.ts): its own address, never
    // a request path the router happened to accept.
    for (const path of ['//login', '/.//login', '//evil.example/login', '/%2e//login']) {
      const response = await call(path, { form: { email: 'bad', password: 'x' } });
      expect(leavesSite(response.headers.get('location')), `${path} → ${response.headers.get('location')}`).toBe(false);
    }
  });

  it('sends the resend-verification button back to a same-site Referer only', async () => {
    const { cookie } = await signUp();
    const response = await call('/verify-email', { cookie, form: {}, headers: { referer: 'https://life7.test/.%2e//evil.example' } });
    expect(response.status).toBe(303);
    expect(leavesSite(response.headers.get('location'))).toBe(false);
  });
});
