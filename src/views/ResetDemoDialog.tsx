// 'Reset Demo Data?' (docs/product.md#reset-demo-data): asks before the reset; its buttons are an
// island (src/islands/ResetDemoActions.tsx) that resets with fetch and reloads the page a second
// later, and without JavaScript posts the form, which comes back to `returnTo`.
import { MODAL_DIALOG } from '../components/dialog-invoker';
import { Island } from './islands';

/** `returnFocusTo`: the account menu's button, since the menu item that opened it has closed. */
export function ResetDemoDialog({ id, returnFocusTo, returnTo }: { id: string; returnFocusTo: string; returnTo: string }) {
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
      <Island name="ResetDemoActions" props={{ dialogId: id, returnTo }} />
    </dialog>
  );
}
