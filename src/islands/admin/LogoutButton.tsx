// The admin bar's Logout: a plain form post without JavaScript; with it, the post is made in
// place so a failure can say 'Failed to logout' instead of leaving the page (docs/product.md#toasts).

import { type FormEvent, useState } from 'react';
import type { HydrateOn } from '../../constants';
import { API, PATHS } from '../../paths';
import { showToast } from '../toast-store';

/** A working form without JavaScript: its code waits for the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

export function LogoutButton({ className }: { className: string }) {
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      // A form post, so the server sets its 'Logged out' toast; its 303 is not followed here.
      const response = await fetch(API.logout, {
        method: 'POST',
        body: new URLSearchParams(),
        credentials: 'same-origin',
        redirect: 'manual',
      });
      if (response.type === 'opaqueredirect' || response.ok) {
        window.location.assign(PATHS.login);
        return;
      }
    } catch {
      // Shown below.
    }
    setBusy(false);
    showToast({ title: 'Failed to logout', variant: 'destructive' });
  };
  return (
    <form method="post" action={API.logout} onSubmit={submit}>
      <button type="submit" className={className} disabled={busy}>
        Logout
      </button>
    </form>
  );
}
