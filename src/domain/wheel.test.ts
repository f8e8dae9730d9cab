import { describe, expect, it } from 'vitest';
import { ARENA_COLORS, ARENAS } from './arenas';
import type { ArenaScores } from './scoring';
import { clampScore, WEAKEST_MARK, WHEEL_RINGS, WHEEL_SIZE, wheelGeometry, wheelItems, wheelSummary } from './wheel';

const SCORES: ArenaScores = { Faith: 7.3, Family: 10, Fitness: 0, Finance: 4.5, Field: 2, Friends: 8.8, Fun: 5 };

describe('wheelItems', () => {
  it('builds the seven arenas in order with their colours', () => {
    const items = wheelItems(SCORES);
    expect(items.map((i) => i.name)).toEqual([...ARENAS]);
    expect(items[0]).toEqual({ name: 'Faith', value: 7.3, color: ARENA_COLORS.Faith });
  });

  it('counts missing or non-numeric scores as 0', () => {
    const items = wheelItems({ Faith: Number.NaN, Fun: 11 } as Partial<ArenaScores>);
    expect(items.map((i) => i.value)).toEqual([0, 0, 0, 0, 0, 0, 10]);
  });
});

describe('wheelGeometry', () => {
  const geometry = wheelGeometry(wheelItems(SCORES), { keystone: 'Field', weakest: 'Fitness' });

  it('is drawn at 350 by default, centred', () => {
    expect(WHEEL_SIZE).toBe(350);
    expect(geometry.size).toBe(350);
    expect(geometry.centre).toBe(175);
  });

  it('has guide rings at 2, 4, 6, 8 and 10, evenly spaced out to the radius', () => {
    expect(WHEEL_RINGS).toEqual([2, 4, 6, 8, 10]);
    expect(geometry.rings.map((r) => r.value)).toEqual([2, 4, 6, 8, 10]);
    expect(geometry.rings[4]!.r).toBeCloseTo(geometry.radius, 1);
    const steps = geometry.rings.slice(1).map((r, i) => r.r - geometry.rings[i]!.r);
    for (const s of steps) expect(s).toBeCloseTo(steps[0]!, 1);
    expect(geometry.rings[0]!.r).toBeGreaterThan(geometry.hole);
    expect(geometry.radius).toBeLessThan(geometry.centre);
  });

  it('has one wedge per arena, splitting the circle evenly clockwise from 12 o’clock', () => {
    expect(geometry.wedges).toHaveLength(7);
    const step = (2 * Math.PI) / 7;
    geometry.wedges.forEach((w, i) => {
      expect(w.name).toBe(ARENAS[i]);
      expect(w.startAngle).toBeCloseTo(i * step, 10);
      expect(w.endAngle).toBeCloseTo((i + 1) * step, 10);
    });
  });

  it('clamps values to 0..10', () => {
    const g = wheelGeometry([
      { name: 'A', value: -3, color: '#000' },
      { name: 'B', value: 42, color: '#000' },
      { name: 'C', value: Number.POSITIVE_INFINITY, color: '#000' },
    ]);
    expect(g.wedges.map((w) => w.value)).toEqual([0, 10, 0]);
    expect(g.wedges.map((w) => w.valueText)).toEqual(['0.0', '10.0', '0.0']);
    expect(clampScore('7')).toBe(0);
  });

  it('rounds the total to a tenth', () => {
    const g = wheelGeometry([0.1, 0.2, 0.4].map((value, i) => ({ name: `A${i}`, value, color: '#000' })));
    expect(g.total).toBe(0.7);
    expect(g.totalText).toBe('0.7');
    expect(geometry.total).toBe(37.6);
    expect(geometry.totalText).toBe('37.6');
    expect(wheelGeometry(wheelItems({})).totalText).toBe('0.0');
  });

  it('flags the keystone and marks the weakest arena in its value text', () => {
    expect(geometry.wedges.filter((w) => w.isKeystone).map((w) => w.name)).toEqual(['Field']);
    expect(geometry.wedges.filter((w) => w.isWeakest).map((w) => w.name)).toEqual(['Fitness']);
    expect(geometry.wedges[2]!.valueText).toBe(`0.0 ${WEAKEST_MARK}`);
    expect(geometry.wedges[0]!.valueText).toBe('7.3');
    const none = wheelGeometry(wheelItems(SCORES), { keystone: null, weakest: null });
    expect(none.wedges.some((w) => w.isKeystone || w.isWeakest)).toBe(false);
  });

  it('keeps every label box inside the viewBox and clear of the outer ring', () => {
    for (const size of [350, 300, 200]) {
      for (const weakest of ARENAS) {
        const g = wheelGeometry(wheelItems({ Faith: 10, Family: 10, Fitness: 10, Finance: 10, Field: 10, Friends: 10, Fun: 10 }), {
          size,
          weakest,
        });
        for (const w of g.wedges) {
          const b = w.labelBox;
          expect(g.centre + b.x).toBeGreaterThanOrEqual(0);
          expect(g.centre + b.y).toBeGreaterThanOrEqual(0);
          expect(g.centre + b.x + b.width).toBeLessThanOrEqual(size);
          expect(g.centre + b.y + b.height).toBeLessThanOrEqual(size);
          // The box's nearest corner to the centre lies outside the 10 ring.
          const nx = Math.max(b.x, Math.min(0, b.x + b.width));
          const ny = Math.max(b.y, Math.min(0, b.y + b.height));
          expect(Math.hypot(nx, ny)).toBeGreaterThan(g.radius);
          expect(w.labelY).toBeGreaterThan(b.y);
          expect(w.valueY).toBeLessThanOrEqual(b.y + b.height + 0.01);
        }
      }
    }
  });

  it('uses legible font sizes that scale with the size', () => {
    expect(geometry.fonts.label).toBeGreaterThanOrEqual(13);
    expect(geometry.fonts.value).toBeGreaterThanOrEqual(13);
    expect(wheelGeometry(wheelItems(SCORES), { size: 175 }).fonts.label).toBe(geometry.fonts.label / 2);
  });

  it('anchors side labels away from the wheel', () => {
    const anchors = Object.fromEntries(geometry.wedges.map((w) => [w.name, w.anchor]));
    expect(anchors).toEqual({
      Faith: 'start',
      Family: 'start',
      Fitness: 'start',
      Finance: 'middle',
      Field: 'end',
      Friends: 'end',
      Fun: 'end',
    });
  });

  it('draws a path for every wedge; a 0 score is a zero-area sliver on the centre disc', () => {
    for (const w of geometry.wedges) expect(w.d).toMatch(/^M[-\d.,]+A.*Z$/);
    const zero = geometry.wedges[2]!;
    const full = geometry.wedges[1]!;
    // The 0 wedge only follows the centre disc (radius = hole); the 10 wedge reaches the radius.
    expect(zero.d).not.toContain(`A${geometry.radius}`);
    expect(zero.d).not.toContain('L');
    expect(full.d).toContain(`A${geometry.radius},${geometry.radius}`);
  });

  it('gives the same strings every time (server and client must agree)', () => {
    expect(wheelGeometry(wheelItems(SCORES), { keystone: 'Field' })).toEqual(wheelGeometry(wheelItems(SCORES), { keystone: 'Field' }));
    for (const w of geometry.wedges) expect(w.d).not.toMatch(/\.\d{3}/);
  });

  it('copes with no items', () => {
    const g = wheelGeometry([]);
    expect(g.wedges).toEqual([]);
    expect(g.totalText).toBe('0.0');
  });

  it('summarises for screen readers', () => {
    expect(wheelSummary(geometry, 'Wheel')).toBe(
      'Wheel: Faith 7.3, Family 10.0, Fitness 0.0 (weakest), Finance 4.5, Field 2.0 (keystone), Friends 8.8, Fun 5.0. Total 37.6 / 70.',
    );
  });
});
