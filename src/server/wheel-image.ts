// Renders the wheel SVG (src/components/WheelSvg.ts) to a PNG inside the Worker with resvg-wasm.
// The .wasm is imported as a module, so wrangler uploads it pre-compiled (CompiledWasm rule) and
// the Worker never compiles WebAssembly from bytes at run time (which Workers forbid anyway).
import { Resvg, initWasm } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
// A Data module (wrangler.toml [[rules]] for *.ttf): the bytes, an ArrayBuffer.
import wheelFont from '../assets/wheel-font.ttf';
import { WHEEL_FONT_FAMILY } from '../components/WheelSvg';

/** The spec's "scale 2": a 350 x 410 document becomes a 700 x 820 PNG. */
export const WHEEL_IMAGE_SCALE = 2;

// resvg-wasm throws if initWasm runs twice, so one promise per isolate, shared by every request.
// A failed start is forgotten so the next request can try again (resvg only marks success).
let ready: Promise<void> | undefined;
// resvg cannot read system fonts: every render gets this one bundled font (made once per isolate).
const fontBuffers = [new Uint8Array(wheelFont)];

function initResvg(): Promise<void> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

export async function renderWheelPng(svg: string): Promise<Uint8Array> {
  // Without the Data rule the import is not the font's bytes and resvg would silently drop all text.
  if (!(fontBuffers[0]!.byteLength > 0)) throw new Error('wheel-font.ttf is not bundled as Data: see [[rules]] in wrangler.toml');
  await initResvg();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: WHEEL_IMAGE_SCALE },
    font: { fontBuffers, defaultFontFamily: WHEEL_FONT_FAMILY, sansSerifFamily: WHEEL_FONT_FAMILY },
  });
  // Both objects live in wasm memory, which JavaScript's garbage collector does not reclaim.
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
