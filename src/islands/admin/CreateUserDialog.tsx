// 'Create User': email, name and plan; then the temporary password, shown once with a copy button.
import { useState } from 'react';
import type { AdminUserView } from '../../domain/admin';
import type { Plan } from '../../domain/plans';
import { showToast } from '../toast-store';
import { useModalDialog } from '../use-modal-dialog';
import { adminCall, copyText, failureToast } from './admin-api';
import { PlanSelect } from './PlanSelect';

export interface CreateUserDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (user: AdminUserView) => void;
}

export function CreateUserDialog({ open, onClose, onCreated }: CreateUserDialogProps) {
  const ref = useModalDialog(open);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [plan, setPlan] = useState<Plan>('challenge');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ email: string; tempPassword: string } | null>(null);
  const [copied, setCopied] = useState(false);

  const close = () => {
    setEmail('');
    setName('');
    setPlan('challenge');
    setCreated(null);
    setCopied(false);
    onClose();
  };

  const create = async () => {
    setBusy(true);
    try {
      const result = await adminCall<{ tempPassword: string; user: AdminUserView }>('POST', '/api/admin/create-user', { email, name, plan });
      onCreated({ ...result.user, sessionsCompleted: 0 });
      setCreated({ email: result.user.email, tempPassword: result.tempPassword });
      showToast({ title: 'User Created', description: `${result.user.email} can now sign in with the temporary password.` });
    } catch (error) {
      showToast(failureToast('Failed to create user', error));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    const ok = await copyText(created.tempPassword);
    setCopied(ok);
    if (!ok) (document.getElementById('created-password') as HTMLInputElement | null)?.select();
  };

  return (
    <dialog ref={ref} className="dialog" aria-labelledby="create-user-title" onClose={close}>
      {created ? (
        <div className="form">
          <h2 id="create-user-title" className="dialog-title">
            User Created
          </h2>
          <p className="dialog-subtitle">
            Give {created.email} this temporary password. It is shown only once; they choose their own at the first sign-in. A welcome email with the sign-in
            link has been sent.
          </p>
          <div className="field">
            <label htmlFor="created-password">Temporary password</label>
            <div className="copy-field">
              <input id="created-password" type="text" readOnly value={created.tempPassword} onFocus={(event) => event.target.select()} />
              <button type="button" className="button button-outline" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </button>
            </div>
          </div>
          <div className="dialog-actions">
            <button type="button" className="button button-primary" onClick={close}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form
          className="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void create();
          }}
        >
          <h2 id="create-user-title" className="dialog-title">
            Create User
          </h2>
          <p className="dialog-subtitle">A welcome email will be sent to the new user.</p>
          {[
            { id: 'create-email', label: 'Email', type: 'email', value: email, set: setEmail },
            { id: 'create-name', label: 'Name', type: 'text', value: name, set: setName },
          ].map((field) => (
            <div className="field" key={field.id}>
              <label htmlFor={field.id}>{field.label}</label>
              <input id={field.id} type={field.type} required autoComplete="off" value={field.value} onChange={(event) => field.set(event.target.value)} />
            </div>
          ))}
          <PlanSelect id="create-plan" value={plan} onChange={setPlan} />
          <div className="dialog-actions">
            <button type="button" className="button button-ghost" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Creating...' : 'Create User'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
