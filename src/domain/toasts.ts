// Toasts: the short messages shown after an action (docs/product.md#toasts), and the words each
// session's save uses.
import * as z from 'zod';
import type { SessionNumber } from './session-status';
import { INVALID_FORM_TITLE, SESSION_SAVE_FAILED } from './toast-words';

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

/**
 * A mistake in the form points at the fields, whose own messages say what to fix: the message is
 * shown once, beside its field, not again in the toast. A save the session's gate refused (409: the
 * session before is not done, its day has not come, no seat yet) says why in the server's words.
 * Every other failure (a server fault, a lost connection) is the standard save failure
 * (docs/product.md#toasts).
 */
export function sessionFailureToast(session: SessionNumber, failure: { status: number; message: string }): Toast {
  if (failure.status === 400) return { title: INVALID_FORM_TITLE, variant: 'destructive' };
  if (failure.status === 409 && failure.message) return { title: 'Error', description: failure.message, variant: 'destructive' };
  return { ...(session === 1 ? SESSION_SAVE_FAILED.session1 : SESSION_SAVE_FAILED.later) };
}
