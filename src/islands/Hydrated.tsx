// Wraps every island on both sides (so the trees match) and reports, in the browser, that React
// has hydrated it: the marker lets tests, and later the loader, tell a live island from HTML.
import { useEffect, type ReactNode } from 'react';

export function Hydrated({ onHydrated, children }: { onHydrated?: () => void; children: ReactNode }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}
