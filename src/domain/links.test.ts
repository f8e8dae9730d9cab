import { describe, expect, it } from 'vitest';
import { DEFAULT_LINKS, outboundLinks } from './links';

describe('outboundLinks', () => {
  it('uses the defaults without configuration', () => {
    expect(outboundLinks(undefined)).toEqual(DEFAULT_LINKS);
    expect(outboundLinks('')).toEqual(DEFAULT_LINKS);
  });

  it('overrides the configured links only', () => {
    const links = outboundLinks(JSON.stringify({ premium: 'https://patreon.com/coach' }));
    expect(links.premium).toBe('https://patreon.com/coach');
    expect(links.academy).toBe(DEFAULT_LINKS.academy);
  });

  it('keeps the defaults for malformed or unsafe configuration', () => {
    expect(outboundLinks('{not json')).toEqual(DEFAULT_LINKS);
    expect(outboundLinks(JSON.stringify({ premium: 'javascript:alert(1)' }))).toEqual(DEFAULT_LINKS);
    expect(outboundLinks(JSON.stringify({ premium: 42 }))).toEqual(DEFAULT_LINKS);
  });
});
