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

/** What an admin does to an account from a dialog or a form: the participant's page's actions, and Create User. */
export type AdminToastAction = 'plan' | 'role' | 'password' | 'delete' | 'create';

/**
 * The title of each admin action's failure toast; its description is the server's message, the
 * same `message` the JSON error carries (docs/product.md#toasts). The pages without JavaScript and
 * the dialogs with it take the title from here.
 */
export const ADMIN_FAILURE_TITLES: Record<AdminToastAction | 'cohort' | 'attention' | 'note', string> = {
  plan: 'Failed to update membership',
  role: 'Failed to update role',
  password: 'Failed to reset password',
  delete: 'Failed to delete user',
  create: 'Failed to create user',
  cohort: 'Failed to move participant',
  attention: 'Failed to update the worklist',
  note: 'Failed to save the note',
};

/** 'Reset Demo Data' done (docs/product.md#reset-demo-data); with JavaScript the page reloads a second later. */
export const DEMO_RESET_TOAST = { title: 'Demo data reset', description: 'Your progress and check-ins were cleared.' } as const;
