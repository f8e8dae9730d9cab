// 'Retake Assessment' asks first (docs/product.md#wheel-history): it says what starts afresh (the
// answers, the Keystone, the reflections on screen) and what stays (every wheel already completed,
// with what was written with it, up to WHEEL_SNAPSHOTS_MAX; decision 39).
import { WHEEL_SNAPSHOTS_MAX } from '../../domain/reassessment';
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
      <div id={IDS.retakeText} className="wot-dialog-text">
        <p>Starts afresh: your 70 answers, your Keystone Arena and your three reflections, from question 1. Saving makes a new wheel.</p>
        <p>
          Stays: every wheel you have completed, with its answers and the reflections you wrote with it; your summary shows them. Life7
          keeps your newest {WHEEL_SNAPSHOTS_MAX} wheels: beyond that, the oldest goes.
        </p>
      </div>
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
