// Markup for one side only: with JavaScript, or without it. The page shows both to the server;
// the stylesheet hides OnlyUnscripted, and the Document's <noscript> style (which applies only
// when scripting is off) shows it and hides OnlyScripted instead, so neither flashes while the
// page loads (src/views/Document.tsx, src/styles/base.css).
import type { ReactNode } from 'react';

export const ONLY_SCRIPTED = 'only-scripted';
export const ONLY_UNSCRIPTED = 'only-unscripted';

export function OnlyScripted({ children }: { children: ReactNode }) {
  return <div className={ONLY_SCRIPTED}>{children}</div>;
}

export function OnlyUnscripted({ children }: { children: ReactNode }) {
  return <div className={ONLY_UNSCRIPTED}>{children}</div>;
}
