// 'Retake Assessment' asks first (docs/product.md#wheel-history): it clears the 70 answers on
// screen, while every wheel already completed stays in the history.
import { useModalDialog } from '../use-modal-dialog';
import { IDS } from './shared';

export interface RetakeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRetake: () => void;
}

export function RetakeDialog({ open, onOpenChange, onRetake }: RetakeDialogProps) {
  const dialogRef = useModalDialog(open);
  return (
    <dialog
      ref={dialogRef}
      id={IDS.retake}
      className="dialog wot-dialog"
      role="alertdialog"
      aria-labelledby={IDS.retakeTitle}
      aria-describedby={IDS.retakeText}
      onClose={() => onOpenChange(false)}
    >
      <h2 id={IDS.retakeTitle} className="dialog-title">
        Retake the assessment?
      </h2>
      <p id={IDS.retakeText} className="wot-dialog-text">
        This clears your 70 answers so you can start again from question 1. Wheels you have already completed stay in your history.
      </p>
      <div className="dialog-actions">
        {/* biome-ignore lint/a11y/noAutofocus: the modal dialog's first focus goes to the safe choice, Cancel (showModal honours autofocus; e2e/participant.spec.ts checks it) */}
        <button type="button" className="button button-outline" autoFocus onClick={() => onOpenChange(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-destructive"
          onClick={() => {
            onOpenChange(false);
            onRetake();
          }}
        >
          Retake Assessment
        </button>
      </div>
    </dialog>
  );
}
