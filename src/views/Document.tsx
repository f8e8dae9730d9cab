import type { ReactNode } from 'react';
import { ISLAND_ATTR } from '../constants';
import { PRODUCT_NAME } from '../domain/product';
import type { Toast } from '../domain/toasts';
import { ASSETS } from './assets';
import { Island, IslandScripts, useHasIslands } from './islands';
import { ONLY_SCRIPTED, ONLY_UNSCRIPTED } from './scripting';

const MANIFEST_PATH = '/manifest.webmanifest';
/** The top bar's background in each theme (src/styles/base.css --surface-card), as public/manifest.webmanifest says too. */
const THEME_COLORS = { light: '#ffffff', dark: '#212529' } as const;

/** The toaster ships only when there is a toast to show or the page already has JavaScript. */
function ToasterSlot({ toast }: { toast: Toast | null }) {
  const hasIslands = useHasIslands();
  if (!toast && !hasIslands) return null;
  // With a toast to show it loads at once; otherwise when an island first shows one.
  return <Island name="Toaster" props={{ initial: toast }} hydrate={toast ? 'load' : 'toast'} />;
}

export function Document({ title, toast, children }: { title: string; toast: Toast | null; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title === PRODUCT_NAME ? title : `${title} · ${PRODUCT_NAME}`}</title>
        {/* A PNG, not public/favicon.svg: the page's renderer decodes the favicon, and an SVG there
            is a document of its own laid out on the main thread after the first paint
            (docs/perf.md#what-paid-off; scripts/make-icons.mjs draws this one from the SVG). */}
        <link rel="icon" href="/icons/favicon-48.png" type="image/png" sizes="48x48" />
        {/* On the home screen (docs/product.md#on-the-home-screen): the manifest, the bar colours
            of the light and dark themes (the top bar's), and the icon iOS uses. */}
        <link rel="manifest" href={MANIFEST_PATH} />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
        <link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />
        {/* With a precedence React emits the stylesheet as a resource, ahead of the islands'
            modulepreloads: the render-blocking CSS is fetched first on a slow link. */}
        <link rel="stylesheet" href={ASSETS.css} precedence="default" />
        {/* Without JavaScript, Session 1's questionnaire island does nothing: hidden, and the page's
            <noscript> leads to the one-form questionnaire (session1/Session1Steps.tsx). A <style>
            belongs in the head; in a <noscript> there it applies only with scripting off. (CSS's
            `@media (scripting: none)` would do, but Chromium does not report it when a test
            turns JavaScript off.) Likewise the admin actions' dialog buttons give way to their
            inline forms (scripting.tsx). */}
        <noscript>
          <style>{`[${ISLAND_ATTR.name}=WheelOfTruth],.${ONLY_SCRIPTED}{display:none}.${ONLY_UNSCRIPTED}{display:contents}`}</style>
        </noscript>
      </head>
      <body>
        {children}
        <ToasterSlot toast={toast} />
        <IslandScripts />
      </body>
    </html>
  );
}
