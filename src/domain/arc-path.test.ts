import { arc } from 'd3-shape';
import { describe, expect, it } from 'vitest';
import { type ArcSpec, arcPath } from './arc-path';
import { ARENAS } from './arenas';
import { wheelGeometry, wheelItems } from './wheel';

/** d3-shape's arc as the wheel used it before arcPath replaced it: the reference. */
const d3Arc = (spec: ArcSpec) =>
  arc<ArcSpec>()
    .innerRadius((d) => d.innerRadius)
    .outerRadius((d) => d.outerRadius)
    .startAngle((d) => d.startAngle)
    .endAngle((d) => d.endAngle)
    .padAngle((d) => d.padAngle)
    .digits(2)(spec) ?? '';

describe('arcPath draws what d3-shape draws', () => {
  it('for every wedge of wheels of many sizes and scores', () => {
    let checked = 0;
    for (const size of [120, 200, 300, 350, 700, 1200]) {
      for (let value = 0; value <= 10; value += 0.1) {
        const scores = Object.fromEntries(ARENAS.map((arena, i) => [arena, Math.min(10, (value + i * 1.7) % 10.5)]));
        const geometry = wheelGeometry(wheelItems(scores), { size });
        for (const wedge of geometry.wedges) {
          const outer = geometry.hole + ((geometry.radius - geometry.hole) * wedge.value) / 10;
          const spec = {
            innerRadius: geometry.hole,
            outerRadius: outer,
            startAngle: wedge.startAngle,
            endAngle: wedge.endAngle,
            padAngle: 0.02,
          };
          expect(wedge.d).toBe(d3Arc(spec));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(4000);
  });

  it('for the edge cases: no hole, no pad, a wide pad, swapped radii, a whole ring, a reversed sweep, nothing', () => {
    const cases: ArcSpec[] = [
      { innerRadius: 0, outerRadius: 100, startAngle: 0, endAngle: 1, padAngle: 0.02 },
      { innerRadius: 30, outerRadius: 100, startAngle: 0.5, endAngle: 2, padAngle: 0 },
      { innerRadius: 30, outerRadius: 100, startAngle: 0, endAngle: 0.3, padAngle: 0.5 },
      { innerRadius: 100, outerRadius: 30, startAngle: 1, endAngle: 4, padAngle: 0.02 },
      { innerRadius: 30, outerRadius: 100, startAngle: 0, endAngle: 2 * Math.PI, padAngle: 0.02 },
      { innerRadius: 0, outerRadius: 100, startAngle: 0, endAngle: 2 * Math.PI, padAngle: 0 },
      { innerRadius: 30, outerRadius: 100, startAngle: 3, endAngle: 0.5, padAngle: 0.02 },
      { innerRadius: 32, outerRadius: 32, startAngle: 0, endAngle: 0.9, padAngle: 0.02 },
      { innerRadius: 0, outerRadius: 0, startAngle: 0, endAngle: 1, padAngle: 0 },
      { innerRadius: 10, outerRadius: 50, startAngle: 0, endAngle: 4, padAngle: 0.02 },
    ];
    for (const spec of cases) expect(arcPath(spec)).toBe(d3Arc(spec));
  });
});
