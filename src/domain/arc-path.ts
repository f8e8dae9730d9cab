// The SVG path of one wheel wedge: an annular sector with a pad angle, square corners, numbers
// rounded to two decimals. It is d3-shape's `arc()` (innerRadius, outerRadius, start and end
// angle, padAngle, digits(2); no corner radius, the default pad radius) cut down to what the
// wheel draws, so the browser needs no d3 (about 7 KB gzipped). arc-path.test.ts checks it
// against d3 itself, which stays a development dependency for that test only.
//
// Angles are in radians, clockwise from 12 o'clock, as in d3.

export interface ArcSpec {
  innerRadius: number;
  outerRadius: number;
  startAngle: number;
  endAngle: number;
  /** The gap between neighbouring wedges, in radians, taken half from each side. */
  padAngle: number;
}

const EPSILON = 1e-12; // d3-shape's
const PATH_EPSILON = 1e-6; // d3-path's
const TAU = 2 * Math.PI;
const HALF_PI = Math.PI / 2;

/** d3-path with digits(2): every number rounded to hundredths as it is written. */
class Path {
  private text = '';
  private x0: number | null = null;
  private y0: number | null = null;
  private x1: number | null = null;
  private y1: number | null = null;

  private write(command: string, ...numbers: number[]): void {
    this.text += command + numbers.map((n) => Math.round(n * 100) / 100).join(',');
  }

  moveTo(x: number, y: number): void {
    this.x0 = x;
    this.x1 = x;
    this.y0 = y;
    this.y1 = y;
    this.write('M', x, y);
  }

  lineTo(x: number, y: number): void {
    this.x1 = x;
    this.y1 = y;
    this.write('L', x, y);
  }

  /** A circular arc around the origin from angle a0 to a1 (d3-path's `arc` with x = y = 0). */
  arc(r: number, a0: number, a1: number, ccw: boolean): void {
    const dx = r * Math.cos(a0);
    const dy = r * Math.sin(a0);
    const sweep = ccw ? 0 : 1;
    let da = ccw ? a0 - a1 : a1 - a0;
    if (this.x1 === null) this.write('M', dx, dy);
    else if (Math.abs(this.x1 - dx) > PATH_EPSILON || Math.abs(this.y1! - dy) > PATH_EPSILON) this.write('L', dx, dy);
    if (!r) return;
    if (da < 0) da = (da % TAU) + TAU;
    if (da > TAU - PATH_EPSILON) {
      this.write('A', r, r, 0, 1, sweep, -dx, -dy);
      this.x1 = dx;
      this.y1 = dy;
      this.write('A', r, r, 0, 1, sweep, dx, dy);
    } else if (da > PATH_EPSILON) {
      const x1 = r * Math.cos(a1);
      const y1 = r * Math.sin(a1);
      this.x1 = x1;
      this.y1 = y1;
      this.write('A', r, r, 0, da >= Math.PI ? 1 : 0, sweep, x1, y1);
    }
  }

  close(): string {
    if (this.x1 !== null) {
      this.x1 = this.x0;
      this.y1 = this.y0;
      this.text += 'Z';
    }
    return this.text;
  }
}

/** One edge's start angle, end angle and sweep after taking its pad angle `p` off both ends. */
function padEdge(p: number, a0: number, a1: number, da: number, cw: boolean): [number, number, number] {
  const sweep = da - p * 2;
  if (!(sweep > EPSILON)) return [(a0 + a1) / 2, (a0 + a1) / 2, 0];
  const signed = cw ? p : -p;
  return [a0 + signed, a1 - signed, sweep];
}

export function arcPath({ innerRadius, outerRadius, startAngle, endAngle, padAngle }: ArcSpec): string {
  const path = new Path();
  let r0 = innerRadius;
  let r1 = outerRadius;
  const a0 = startAngle - HALF_PI;
  const a1 = endAngle - HALF_PI;
  const da = Math.abs(a1 - a0);
  const cw = a1 > a0;
  if (r1 < r0) [r0, r1] = [r1, r0];

  if (!(r1 > EPSILON)) {
    path.moveTo(0, 0);
  } else if (da > TAU - EPSILON) {
    // A whole ring: the outer circle, then the inner one the other way round.
    path.moveTo(r1 * Math.cos(a0), r1 * Math.sin(a0));
    path.arc(r1, a0, a1, !cw);
    if (r0 > EPSILON) {
      path.moveTo(r0 * Math.cos(a1), r0 * Math.sin(a1));
      path.arc(r0, a1, a0, cw);
    }
  } else {
    // Padding narrows each edge by its own angle (d3-shape's padAngle), or shrinks it to a point.
    const ap = padAngle / 2;
    const rp = ap > EPSILON ? Math.sqrt(r0 * r0 + r1 * r1) : 0;
    const [a00, a10, da0] = rp > EPSILON ? padEdge(Math.asin((rp / r0) * Math.sin(ap)), a0, a1, da, cw) : [a0, a1, da];
    const [a01, a11, da1] = rp > EPSILON ? padEdge(Math.asin((rp / r1) * Math.sin(ap)), a0, a1, da, cw) : [a0, a1, da];
    const x01 = r1 * Math.cos(a01);
    const y01 = r1 * Math.sin(a01);
    path.moveTo(x01, y01);
    if (da1 > EPSILON) path.arc(r1, a01, a11, !cw);
    if (!(r0 > EPSILON) || !(da0 > EPSILON)) path.lineTo(r0 * Math.cos(a10), r0 * Math.sin(a10));
    else path.arc(r0, a10, a00, cw);
  }
  return path.close();
}
