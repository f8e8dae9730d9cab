import { describe, expect, it } from 'vitest';
import { ARENA_COLORS, ARENA_ICONS, ARENAS, arenaId, isArena } from './arenas';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('arenas', () => {
  it('lists the seven arenas in the order of docs/product.md#words-and-names', () => {
    expect(ARENAS).toEqual(['Faith', 'Family', 'Fitness', 'Finance', 'Field', 'Friends', 'Fun']);
  });

  it('has lowercase ids', () => {
    expect(ARENAS.map(arenaId)).toEqual(['faith', 'family', 'fitness', 'finance', 'field', 'friends', 'fun']);
  });

  it('recognises arena names only, case-sensitively', () => {
    expect(ARENAS.every(isArena)).toBe(true);
    expect(isArena('faith')).toBe(false);
    expect(isArena('Work')).toBe(false);
    expect(isArena(undefined)).toBe(false);
    expect(isArena(3)).toBe(false);
  });

  it('gives each arena a distinct hex colour readable on white and on dark backgrounds', () => {
    const colors = ARENAS.map((arena) => ARENA_COLORS[arena]);
    expect(new Set(colors).size).toBe(7);
    for (const color of colors) {
      expect(color).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrast(color, '#ffffff')).toBeGreaterThanOrEqual(3);
      expect(contrast(color, '#0f172a')).toBeGreaterThanOrEqual(3);
    }
    expect(Object.keys(ARENA_COLORS)).toEqual([...ARENAS]);
  });

  it('gives each arena a distinct icon', () => {
    const icons = ARENAS.map((arena) => ARENA_ICONS[arena]);
    expect(new Set(icons).size).toBe(7);
    expect(icons.every((icon) => icon.length > 0)).toBe(true);
    expect(Object.keys(ARENA_ICONS)).toEqual([...ARENAS]);
  });
});
