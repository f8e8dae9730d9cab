// One-off: draws the app icons for the web app manifest (public/manifest.webmanifest) and renders
// the PNGs with @resvg/resvg-wasm. Run `node scripts/make-icons.mjs` after changing the design or
// the arena colours; its output in public/icons/ is committed.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import opentype from 'opentype.js';

const require = createRequire(import.meta.url);
await initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));

// The arena colours of src/domain/arenas.ts, in arena order, and the brand's indigo (open-props indigo-7).
const COLORS = ['#8b5cf6', '#db2777', '#ef4444', '#059669', '#3b82f6', '#0891b2', '#c77700'];
const BRAND = '#4263eb';
const SIZE = 512;

/** A wedge of the wheel from angle a0 to a1 (radians, 0 at the top, clockwise) out to radius r. */
function wedge(cx, cy, r, a0, a1) {
  const point = (a) => `${(cx + r * Math.sin(a)).toFixed(2)} ${(cy - r * Math.cos(a)).toFixed(2)}`;
  return `M${cx} ${cy}L${point(a0)}A${r} ${r} 0 0 1 ${point(a1)}Z`;
}

/**
 * The Life7 wheel: seven arena wedges of different lengths (a wheel mid-journey) on the brand
 * colour. `radius` is the outer ring's share of the icon: a maskable icon keeps everything inside
 * the central 80% circle, so it draws smaller and fills the whole square.
 */
function icon({ radius, rounded }) {
  const c = SIZE / 2;
  const outer = SIZE * radius;
  const lengths = [0.95, 0.8, 0.9, 0.7, 1, 0.85, 0.75];
  const gap = 0.05;
  const step = (2 * Math.PI) / 7;
  const wedges = COLORS.map(
    (color, i) => `<path d="${wedge(c, c, outer * lengths[i], i * step + gap / 2, (i + 1) * step - gap / 2)}" fill="${color}"/>`,
  ).join('');
  const corner = rounded ? SIZE * 0.22 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}"><title>Life7</title><rect width="${SIZE}" height="${SIZE}" rx="${corner}" fill="${BRAND}"/><circle cx="${c}" cy="${c}" r="${outer + SIZE * 0.02}" fill="#ffffff"/><circle cx="${c}" cy="${c}" r="${outer}" fill="#f1f3f5"/>${wedges}<circle cx="${c}" cy="${c}" r="${SIZE * 0.035}" fill="#ffffff"/></svg>`;
}

function png(svg, width) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}

const any = icon({ radius: 0.38, rounded: true });
const maskable = icon({ radius: 0.3, rounded: false });
const out = new URL('../public/icons/', import.meta.url);
await writeFile(new URL('icon.svg', out), `${any}\n`);
await writeFile(new URL('icon-192.png', out), png(any, 192));
await writeFile(new URL('icon-512.png', out), png(any, 512));
await writeFile(new URL('icon-maskable-512.png', out), png(maskable, 512));
// iOS draws its own rounded corners, on a full square.
await writeFile(new URL('apple-touch-icon.png', out), png(icon({ radius: 0.36, rounded: false }), 180));
// The tab's icon: public/favicon.svg as a PNG, its "L7" drawn as outlines of DejaVu Sans Bold
// (resvg-wasm renders no text). The page links this, not the SVG: the browser has the page's
// renderer decode its favicon, and an SVG there is a whole document with text to lay out, on the
// main thread after the first paint (docs/perf.md#what-paid-off).
const boldFile = await readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
const bold = opentype.parse(boldFile.buffer.slice(boldFile.byteOffset, boldFile.byteOffset + boldFile.byteLength));
const faviconSvg = (await readFile(new URL('../public/favicon.svg', import.meta.url), 'utf8')).replace(
  /<text x="([\d.]+)" y="([\d.]+)"[^>]*font-size="([\d.]+)"[^>]*fill="([^"]+)">([^<]*)<\/text>/,
  (_, x, y, size, fill, text) => {
    const width = bold.getAdvanceWidth(text, Number(size));
    return `<path fill="${fill}" d="${bold.getPath(text, Number(x) - width / 2, Number(y), Number(size)).toPathData(2)}"/>`;
  },
);
if (!faviconSvg.includes('<path')) throw new Error('public/favicon.svg: its <text> was not found');
await writeFile(new URL('favicon-48.png', out), png(faviconSvg, 48));
console.log('Wrote public/icons/: icon.svg, icon-192.png, icon-512.png, icon-maskable-512.png, apple-touch-icon.png, favicon-48.png');
