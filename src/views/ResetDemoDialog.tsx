// 'Reset Demo Data?' (docs/product.md#reset-demo-data): asks before the reset form posts.
import { API } from '../paths';
import { closesDialog, MODAL_DIALOG } from './dialog-invoker';

/** `returnFocusTo`: the account menu's button, since the menu item that opened it has closed. */
export function ResetDemoDialog({ id, returnFocusTo }: { id: string; returnFocusTo: string }) {
  return (
    <dialog
      id={id}
      {...MODAL_DIALOG}
      role="alertdialog"
      aria-labelledby="reset-demo-title"
      className="dialog"
      data-return-focus={returnFocusTo}
    >
      <h2 id="reset-demo-title" className="dialog-title">
        Reset Demo Data?
      </h2>
      <p>This clears your session progress and check-ins. Your account and plan stay as they are.</p>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" {...closesDialog(id)}>
          Cancel
        </button>
        <form method="post" action={API.resetDemo}>
          <button type="submit" className="button button-destructive">
            Reset Demo Data
          </button>
        </form>
      </div>
    </dialog>
  );
}
