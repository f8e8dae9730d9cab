// Renders a page: React 19 streaming SSR inside the Document, with the island collector.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { AppEnv } from '../app-env';
import { takeFlash, type Toast } from '../server/flash';
import { errorFields, log } from '../server/log';
import { Document } from './Document';
import { IslandCollectorContext, newCollector } from './islands';

export interface PageOptions {
  title: string;
  status?: ContentfulStatusCode;
  /** A toast for this very response (a re-rendered form); otherwise the pending flash shows. */
  toast?: Toast | null;
}

export async function renderPage(c: Context<AppEnv>, body: ReactElement, options: PageOptions): Promise<Response> {
  const flash = takeFlash(c);
  const toast = options.toast ?? flash;
  const stream = await renderToReadableStream(
    <IslandCollectorContext value={newCollector()}>
      <Document title={options.title} toast={toast}>
        {body}
      </Document>
    </IslandCollectorContext>,
    { onError: (error) => log('error', 'Render error', errorFields(error)) },
  );
  return c.body(stream, options.status ?? 200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
}
