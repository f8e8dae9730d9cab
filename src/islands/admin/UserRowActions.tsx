// The users list's row actions in a confirmation dialog (docs/product.md#admin-screens). Each row's
// 'Actions' menu holds links to the forms on the participant's page, which is what they do without
// JavaScript (and before this island is live); once it is, a click on 'Change plan', 'Make admin' /
// 'Remove admin', 'Temporary password' or 'Delete' opens one modal <dialog> for that row instead,
// the row named by the link's data attributes. One dialog serves the 50 rows of a page.

import { useEffect, useState } from 'react';
import { MODAL_DIALOG } from '../../components/dialog-invoker';
import type { HydrateOn } from '../../constants';
import { useModalDialog } from '../use-modal-dialog';
import { ActionForm } from './admin-action-form';
import type { ActionUser, AdminDialogAction, ConfirmWords } from './admin-action-words';

/** Live as soon as the page has painted, so the menu's links open the dialog. */
export const hydrate: HydrateOn = 'load';

/** The link attributes a row's menu carries: the action, and the row's account as JSON. */
export const ROW_ACTION_ATTR = { action: 'data-user-action', user: 'data-user' } as const;

const DIALOG_ID = 'user-action-dialog';
const ROW_ACTIONS: readonly AdminDialogAction[] = ['plan', 'role', 'password', 'delete'];

export function UserRowActions({ words }: { words: ConfirmWords }) {
  const [chosen, setChosen] = useState<{ action: AdminDialogAction; user: ActionUser } | null>(null);
  const dialog = useModalDialog(chosen !== null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLElement>(`a[${ROW_ACTION_ATTR.action}]`) : null;
      const action = link?.getAttribute(ROW_ACTION_ATTR.action) as AdminDialogAction | null | undefined;
      if (!link || !action || !ROW_ACTIONS.includes(action)) return;
      let user: ActionUser;
      try {
        user = JSON.parse(link.getAttribute(ROW_ACTION_ATTR.user) ?? '') as ActionUser;
      } catch {
        return;
      }
      event.preventDefault();
      setChosen({ action, user });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  return (
    <dialog
      ref={dialog}
      id={DIALOG_ID}
      {...MODAL_DIALOG}
      aria-labelledby={chosen ? `${DIALOG_ID}-title` : undefined}
      aria-describedby={chosen ? `${DIALOG_ID}-text` : undefined}
      className="dialog"
      onClose={() => setChosen(null)}
    >
      {chosen && (
        <ActionForm
          key={`${chosen.action}:${chosen.user.id}`}
          id={DIALOG_ID}
          action={chosen.action}
          user={chosen.user}
          adminPlan={null}
          words={words}
          failure={null}
          onList
        />
      )}
    </dialog>
  );
}
