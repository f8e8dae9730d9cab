import { describe, expect, it } from 'vitest';
import { BLOCKER_NAMES, BLOCKERS, isBlockerName } from './blockers';

describe('blockers', () => {
  it('lists the eight blockers in spec order', () => {
    expect(BLOCKER_NAMES).toEqual(['Fear', 'Guilt', 'Anger', 'Shame', 'Envy', 'Laziness', 'Doubt', 'Control']);
    expect(BLOCKERS.map((b) => b.name)).toEqual([...BLOCKER_NAMES]);
  });

  it('describes each in one distinct sentence', () => {
    const descriptions = BLOCKERS.map((b) => b.description);
    expect(new Set(descriptions).size).toBe(8);
    for (const d of descriptions) {
      expect(d).toMatch(/^[A-Z][^.]*\.$/);
      expect(d.length).toBeLessThan(120);
    }
  });

  it('recognises blocker names only, case-sensitively', () => {
    expect(BLOCKER_NAMES.every(isBlockerName)).toBe(true);
    expect(isBlockerName('fear')).toBe(false);
    expect(isBlockerName('Pride')).toBe(false);
    expect(isBlockerName(null)).toBe(false);
  });
});
