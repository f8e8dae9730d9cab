// Toasts: the short messages shown after an action (docs/product.md#toasts), and the words each
// session's save uses.
import * as z from 'zod';
import type { SessionNumber } from './session-status';

export const toastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(['default', 'destructive']).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

export const SESSION_SAVED_TOASTS: Record<SessionNumber, Toast> = {
  1: { title: 'Session 1 completed!', description: 'Your progress has been saved.' },
  2: { title: 'Session 2 Complete!', description: 'Your progress has been saved.' },
  3: { title: 'Session 3 Complete!', description: 'Your progress has been saved.' },
  4: { title: 'Session 4 Complete!', description: 'Your progress has been saved.' },
};

export const INVALID_FORM_TITLE = 'Please fix the highlighted fields';

/** A mistake in the form says what to fix; only a refused save reads as a failed save. */
export function sessionFailureToast(session: SessionNumber, failure: { status: number; message: string }): Toast {
  if (failure.status === 400) return { title: INVALID_FORM_TITLE, description: failure.message, variant: 'destructive' };
  if (failure.status === 409) return { title: 'Error', description: failure.message, variant: 'destructive' };
  return session === 1
    ? { title: 'Error saving progress', description: 'Please try again.', variant: 'destructive' }
    : { title: 'Error', description: 'Failed to save session. Please try again.', variant: 'destructive' };
}
