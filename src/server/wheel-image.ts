// Renders the wheel (src/server/wheel-svg.ts) to a PNG inside the Worker with resvg-wasm.
// The .wasm is imported as a module, so wrangler uploads it pre-compiled (CompiledWasm rule) and
// the Worker never compiles WebAssembly from bytes at run time (which Workers forbid anyway).
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm';
import { outlineText } from './wheel-font';
import { type WheelSvgInput, wheelSvgDocument } from './wheel-svg';

/** The image's "scale 2" (docs/product.md#wheel-chart-and-image-export): a 350 x 410 document becomes a 700 x 820 PNG. */
const WHEEL_IMAGE_SCALE = 2;

// resvg-wasm throws if initWasm runs twice, so one promise per isolate, shared by every request.
// A failed start is forgotten so the next request can try again (resvg only marks success).
let ready: Promise<void> | undefined;

export function initResvg(): Promise<void> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

export async function renderWheelPng(input: WheelSvgInput): Promise<Uint8Array> {
  await initResvg();
  const resvg = new Resvg(wheelSvgDocument(input, outlineText), { fitTo: { mode: 'zoom', value: WHEEL_IMAGE_SCALE } });
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
