// The wheel as a standalone SVG document for the PNG export (docs/product.md#wheel-chart-and-image-export):
// dark background, the 350 wheel, then a 60-unit footer band with one line of text. resvg does
// not read our stylesheet, so every colour and size is an attribute here. Text goes through a
// DrawText function: plain <text> by default, glyph outlines for the PNG (src/server/wheel-font.ts).
import { WHEEL_SIZE, type WheelItem, wheelGeometry } from '../domain/wheel';

const WHEEL_IMAGE_FOOTER = 60;
const WHEEL_IMAGE_WIDTH = WHEEL_SIZE;
const WHEEL_IMAGE_HEIGHT = WHEEL_SIZE + WHEEL_IMAGE_FOOTER;
/** The family inside src/assets/wheel-font.ttf. */
const WHEEL_FONT_FAMILY = 'DejaVu Sans';

const DARK = {
  background: '#0f172a',
  footer: '#1e293b',
  ring: '#475569',
  label: '#f8fafc',
  value: '#cbd5e1',
  weakest: '#fca5a5',
  keystoneStroke: '#f8fafc',
  centre: '#1e293b',
  total: '#f8fafc',
  totalOf: '#94a3b8',
  footerText: '#e2e8f0',
  outline: '#f8fafc',
} as const;

// Regular DejaVu Sans averages ~0.51 em per character on the footer line; 0.53 keeps a margin.
const FOOTER_CHAR_EM = 0.53;
const FOOTER_FONT_MAX = 13;
const FOOTER_PADDING = 12;

export interface WheelSvgInput {
  items: readonly WheelItem[];
  keystone?: string | null;
  weakest?: string | null;
  /** e.g. 'Date: 2025-01-31 | Total: 42.0/70 | Keystone: Faith' */
  footer: string;
  /** The first wheel, drawn as a dashed outline under this one (the summary's comparison image). */
  outline?: readonly WheelItem[] | null;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** The footer line, in the words docs/product.md#wheel-chart-and-image-export gives. */
export function wheelFooter(date: string, total: number, keystone: string | null | undefined): string {
  return `Date: ${date} | Total: ${total.toFixed(1)}/70 | Keystone: ${keystone ?? 'Not set'}`;
}

/** One line of text: (x, y) is the baseline point that `anchor` names. */
interface TextSpec {
  x: number;
  y: number;
  size: number;
  fill: string;
  content: string;
  anchor: 'start' | 'middle' | 'end';
}

export type DrawText = (spec: TextSpec) => string;

const svgText: DrawText = ({ x, y, size, fill, content, anchor }) =>
  `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" text-anchor="${anchor}">${escapeXml(content)}</text>`;

export function wheelSvgDocument({ items, keystone, weakest, footer, outline }: WheelSvgInput, drawText: DrawText = svgText): string {
  const text = (x: number, y: number, size: number, fill: string, content: string, anchor: TextSpec['anchor'] = 'middle'): string =>
    drawText({ x, y, size, fill, content, anchor });
  const g = wheelGeometry(items, { size: WHEEL_SIZE, keystone, weakest });
  const parts: string[] = [];
  parts.push(`<rect width="${WHEEL_IMAGE_WIDTH}" height="${WHEEL_IMAGE_HEIGHT}" fill="${DARK.background}"/>`);
  parts.push(`<g transform="translate(${g.centre},${g.centre})">`);
  for (const ring of g.rings) {
    parts.push(`<circle r="${ring.r}" fill="none" stroke="${DARK.ring}" stroke-width="1" stroke-dasharray="2 3"/>`);
  }
  // The first wheel under the latest: where it reached further it shows outside the wedge, where
  // it fell short it shows through the wedge's fill.
  if (outline) {
    for (const w of wheelGeometry(outline, { size: WHEEL_SIZE }).wedges) {
      parts.push(`<path d="${w.d}" fill="none" stroke="${DARK.outline}" stroke-width="1.5" stroke-dasharray="4 3"/>`);
    }
  }
  for (const w of g.wedges) {
    const stroke = w.isKeystone ? ` stroke="${DARK.keystoneStroke}" stroke-width="2"` : '';
    parts.push(`<path d="${w.d}" fill="${escapeXml(w.color)}" fill-opacity="${w.isKeystone ? 0.95 : 0.8}"${stroke}/>`);
    parts.push(text(w.labelX, w.labelY, g.fonts.label, DARK.label, w.name, w.anchor));
    parts.push(text(w.labelX, w.valueY, g.fonts.value, w.isWeakest ? DARK.weakest : DARK.value, w.valueText, w.anchor));
  }
  parts.push(`<circle r="${g.hole}" fill="${DARK.centre}" stroke="${DARK.ring}"/>`);
  parts.push(text(0, g.totalY, g.fonts.total, DARK.total, g.totalText));
  parts.push(text(0, g.totalOfY, g.fonts.totalOf, DARK.totalOf, g.totalOfText));
  parts.push('</g>');

  // Footer band; the font shrinks for a long line so it never runs off the image.
  const footerFont = Math.min(
    FOOTER_FONT_MAX,
    (WHEEL_IMAGE_WIDTH - 2 * FOOTER_PADDING) / (Math.max([...footer].length, 1) * FOOTER_CHAR_EM),
  );
  const size = Math.round(footerFont * 10) / 10;
  parts.push(`<rect y="${WHEEL_SIZE}" width="${WHEEL_IMAGE_WIDTH}" height="${WHEEL_IMAGE_FOOTER}" fill="${DARK.footer}"/>`);
  parts.push(text(WHEEL_IMAGE_WIDTH / 2, WHEEL_SIZE + WHEEL_IMAGE_FOOTER / 2 + size * 0.36, size, DARK.footerText, footer));

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WHEEL_IMAGE_WIDTH}" height="${WHEEL_IMAGE_HEIGHT}" ` +
    `viewBox="0 0 ${WHEEL_IMAGE_WIDTH} ${WHEEL_IMAGE_HEIGHT}" font-family="${WHEEL_FONT_FAMILY}">` +
    parts.join('') +
    '</svg>'
  );
}
