import { describe, expect, it } from 'vitest';
import { ACCELERATOR_NAMES, ACCELERATOR_PICK, ACCELERATORS, isAcceleratorName } from './accelerators';

describe('accelerators', () => {
  it('lists the seven accelerators in spec order, three to pick', () => {
    expect(ACCELERATOR_NAMES).toEqual(['Gratitude', 'Discipline', 'Faith', 'Purpose', 'Service', 'Focus', 'Connection']);
    expect(ACCELERATORS.map((a) => a.name)).toEqual([...ACCELERATOR_NAMES]);
    expect(ACCELERATOR_PICK).toBe(3);
  });

  it('describes each in one distinct sentence', () => {
    const descriptions = ACCELERATORS.map((a) => a.description);
    expect(new Set(descriptions).size).toBe(7);
    for (const d of descriptions) {
      expect(d).toMatch(/^[A-Z][^.]*\.$/);
      expect(d.length).toBeLessThan(120);
    }
  });

  it('recognises accelerator names only, case-sensitively', () => {
    expect(ACCELERATOR_NAMES.every(isAcceleratorName)).toBe(true);
    expect(isAcceleratorName('gratitude')).toBe(false);
    expect(isAcceleratorName('Fear')).toBe(false);
    expect(isAcceleratorName(undefined)).toBe(false);
  });
});
