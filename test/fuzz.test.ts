// Property-based fuzzing (fast-check) of every endpoint and every form: whatever arrives, the
// answer is never a 5xx, every error carries a message, a rejected request stores nothing, and
// no key reaches Object.prototype (docs/product.md#hostile-input).
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { FLASH_COOKIE } from '../src/paths';
import { ORIGIN, send, signUp } from './helpers';

/**
 * How many cases each property runs, in batches of RUNS (12 batches in all): FUZZ_RUNS, set by
 * vitest.config.ts from the environment (a quick sample in `npm test`, 60 or more in
 * `npm run test:fuzz`; the closing note of the hardening issue quotes the total at 60).
 */
const RUNS = Number(env.FUZZ_RUNS);

type Who = 'anonymous' | 'participant' | 'admin';
const cookies: Record<Who, string | undefined> = { anonymous: undefined, participant: undefined, admin: undefined };
let participantId = '';

beforeAll(async () => {
  const participant = await signUp();
  cookies.participant = participant.cookie;
  participantId = participant.id;
  const admin = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  cookies.admin = admin.cookie;
});

const JSON_ENDPOINTS: [method: string, path: string][] = [
  ['POST', '/api/auth/signup'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/logout'],
  ['POST', '/api/auth/forgot-password'],
  ['POST', '/api/auth/reset-password'],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/time-zone'],
  ['POST', '/api/auth/resend-verification'],
  ['POST', '/api/progress'],
  ['POST', '/api/check-ins'],
  ['POST', '/api/reminders'],
  ['POST', '/api/admin/create-user'],
  ['POST', '/api/admin/grant-membership'],
  ['POST', '/api/admin/change-role'],
  ['POST', '/api/admin/reset-user-password'],
  ['DELETE', '/api/admin/delete-user'],
  ['POST', '/api/webhooks/stripe'],
  ['POST', '/api/webhooks/patreon'],
  ['GET', '/api/admin/users'],
  ['GET', '/api/auth/me'],
  // A participant's own account (decision 42); the password fuzzed never is the participant's.
  ['POST', '/api/account/name'],
  ['POST', '/api/account/email'],
  ['POST', '/api/account/email/resend'],
  ['DELETE', '/api/account/email'],
  ['DELETE', '/api/account'],
  ['POST', '/api/auth/second-factor'],
  ['POST', '/api/account/second-factor/enable'],
  ['POST', '/api/account/second-factor/disable'],
  ['POST', '/api/admin/users/nobody/second-factor/reset'],
  // Cohorts (docs/product.md#cohorts).
  ['GET', '/api/admin/cohorts'],
  ['POST', '/api/admin/cohorts'],
  ['PATCH', '/api/admin/cohorts/founding'],
  ['POST', '/api/admin/users/nobody/cohort'],
  ['GET', '/api/cohorts'],
];

const FORM_PAGES = [
  '/login',
  '/login?tab=signup',
  '/forgot-password',
  '/reset-password?token=not-a-token',
  '/settings',
  '/settings?form=time-zone',
  '/verify-email',
  '/sessions/1',
  '/sessions/2',
  '/sessions/3',
  '/sessions/4',
  '/sessions/99999999999999999999',
  '/check-ins',
  '/settings?form=reminders',
  '/settings?form=name',
  '/settings?form=email',
  '/settings?form=email-resend',
  '/settings?form=email-cancel',
  '/settings?form=delete-account',
  '/check-in?t=not-a-token',
  '/unsubscribe?t=not-a-token',
  '/admin/webinars?intent=create',
  '/admin/webinars?intent=update&id=nope',
  '/admin/webinars?intent=delete&id=nope',
  '/login/code',
  '/settings/two-factor?form=enable',
  '/settings/two-factor?form=disable',
  '/admin/users/nobody?action=second-factor',
  '/admin/cohorts?intent=create',
  '/admin/cohorts?intent=update&id=founding',
  '/admin/cohorts?intent=enrolment&id=nope',
  '/admin/users/nobody?action=cohort',
];

// Names a hostile form might post: real ones, sparse and huge indices, deep paths, prototype keys.
const fieldName = fc.oneof(
  fc.constantFrom(
    'email',
    'password',
    'name',
    'mood',
    'keystoneArena',
    'reflections',
    'blockers[0].name',
    'milestones[2].goal',
    'startTime',
    'timeZone',
    'token',
    'code',
    'confirm',
  ),
  fc.nat({ max: 2_000_000_000 }).map((n) => `blockers[${n}].reflection`),
  fc.nat({ max: 2_000_000_000 }).map((n) => `x[${n}]`),
  fc.integer({ min: 1, max: 3000 }).map((n) => Array.from({ length: n }, () => 'a').join('.')),
  fc.constantFrom(
    '__proto__',
    '__proto__[polluted]',
    '__proto__.polluted',
    'constructor.prototype.polluted',
    'questionResponses.__proto__',
  ),
  fc.string({ maxLength: 40 }),
);
const fieldValue = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.constantFrom('', '0', '-1', '1e309', 'NaN', 'true', 'faith', '2026-13-45T25:61'),
  fc.string({ minLength: 1000, maxLength: 5000 }),
);
const formBody = fc.array(fc.tuple(fieldName, fieldValue), { maxLength: 12 }).map((pairs) => {
  const body = new URLSearchParams();
  for (const [name, value] of pairs) body.append(name, value);
  return body.toString();
});

