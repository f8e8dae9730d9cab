import { describe, expect, it } from 'vitest';
import { readBodyWithin } from './body-limit';

/** A body of `kb` 1 KB pieces that records how far it was read and whether it was cancelled. */
function body(kb: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled < kb) controller.enqueue(new Uint8Array(1024).fill(120));
      else controller.close();
      seen.pulled++;
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

describe('readBodyWithin', () => {
  it('answers the whole body within the limit', async () => {
    const { stream } = body(3);
    const bytes = await readBodyWithin(stream, 3 * 1024);
    expect(bytes?.byteLength).toBe(3 * 1024);
    expect(new TextDecoder().decode(bytes!.subarray(0, 3))).toBe('xxx');
  });

  it('refuses a longer body only once it has read it to the end, never cancelling it', async () => {
    const { stream, seen } = body(400);
    expect(await readBodyWithin(stream, 64 * 1024)).toBeNull();
    expect(seen.pulled).toBe(401);
    expect(seen.cancelled).toBe(false);
  });
});
