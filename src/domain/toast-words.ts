// The words of the session save toasts, without zod, so the browser's session forms can show them
// too (docs/product.md#toasts).

export interface ToastWords {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export const INVALID_FORM_TITLE = 'Please fix the highlighted fields';

/** The save failures (docs/product.md#toasts): Session 1, and Sessions 2 to 4. */
export const SESSION_SAVE_FAILED = {
  session1: { title: 'Error saving progress', description: 'Please try again.', variant: 'destructive' },
  later: { title: 'Error', description: 'Failed to save session. Please try again.', variant: 'destructive' },
} as const satisfies Record<string, ToastWords>;

/** Dispatched on document when a form's next attempt starts: the failure toast of the last one goes. */
export const TOAST_DISMISS_EVENT = 'life7:toast-dismiss';
