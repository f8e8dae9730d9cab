// The buttons of 'Reset Demo Data?' (docs/product.md#reset-demo-data, decision 2): Cancel, and the
// reset. Without JavaScript the reset is a plain form post that comes back to this page (its
// address rides in `returnTo`). With it the reset is sent with fetch: the dialog closes, the toast
// says it is done, and the page reloads a second later, showing what is left.

import type { FormEvent } from 'react';
import { closesDialog } from '../components/dialog-invoker';
import { BUSY_LABEL_ATTR, type HydrateOn } from '../constants';
import { DEMO_RESET_TOAST } from '../domain/toast-words';
import { API } from '../paths';
import { usePending } from './use-pending';

/** The dialog opens without this code; opening it moves focus onto Cancel, which wakes it. */
export const hydrate: HydrateOn = 'interaction';

/** How long the toast shows before the page reloads (decision 2). */
const RELOAD_AFTER_MS = 1000;

export function ResetDemoActions({ dialogId, returnTo }: { dialogId: string; returnTo: string }) {
  const [pending, setPending] = usePending();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    let response: Response | null = null;
    try {
      response = await fetch(API.resetDemo, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
    } catch {
      response = null;
    }
    const answer = (await response?.json().catch(() => null)) as { message?: unknown } | null;
    const { showToast } = await import('./toast-store');
    if (response?.ok) {
      (document.getElementById(dialogId) as HTMLDialogElement | null)?.close();
      showToast(DEMO_RESET_TOAST);
      setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
      return;
    }
    setPending(false);
    const message = typeof answer?.message === 'string' ? answer.message : 'Failed to reset demo data. Please try again.';
    showToast({ title: 'Error', description: message, variant: 'destructive' });
  };
  return (
    <div className="dialog-actions">
      <button type="button" className="button button-ghost" {...closesDialog(dialogId)}>
        Cancel
      </button>
      <form method="post" action={API.resetDemo} onSubmit={submit}>
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="button button-destructive" disabled={pending} {...{ [BUSY_LABEL_ATTR]: 'Resetting...' }}>
          {pending ? 'Resetting...' : 'Reset Demo Data'}
        </button>
      </form>
    </div>
  );
}
