// The wheel PNG export rendered inside workerd, as in production: resvg-wasm from its compiled
// module, the text as outlines of the bundled subset font (a Data module, wrangler.toml [[rules]]).
import { Resvg } from '@resvg/resvg-wasm';
import { describe, expect, it } from 'vitest';
import type { ArenaScores } from '../src/domain/scoring';
import { wheelItems } from '../src/domain/wheel';
import { outlineText } from '../src/server/wheel-font';
import { initResvg, renderWheelPng } from '../src/server/wheel-image';
import { escapeXml, type WheelSvgInput, wheelFooter, wheelSvgDocument } from '../src/server/wheel-svg';

const SCORES: ArenaScores = { Faith: 7.3, Family: 10, Fitness: 3.1, Finance: 4.5, Field: 2, Friends: 8.8, Fun: 5 };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(png: Uint8Array): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  // The first chunk is IHDR: length (4), type (4), then width and height, big-endian.
  expect(new TextDecoder().decode(png.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function sampleInput(scores: Partial<ArenaScores>, keystone: string | null = 'Field'): WheelSvgInput {
  return { items: wheelItems(scores), keystone, weakest: 'Field', footer: wheelFooter('2025-01-31', 40.7, keystone) };
}

const sampleSvg = (scores: Partial<ArenaScores>, keystone?: string | null): string => wheelSvgDocument(sampleInput(scores, keystone));

// workerd's clock only moves on I/O, so timings await a zero timeout before reading it.
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** How many pixels are not fully transparent. */
function inkedPixels(svg: string): number {
  const resvg = new Resvg(svg);
  const image = resvg.render();
  const pixels = image.pixels;
  let inked = 0;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0) inked += 1;
  image.free();
  resvg.free();
  return inked;
}

describe('wheelSvgDocument', () => {
  it('is a 350 x 410 document with the footer line, inline colours and no classes', () => {
    const svg = sampleSvg(SCORES);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="350" height="410" viewBox="0 0 350 410"/);
    expect(svg).toContain('fill="#0f172a"');
    expect(svg).toContain('>Date: 2025-01-31 | Total: 40.7/70 | Keystone: Field</text>');
    expect(svg).toContain('>40.7</text>');
    expect(svg).toContain('>/ 70</text>');
    expect(svg).not.toContain('class=');
  });

  it('escapes text for XML', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;');
    const svg = wheelSvgDocument({ items: [{ name: 'A<&>', value: 5, color: '#fff' }], footer: 'x < y & "z"' });
    expect(svg).toContain('>A&lt;&amp;&gt;</text>');
    expect(svg).toContain('>x &lt; y &amp; &quot;z&quot;</text>');
  });
});

describe('renderWheelPng', () => {
  it('renders a 700 x 820 PNG (scale 2), again and again once initialised', async () => {
    // The first call in this isolate includes instantiating resvg's wasm; timed for the record.
    await tick();
    const start = Date.now();
    const first = await renderWheelPng(sampleInput(SCORES));
    await tick();
    console.log(`wheel PNG first render (ms, incl. initWasm): ${Date.now() - start}`);
    expect(pngSize(first)).toEqual({ width: 700, height: 820 });
    const second = await renderWheelPng(sampleInput({ ...SCORES, Fun: 9.9 }));
    expect(pngSize(second)).toEqual({ width: 700, height: 820 });
    // Concurrent first calls share the one initialisation too.
    const both = await Promise.all([renderWheelPng(sampleInput(SCORES)), renderWheelPng(sampleInput(SCORES))]);
    expect(both.map(pngSize)).toEqual([
      { width: 700, height: 820 },
      { width: 700, height: 820 },
    ]);
  });

  it('still renders empty, out-of-range and non-numeric scores', async () => {
    const bad = { Faith: -5, Family: 99, Fitness: Number.NaN, Finance: Number.POSITIVE_INFINITY } as Partial<ArenaScores>;
    for (const scores of [{}, bad]) {
      expect(pngSize(await renderWheelPng(sampleInput(scores, null)))).toEqual({ width: 700, height: 820 });
    }
  });

  it('draws text as outlines of the bundled font (resvg-wasm 2.4 draws no <text>)', async () => {
    await initResvg();
    const spec = { x: 4, y: 28, size: 20, fill: '#fff', content: 'Friends 8.8 ▼', anchor: 'start' } as const;
    const svg = (line: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">${line}</svg>`;
    expect(inkedPixels(svg(`<text x="4" y="28" font-size="20">Friends 8.8 ▼</text>`))).toBe(0);
    expect(outlineText(spec)).toMatch(/^<path d="M[^"]+" fill="#fff"\/>$/);
    expect(inkedPixels(svg(outlineText(spec)))).toBeGreaterThan(200);
  });

  it('draws every line of the PNG as an outline, none as <text> (which resvg 2.4 would drop)', () => {
    const svg = wheelSvgDocument(sampleInput(SCORES), outlineText);
    expect(svg).not.toContain('<text');
    // 7 wedges, then 17 lines of text: a name and a value per arena, the total, '/ 70', the footer.
    expect(svg.match(/<path /g)).toHaveLength(7 + 17);
  });

  it('places outlined text by its anchor, like text-anchor', () => {
    const left = (anchor: 'start' | 'middle' | 'end') =>
      Number(/d="M(-?[\d.]+)/.exec(outlineText({ x: 100, y: 20, size: 10, fill: '#fff', content: 'Fun', anchor }))![1]);
    expect(left('start')).toBeGreaterThanOrEqual(100);
    expect(left('middle')).toBeLessThan(100);
    expect(left('end')).toBeLessThan(left('middle'));
    expect(outlineText({ x: 0, y: 0, size: 10, fill: '#fff', content: '   ', anchor: 'middle' })).toBe('');
  });
});
