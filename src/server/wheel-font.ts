// Text of the wheel PNG as glyph outlines from the bundled font (src/assets/wheel-font.ttf).
// resvg-wasm 2.4 has no text engine (2.5 added one, and with it 400 KB of gzipped wasm that would
// push the Worker past 1 MB), so every line of text reaches resvg as a <path> that opentype.js
// lays out from the TrueType font, kerning included.
import { type Font, parse } from 'opentype.js';
// A Data module (wrangler.toml [[rules]] for *.ttf): the bytes, an ArrayBuffer.
import wheelFontBytes from '../assets/wheel-font.ttf';
import type { DrawText } from './wheel-svg';

// Parsed on the first PNG of the isolate, not at module load: most requests never draw one.
let font: Font | undefined;

function wheelFont(): Font {
  // Without the Data rule the import is not the font's bytes and every label would vanish.
  if (!(wheelFontBytes.byteLength > 0)) throw new Error('wheel-font.ttf is not bundled as Data: see [[rules]] in wrangler.toml');
  font ??= parse(wheelFontBytes);
  return font;
}

/** Draws a line of text as one filled path, placed like SVG's text-anchor would place it. */
export const outlineText: DrawText = ({ x, y, size, fill, content, anchor }) => {
  const f = wheelFont();
  const width = anchor === 'start' ? 0 : f.getAdvanceWidth(content, size);
  const left = anchor === 'middle' ? x - width / 2 : anchor === 'end' ? x - width : x;
  const d = f.getPath(content, left, y, size).toPathData(2);
  return d ? `<path d="${d}" fill="${fill}"/>` : '';
};
