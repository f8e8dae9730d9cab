// Wheel chart geometry (docs/product.md#wheel-chart-and-image-export, section 9; docs/product.md#wheel-chart-and-image-export
// item 10). Pure numbers and SVG path strings: the React chart (src/components/WheelChart.tsx) and
// the PNG export (src/server/wheel-svg.ts) both draw from it, so they cannot drift apart.
import { arcPath } from './arc-path';
import { ARENA_COLORS, ARENAS } from './arenas';
import { type ArenaScores, TOTAL_MAX } from './scoring';

export const WHEEL_SIZE = 350;
export const WHEEL_RINGS = [2, 4, 6, 8, 10] as const;
const WHEEL_MAX = 10;
/** Appended to the weakest arena's value, so the mark does not rely on colour alone. */
export const WEAKEST_MARK = '▼';

/** Font sizes in user units at WHEEL_SIZE; they scale with `size`. Large enough that a 350-unit
 * wheel shrunk to ~300 px on a phone still shows ~12 px names. */
const WHEEL_FONTS = { label: 14, value: 13, total: 18, totalOf: 12 } as const;

// Widths are estimated, not measured (no font metrics on the server). 0.64 em per character is
// the widest arena name in DejaVu Sans Bold, wider than the usual system UI fonts, so real text
// is at most this wide and the layout errs on the safe side.
const CHAR_EM = 0.64;
const ASCENT_EM = 0.76;
const DESCENT_EM = 0.24;
const LINE_GAP = 3;
const LABEL_GAP = 6; // between the outer ring and a label
const EDGE_MARGIN = 4; // between a label and the viewBox edge
const HOLE = 32; // centre disc holding the total; wedges start at its edge so low scores show
const PAD_ANGLE = 0.02;

export interface WheelItem {
  name: string;
  value: number;
  color: string;
}

export interface WheelOptions {
  size?: number;
  keystone?: string | null;
  weakest?: string | null;
}

interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface WheelWedge {
  name: string;
  /** Clamped to 0..10; non-numbers count as 0. */
  value: number;
  color: string;
  /** SVG path, relative to the centre. A 0 score gives a degenerate but non-empty path. */
  d: string;
  startAngle: number;
  endAngle: number;
  /** Text position of the name (baseline), relative to the centre. */
  labelX: number;
  labelY: number;
  /** Baseline of the value line, same x and anchor as the name. */
  valueY: number;
  anchor: 'start' | 'middle' | 'end';
  /** '4.5', or '4.5 ▼' for the weakest arena. */
  valueText: string;
  /** The estimated box both label lines fit in, relative to the centre. */
  labelBox: LabelBox;
  isKeystone: boolean;
  isWeakest: boolean;
}

export interface WheelGeometry {
  size: number;
  centre: number;
  /** Radius of the 10 ring. */
  radius: number;
  /** Radius of the centre disc, where 0 sits. */
  hole: number;
  rings: { value: number; r: number }[];
  wedges: WheelWedge[];
  fonts: { label: number; value: number; total: number; totalOf: number };
  total: number;
  totalText: string;
  /** Baselines of the total and of '/ 70' under it, relative to the centre. */
  totalY: number;
  totalOfY: number;
  totalOfText: string;
}

export function clampScore(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(WHEEL_MAX, Math.max(0, value)) : 0;
}

/** Two decimals: enough for the eye, and the same string on the server and in every browser. */
function round2(n: number): number {
  return Math.round(n * 100) / 100 || 0;
}

function textWidth(text: string, fontSize: number): number {
  return [...text].length * CHAR_EM * fontSize;
}

/** The seven arenas in ARENAS order, coloured per arena. */
export function wheelItems(scores: Readonly<Partial<ArenaScores>>): WheelItem[] {
  return ARENAS.map((arena) => ({ name: arena, value: clampScore(scores[arena]), color: ARENA_COLORS[arena] }));
}

interface LabelSpec {
  sx: number;
  sy: number;
  width: number;
  height: number;
}

/** How far a label's centre sits from the wheel's centre: clear of the outer ring by LABEL_GAP
 * (the box's extent toward the centre is its support |sx|·w/2 + |sy|·h/2). */
function labelDistance(radius: number, gap: number, l: LabelSpec): number {
  return radius + gap + (Math.abs(l.sx) * l.width) / 2 + (Math.abs(l.sy) * l.height) / 2;
}

