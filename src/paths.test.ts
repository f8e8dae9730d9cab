import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './paths';

describe('safeReturnPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnPath('/summary')).toBe('/summary');
    expect(safeReturnPath('/sessions/2?x=1#top')).toBe('/sessions/2?x=1#top');
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('refuses anything a browser could follow off-site, and control characters', () => {
    for (const bad of ['//evil.example', '/\\evil.example', '/\t/evil.example', '\t//evil.example', '/\n/evil.example', '/x\ny', '/x\ry', '/x\u0000', 'https://evil.example', 'evil', '', null, undefined, `/${'a'.repeat(3000)}`]) {
      expect(safeReturnPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});
