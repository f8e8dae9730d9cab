// Request bodies past a limit are refused with 413 before any parsing (docs/product.md#hostile-input).
//
// A refused body must not harm the next request. workerd drains a body the Worker never touched,
// but after a Worker started reading one and dropped it (cancelled, released or just left), workerd
// answers and then closes the keep-alive connection without saying so (no `Connection: close`): the
// next request sent on it fails. Behind `wrangler dev`'s and the preview's proxy, which keeps one
// such connection for everybody, that was the next POST from any client, answered 503 "Your worker
// restarted mid-request". So an over-long body is read to its end and thrown away before the 413,
// as workerd itself does with a body nobody read; one whose Content-Length already says too much is
// refused unread. (Cloudflare's edge caps a body's size in production; draining costs waiting, not
// CPU: 100 MB took 1.7 s locally, as long as workerd's own drain.)
import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors';

/** The body's bytes when it holds at most `max`, else null once the rest has been read and dropped. */
export async function readBodyWithin(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // Read to the end, never cancelled: see the top of this file.
      let part = await reader.read();
      while (!part.done) part = await reader.read();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export interface BodyLimit {
  max: number;
  /** The 413's message. */
  message: string;
}

/**
 * Refuses a body past its path's limit with 413 (JSON or the error page, by app.tsx's onError).
 * A body sent without a length (chunked) is read here, whole, and handed on as a buffered copy.
 */
export function limitRequestBody(limitFor: (path: string) => BodyLimit): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const { max, message } = limitFor(c.req.path);
    const length = c.req.header('content-length');
    if (length !== undefined && !c.req.raw.headers.has('transfer-encoding')) {
      // The framing bounds the body to its Content-Length: too long is refused unread.
      if (Number(length) > max) throw new HttpError(413, message);
      return next();
    }
    const bytes = await readBodyWithin(body, max);
    if (!bytes) throw new HttpError(413, message);
    c.req.raw = new Request(c.req.raw, { body: bytes });
    return next();
  };
}
