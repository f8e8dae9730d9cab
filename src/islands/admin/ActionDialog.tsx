// The shell of every admin confirmation: a modal <dialog> with a title, what will happen, the
// fields of the action, the typed word when the action asks for one, and Cancel / confirm.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useModalDialog } from '../use-modal-dialog';

export interface ActionDialogProps {
  id: string;
  open: boolean;
  title: string;
  description: ReactNode;
  /** The exact word to type before the action can run, if any. */
  word?: string;
  confirmLabel: string;
  busyLabel: string;
  destructive?: boolean;
  busy: boolean;
  children?: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ActionDialog(props: ActionDialogProps) {
  const ref = useModalDialog(props.open);
  const [typed, setTyped] = useState('');
  const ready = !props.word || typed === props.word;
  const close = () => {
    setTyped('');
    props.onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !props.busy) props.onConfirm();
  };
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={`${props.id}-title`} aria-describedby={`${props.id}-text`} onClose={close}>
      <form method="dialog" onSubmit={submit} className="form">
        <h2 id={`${props.id}-title`} className="dialog-title">
          {props.title}
        </h2>
        <div id={`${props.id}-text`} className="dialog-subtitle">
          {props.description}
        </div>
        {props.children}
        {props.word && (
          <div className="field">
            <label htmlFor={`${props.id}-word`}>
              Type <strong>{props.word}</strong> to confirm
            </label>
            <input id={`${props.id}-word`} type="text" autoComplete="off" spellCheck={false} value={typed} onChange={(event) => setTyped(event.target.value)} />
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className={`button ${props.destructive ? 'button-destructive' : 'button-primary'}`} disabled={!ready || props.busy}>
            {props.busy ? props.busyLabel : props.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
