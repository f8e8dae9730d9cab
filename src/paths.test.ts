import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathForLog, safeReturnPath } from './paths';

/** Cases per property: FUZZ_RUNS (15 in `npm test`, 120 in `npm run test:fuzz`) hundreds. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15) * 100;

/** Tricks that turn a same-site-looking path into `//host` or `/\host` once normalised or decoded. */
const HOSTILE_RETURN_PATHS = [
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '\t//evil.example',
  '/\n/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/%2e//evil.example',
  '/%2E//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil',
  '/..//evil.example',
  '/../..//evil.example',
  '/a/..//evil.example',
  '/a/%2e%2e//evil.example',
  '/a/.%2e//evil.example',
  '/./%5cevil.example',
  '/%5cevil.example',
  '/%5Cevil.example',
  '/%2f%2fevil.example',
  '/%2F%2Fevil.example',
  '/%2fevil.example',
  '/..%2f%2fevil.example',
  '/%2e%2e%2f%2fevil.example',
  '/%252f%252fevil.example',
  '/%2e%09//evil.example',
  '/.%0a//evil.example',
  '/%09/evil.example',
  '/.\t//evil.example',
  '/.\r\n//evil.example',
];

/** The shape every accepted return path has: our origin, one leading slash, nothing that decodes into a second. */
function expectSameSite(result: string | null, input: string): void {
  if (result === null) return;
  expect(result, JSON.stringify(input)).toMatch(/^\/(?:$|[^/\\])/);
  expect(new URL(result, 'https://x.test').origin, JSON.stringify(input)).toBe('https://x.test');
  let decoded = result;
  for (let i = 0; i < 3; i++) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      break;
    }
    expect(decoded, JSON.stringify(input)).toMatch(/^\/(?:$|[^/\\])/);
    expect(new URL(decoded, 'https://x.test').origin, JSON.stringify(input)).toBe('https://x.test');
  }
}

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query, normalised', () => {
    expect(safeReturnPath('/summary')).toBe('/summary');
    expect(safeReturnPath('/')).toBe('/');
    expect(safeReturnPath('/sessions/2?x=1#top')).toBe('/sessions/2?x=1#top');
    expect(safeReturnPath('/sessions/./2')).toBe('/sessions/2');
    expect(safeReturnPath('/a/../summary')).toBe('/summary');
    expect(safeReturnPath('/next-steps?q=a%20b')).toBe('/next-steps?q=a%20b');
  });

  it('refuses anything a browser could follow off-site, and control characters', () => {
    for (const bad of [
      'https://evil.example',
      'evil',
      '',
      null,
      undefined,
      '/x\ny',
      '/x\ry',
      '/x\u0000',
      '/x\u0085',
      '/x\u2028',
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('refuses paths that become //host or /\\host once dot segments and escapes are resolved (decision 23)', () => {
    for (const bad of HOSTILE_RETURN_PATHS) expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
  });

  it('answers null or a path on this site for any string built from hostile pieces', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2e%2e',
      '.%2e',
      '%2f',
      '%2F',
      '%5c',
      '%5C',
      '%25',
      '%252f',
      '\t',
      '\n',
      '\r',
      '\u000b',
      '\u000c',
      '\u0085',
      '\u2028',
      ' ',
      '%09',
      '%0a',
      '%00',
      '?',
      '#',
      '@',
      ':',
      'evil.example',
      'a',
      'https:',
      'javascript:',
      '\u3002',
      '\uff0f',
      '%ef%bc%8f',
    );
    const hostile = fc
      .tuple(fc.constantFrom('/', '/.', '/..', '/a/'), fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 10 }))
      .map(([head, rest]) => head + rest.join(''));
    fc.assert(
      fc.property(
        fc.oneof(
          hostile,
          fc.string({ maxLength: 30 }),
          fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `/${s}`),
        ),
        (input) => expectSameSite(safeReturnPath(input), input),
      ),
      { numRuns: RUNS },
    );
  });
});

describe('pathForLog', () => {
  it('blanks the calendar feed’s secret however the path spells it, and leaves other paths alone', () => {
    for (const path of [
      '/calendar/abc.def.ics',
      '/CALENDAR/abc.ics',
      '//calendar/abc.ics',
      '/\\calendar/abc.ics',
      '/calendar%2Fabc.ics',
      '/calendar%5cabc.ics',
      '/%63alendar/abc.ics',
      '/calendar/abc/def.ics',
      '/calendar/%E0%A4%A',
      '/calendar',
    ])
      expect(pathForLog(path), path).toBe('/calendar/[redacted]');
    for (const path of ['/check-in', '/unsubscribe', '/reset-password', '/calendars', '/api/calendar-feed', '/%E0%A4%A', '/'])
      expect(pathForLog(path), path).toBe(path);
  });
});
