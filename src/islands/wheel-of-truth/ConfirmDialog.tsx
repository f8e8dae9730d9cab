// The modal that confirms the Keystone Arena before the reflections. A native <dialog>, opened and
// closed to follow the `open` prop; Escape and "Change Focus" report back through onOpenChange.

import { ArenaIcon } from '../../components/ArenaIcon';
import type { Arena } from '../../domain/arenas';
import { useModalDialog } from '../use-modal-dialog';
import { IDS } from './shared';

export interface ConfirmDialogProps {
  keystone: Arena;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

export function ConfirmDialog({ keystone, open, onOpenChange, onConfirm }: ConfirmDialogProps) {
  const dialogRef = useModalDialog(open);

  const closeDialog = () => {
    dialogRef.current?.close();
    onOpenChange(false);
  };

  return (
    <dialog
      ref={dialogRef}
      id={IDS.confirm}
      className="dialog wot-dialog"
      aria-labelledby={IDS.confirmTitle}
      aria-describedby={IDS.confirmText}
      onClose={() => onOpenChange(false)}
    >
      <h2 id={IDS.confirmTitle} className="dialog-title">
        <ArenaIcon arena={keystone} /> Confirm your focus
      </h2>
      <p id={IDS.confirmText} className="wot-dialog-text">
        {`Your Keystone Arena is ${keystone}. This will be your primary focus area for the next 90 days.`}
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button button-outline"
          onClick={() => {
            closeDialog();
            document.getElementById(IDS.keystone)?.focus();
          }}
        >
          Change Focus
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            closeDialog();
            onConfirm();
          }}
        >
          Confirm &amp; Continue
        </button>
      </div>
    </dialog>
  );
}
