// Renders a page: React 19 server rendering of the Document, with the island collector. The one
// view that touches the request: it shows the pending flash toast (src/server/flash.ts).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { AppEnv } from '../app-env';
import type { Toast } from '../domain/toasts';
import { coachTimeZone } from '../domain/webinars';
import { isDevelopment } from '../env';
import { pathAndQuery } from '../paths';
import { Document } from './Document';
import { FrameContext } from './frame-context';
import { IslandCollectorContext, newCollector } from './islands';

export interface PageOptions {
  title: string;
  status?: ContentfulStatusCode;
  /** A toast for this very response (a re-rendered form); otherwise the pending flash shows. */
  toast?: Toast | null;
}

/**
 * One string, not a stream: no page waits on anything while rendering (every read is done before,
 * in the request's one D1 round trip) and the largest is about 30 KB, so streaming would only add
 * cost. renderToString skips the stream's per-chunk encoding and async pumping: /dashboard went
 * from 361 to 449 requests/s (docs/product.md#speed). A component that throws reaches app.onError,
 * which logs it and answers the error page.
 */
export function renderPage(c: Context<AppEnv>, body: ReactElement, options: PageOptions): Response {
  // Read (and cleared) even when this response brings its own toast, so it never shows twice.
  // Unset only for an answer made before the app's middleware ran (a refused body, say).
  const flash = c.get('takeToast')?.() ?? null;
  const toast = options.toast ?? flash;
  const demoTools = isDevelopment(c.env);
  const html = renderToString(
    <FrameContext
      value={{ demoTools, returnTo: demoTools ? pathAndQuery(c.req.url) : null, coachZone: coachTimeZone(c.env.COACH_TIME_ZONE) }}
    >
      <IslandCollectorContext value={newCollector()}>
        <Document title={options.title} toast={toast}>
          {body}
        </Document>
      </IslandCollectorContext>
    </FrameContext>,
  );
  // The streaming renderer writes the doctype itself; renderToString leaves it to us.
  return c.body(`<!DOCTYPE html>${html}`, options.status ?? 200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
}