const protoKeys = fc.dictionary(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'polluted', 'toString'),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  protoKeys.map((value) => JSON.stringify(value).replace('"polluted"', '"__proto__"')),
  fc.string({ minLength: 1000, maxLength: 20_000 }).map((s) => JSON.stringify({ email: s, password: s, name: s, mood: s, drift: s })),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1, max: 5_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.string({ maxLength: 100 }),
  fc.constant(''),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/x-www-form-urlencoded',
  'text/plain',
  'multipart/form-data',
  'application/json; charset=utf-16',
  '',
);
const who = fc.constantFrom<Who>('anonymous', 'participant', 'admin');

async function sendCase(method: string, path: string, body: string | undefined, type: string, as: Who): Promise<Response> {
  const headers = new Headers({ origin: ORIGIN });
  if (type) headers.set('content-type', type);
  // Logging out would end the shared sessions the other cases use.
  const cookie = path.endsWith('/logout') ? undefined : cookies[as];
  if (cookie) headers.set('cookie', cookie);
  const started = performance.now();
  const response = await send(new Request(`${ORIGIN}${path}`, { method, headers, body: method === 'GET' ? undefined : body }));
  const text = await response.text();
  const ms = performance.now() - started;
  if (ms > worst.ms) Object.assign(worst, { ms, msCase: `${method} ${path}`.slice(0, 80) });
  if (text.length > worst.bytes) Object.assign(worst, { bytes: text.length, bytesCase: `${method} ${path}`.slice(0, 80) });
  const answer = new Response(text, { status: response.status, headers: response.headers });
  Object.defineProperty(answer, 'url', { value: response.url });
  return answer;
}

/** The slowest answer and the largest body any case produced (quoted in the hardening note). */
const worst = { ms: 0, msCase: '', bytes: 0, bytesCase: '' };

/** A fingerprint of everything a request could have stored. */
async function storedState(): Promise<string> {
  const [counts, progress, checkIns] = await env.DB.batch([
    env.DB.prepare(
      `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM memberships) AS memberships, (SELECT count(*) FROM webinars) AS webinars,
              (SELECT count(*) FROM check_ins) AS checkIns, (SELECT count(*) FROM progress) AS progress, (SELECT count(*) FROM webhook_events) AS webhooks,
              (SELECT count(*) FROM membership_grants) AS membershipGrants, (SELECT group_concat(role || plan, ',') FROM users JOIN memberships ON memberships.user_id = users.id) AS grants`,
    ),
    env.DB.prepare('SELECT * FROM progress WHERE user_id = ?').bind(participantId),
    env.DB.prepare('SELECT * FROM check_ins WHERE user_id = ?').bind(participantId),
  ]);
  return JSON.stringify([counts!.results, progress!.results, checkIns!.results]);
}

let cases = 0;

