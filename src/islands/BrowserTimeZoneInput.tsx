// A hidden field carrying the browser's time zone (docs/product.md#check-ins). Only the browser
// knows it, so it is filled after hydration; without JavaScript it stays empty and the server
// keeps the stored zone (or the default at sign-up).
import { useEffect, useState } from 'react';

export function BrowserTimeZoneInput() {
  // Held in state: React rewrites a hidden input's value from its props on every render.
  const [zone, setZone] = useState('');
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  return <input type="hidden" name="timeZone" value={zone} />;
}