/** The largest outer radius for which every label box stays inside the viewBox. */
function fitRadius(half: number, gap: number, margin: number, labels: LabelSpec[]): number {
  let radius = half - margin;
  for (const l of labels) {
    const support = (Math.abs(l.sx) * l.width) / 2 + (Math.abs(l.sy) * l.height) / 2;
    if (Math.abs(l.sx) > 1e-9) radius = Math.min(radius, (half - margin - l.width / 2) / Math.abs(l.sx) - gap - support);
    if (Math.abs(l.sy) > 1e-9) radius = Math.min(radius, (half - margin - l.height / 2) / Math.abs(l.sy) - gap - support);
  }
  return Math.floor(radius * 10) / 10;
}

export function wheelGeometry(items: readonly WheelItem[], options: WheelOptions = {}): WheelGeometry {
  const size = options.size && options.size > 0 ? options.size : WHEEL_SIZE;
  const k = size / WHEEL_SIZE;
  const half = size / 2;
  const fonts = {
    label: WHEEL_FONTS.label * k,
    value: WHEEL_FONTS.value * k,
    total: WHEEL_FONTS.total * k,
    totalOf: WHEEL_FONTS.totalOf * k,
  };
  const step = (2 * Math.PI) / Math.max(items.length, 1);
  const gap = LABEL_GAP * k;
  const labelHeight = ASCENT_EM * fonts.label + DESCENT_EM * fonts.label + LINE_GAP * k + ASCENT_EM * fonts.value;

  const prepared = items.map((item, i) => {
    const value = clampScore(item.value);
    const isWeakest = options.weakest != null && item.name === options.weakest;
    const valueText = value.toFixed(1) + (isWeakest ? ` ${WEAKEST_MARK}` : '');
    const mid = (i + 0.5) * step;
    const spec: LabelSpec = {
      sx: Math.sin(mid),
      sy: -Math.cos(mid),
      width: Math.max(textWidth(item.name, fonts.label), textWidth(valueText, fonts.value)),
      height: labelHeight,
    };
    return { item, value, isWeakest, valueText, spec, start: i * step, end: (i + 1) * step };
  });

  const hole = HOLE * k;
  const radius = Math.max(
    hole * 2,
    fitRadius(
      half,
      gap,
      EDGE_MARGIN * k,
      prepared.map((p) => p.spec),
    ),
  );
  // Linear from the centre disc's edge: 0 sits on the disc, 10 on the outer ring.
  const rOf = (value: number) => hole + ((radius - hole) * value) / WHEEL_MAX;

  const wedges = prepared.map(({ item, value, isWeakest, valueText, spec, start, end }): WheelWedge => {
    const distance = labelDistance(radius, gap, spec);
    const cx = spec.sx * distance;
    const cy = spec.sy * distance;
    // Side labels grow away from the wheel, so a narrower real font leaves them next to their wedge.
    const anchor = spec.sx > 0.3 ? 'start' : spec.sx < -0.3 ? 'end' : 'middle';
    const left = cx - spec.width / 2;
    const top = cy - spec.height / 2;
    const labelX = anchor === 'start' ? left : anchor === 'end' ? left + spec.width : cx;
    const labelY = top + ASCENT_EM * fonts.label;
    return {
      name: item.name,
      value,
      color: item.color,
      d: arcPath({ innerRadius: hole, outerRadius: rOf(value), startAngle: start, endAngle: end, padAngle: PAD_ANGLE }),
      startAngle: start,
      endAngle: end,
      labelX: round2(labelX),
      labelY: round2(labelY),
      valueY: round2(labelY + DESCENT_EM * fonts.label + LINE_GAP * k + ASCENT_EM * fonts.value),
      anchor,
      valueText,
      labelBox: { x: round2(left), y: round2(top), width: round2(spec.width), height: round2(spec.height) },
      isKeystone: options.keystone != null && item.name === options.keystone,
      isWeakest,
    };
  });

  const total = Math.round(prepared.reduce((sum, p) => sum + p.value, 0) * 10) / 10;
  return {
    size,
    centre: half,
    radius,
    hole,
    rings: WHEEL_RINGS.map((value) => ({ value, r: round2(rOf(value)) })),
    wedges,
    fonts,
    total,
    totalText: total.toFixed(1),
    // The two lines together are centred on the disc: cap height of the total above, '/ 70' below.
    totalY: round2(-0.06 * fonts.total),
    totalOfY: round2(-0.06 * fonts.total + 1.25 * fonts.totalOf),
    totalOfText: `/ ${TOTAL_MAX}`,
  };
}

/** One sentence for screen readers: every arena with its score, the total and the marks. */
export function wheelSummary(geometry: WheelGeometry, title: string): string {
  const arenas = geometry.wedges
    .map((w) => `${w.name} ${w.value.toFixed(1)}${w.isWeakest ? ' (weakest)' : ''}${w.isKeystone ? ' (keystone)' : ''}`)
    .join(', ');
  return `${title}: ${arenas}. Total ${geometry.totalText} / ${TOTAL_MAX}.`;
}
