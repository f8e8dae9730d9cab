// Wraps every island on both sides (so the trees match) and reports, in the browser, that React
// has hydrated it and run its effects: src/client/hydrate.ts then marks it live.
import { type ReactNode, useEffect } from 'react';

export function Hydrated({ onHydrated, children }: { onHydrated?: () => void; children: ReactNode }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return children;
}