async function check(response: Response, before: string): Promise<void> {
  cases += 1;
  expect(response.status, `${response.url} answered ${response.status}`).toBeLessThan(500);
  const type = response.headers.get('content-type') ?? '';
  // A form post that failed goes back to its page (303) carrying the failure in the flash cookie.
  const keptFailure = response.status === 303 && response.headers.getSetCookie().some((c) => c.startsWith(`${FLASH_COOKIE}=`));
  if (keptFailure) expect(await storedState(), `${response.url} kept a failure but changed stored data`).toBe(before);
  if (response.status >= 400) {
    if (type.includes('application/json')) {
      const body = (await response.json()) as { message?: unknown };
      expect(typeof body.message, `${response.url}: ${JSON.stringify(body)}`).toBe('string');
    } else {
      expect(type).toContain('text/html');
      expect((await response.text()).length).toBeGreaterThan(0);
    }
    expect(await storedState(), `${response.url} ${response.status} changed stored data`).toBe(before);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
}

describe(`fuzzing every endpoint (${RUNS * 12} cases)`, { timeout: Math.max(180_000, RUNS * 3_000) }, () => {
  it('takes its number of cases from FUZZ_RUNS', () => {
    expect(Number.isInteger(RUNS) && RUNS > 0, `FUZZ_RUNS=${env.FUZZ_RUNS}`).toBe(true);
  });

  it('JSON API: never a 5xx, always a message, nothing stored when refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ENDPOINTS), jsonBody, contentType, who, async ([method, path], body, type, as) => {
        const before = await storedState();
        await check(await sendCase(method, path, body, type, as), before);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('form posts to every page: never a 5xx, nothing stored when refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FORM_PAGES), formBody, who, async (path, body, as) => {
        const before = await storedState();
        await check(await sendCase('POST', path, body, 'application/x-www-form-urlencoded', as), before);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('wrong content types and empty bodies everywhere', async () => {
    const everything: [string, string][] = [...JSON_ENDPOINTS, ...FORM_PAGES.map((path): [string, string] => ['POST', path])];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...everything),
        fc.oneof(fc.constant(''), fc.string({ maxLength: 200 })),
        contentType,
        who,
        async ([method, path], body, type, as) => {
          const before = await storedState();
          await check(await sendCase(method, path, body, type, as), before);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('query strings on every page and GET endpoint', async () => {
    const pages = [
      '/api/admin/users',
      '/admin/users',
      '/admin/webhooks',
      '/login',
      '/reset-password',
      '/verify-email',
      '/dashboard',
      '/sessions/1',
      '/summary',
      '/summary/export',
      '/summary/wheel.png',
      '/check-ins',
      '/api/progress',
      '/api/webinars/life7-sessions.ics',
      '/check-in',
      '/unsubscribe',
      '/api/reminders',
      '/api/calendar-feed',
      '/admin/mail',
      '/calendar/x.y.ics',
    ];
    const query = fc
      .array(
        fc.tuple(
          fc.constantFrom('page', 'sort', 'dir', 'q', 'source', 'status', 'next', 'token', 'tab', 'form', '__proto__', 'page[]'),
          fc.oneof(
            fc.string({ maxLength: 30 }),
            fc.constantFrom('-1', '0', '1e400', '99999999999999999999', 'NaN', '//evil.example', '/%0aX'),
            fc.string({ minLength: 500, maxLength: 3000 }),
          ),
        ),
        { maxLength: 5 },
      )
      .map((pairs) => new URLSearchParams(pairs).toString());
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...pages), query, who, async (path, search, as) => {
        const before = await storedState();
        await check(await sendCase('GET', `${path}?${search}`, undefined, '', as), before);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('ran the cases it says', () => {
    // 4 + 4 + 2 + 2 batches of RUNS: the figure reported in the hardening note.
    expect(cases).toBeGreaterThanOrEqual(RUNS * 12);
    console.info(
      `fuzz: ${cases} cases; slowest ${worst.ms.toFixed(0)} ms (${worst.msCase}); largest ${worst.bytes} bytes (${worst.bytesCase})`,
    );
    // A page is about 20 KB; nothing hostile may make it much bigger.
    expect(worst.bytes).toBeLessThan(200 * 1024);
  });
});
