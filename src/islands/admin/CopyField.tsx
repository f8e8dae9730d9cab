// A temporary password on the participant's page: the text to select (it works without
// JavaScript), and a Copy button that appears once the island runs.

import { useEffect, useState } from 'react';
import type { HydrateOn } from '../../constants';

/** The button is the only thing it adds: hydrate at once, so it shows while the admin looks. */
export const hydrate: HydrateOn = 'load';

export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const [scripted, setScripted] = useState(false);
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => setScripted(true), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="copy-field">
        <input id={id} type="text" readOnly value={value} onFocus={(event) => event.target.select()} />
        {scripted && (
          <button type="button" className="button button-outline" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        )}
      </div>
      {copied === false && <p className="muted">The browser did not allow copying: the text is selected, copy it with the keyboard.</p>}
    </div>
  );
}
