// One admin action's confirmation dialog (docs/product.md#admin-actions): a modal <dialog> holding
// the action's form (admin-action-form.tsx), for each action on a participant's page and for
// Create User. The page puts the button that opens it beside the action, with invoker commands
// (src/components/dialog-invoker.ts), so it opens as soon as the page shows, before this island's
// code has loaded (opening it moves focus inside, which wakes the island); the page shows that
// button only with JavaScript, and the inline form without it. A plain post that came back
// refused (sent before the island was live) opens the dialog again, with its messages.

import { useEffect, useRef } from 'react';
import { MODAL_DIALOG } from '../../components/dialog-invoker';
import type { HydrateOn } from '../../constants';
import type { Plan } from '../../domain/plans';
import { ActionForm } from './admin-action-form';
import type { ActionUser, AdminDialogAction, ConfirmWords, DialogFailure } from './admin-action-words';

/** The dialog opens without this code: it loads at the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

interface AdminActionDialogProps {
  id: string;
  action: AdminDialogAction;
  user: ActionUser | null;
  adminPlan: Plan | null;
  words: ConfirmWords;
  /** A refused plain post of this action: the dialog opens again with it. */
  failure: DialogFailure | null;
}

export function AdminActionDialog({ id, action, user, adminPlan, words, failure }: AdminActionDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!failure || !element || element.open) return;
    element.showModal();
    element.querySelector<HTMLElement>('[aria-invalid="true"], .banner-error')?.focus();
  }, [failure]);

  return (
    <dialog ref={dialog} id={id} {...MODAL_DIALOG} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className="dialog">
      <ActionForm id={id} action={action} user={user} adminPlan={adminPlan} words={words} failure={failure} onList={false} />
    </dialog>
  );
}
