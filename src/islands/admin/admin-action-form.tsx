// What an admin action's dialog holds (docs/product.md#admin-actions): the question, the fields
// (the typed word inside the dialog), Cancel and the button that does it. With JavaScript the form
// is sent with fetch as JSON to the address its plain post goes to, so a refusal is answered in
// the dialog (beside the word, or above the fields) and as the action's failure toast, titled from
// ADMIN_FAILURE_TITLES with the server's message; a success loads the page that shows it, where
// the server's toast waits in the flash. Before the island is live the same form posts as HTML.

import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { closesDialog } from '../../components/dialog-invoker';
import { BUSY_LABEL_ATTR } from '../../constants';
import type { FieldErrors } from '../../domain/field-errors';
import { PLAN_LABELS, PLANS, type Plan } from '../../domain/plans';
import { ADMIN_FAILURE_TITLES, TOAST_DISMISS_EVENT } from '../../domain/toast-words';
import { usePending } from '../use-pending';
import {
  type ActionUser,
  type AdminDialogAction,
  actionAddress,
  actionTitle,
  type ConfirmWords,
  type DialogFailure,
  newRole,
  nextPage,
  question,
  SUBMIT,
} from './admin-action-words';

interface ActionFormProps {
  /** The dialog's id: its title, text and fields are named after it. */
  id: string;
  action: AdminDialogAction;
  /** The account acted on; null for Create User. */
  user: ActionUser | null;
  /** The plan the admin grant gives now, said in Change Plan's question (unknown on the list). */
  adminPlan: Plan | null;
  words: ConfirmWords;
  failure: DialogFailure | null;
  /** On the users list: a change reloads the list rather than opening the participant's page. */
  onList: boolean;
}

async function showFailureToast(action: AdminDialogAction, message: string): Promise<void> {
  // The toast code (and its signals runtime) loads only when there is a toast to show.
  const { showToast } = await import('../toast-store');
  showToast({ title: ADMIN_FAILURE_TITLES[action], description: message, variant: 'destructive' });
}

/** The message under a field, named by its aria-describedby. */
function Message({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.[0]) return null;
  return (
    <p className="field-error" id={id}>
      {messages[0]}
    </p>
  );
}

function Field({
  id,
  label,
  messages,
  children,
}: {
  id: string;
  label: ReactNode;
  messages: string[] | undefined;
  children: (described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(messages?.[0] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {})}
      <Message id={`${id}-error`} messages={messages} />
    </div>
  );
}

function PlanSelect({ id, chosen, noPlan = false }: { id: string; chosen: string; noPlan?: boolean }) {
  return (
    <select id={id} name="plan" defaultValue={chosen}>
      {PLANS.map((plan) => (
        <option key={plan} value={plan}>
          {PLAN_LABELS[plan]}
        </option>
      ))}
      {noPlan && <option value="none">No plan (ends the admin grant)</option>}
    </select>
  );
}

/** The dialog's content: title, question, fields, Cancel and the action's button. */
export function ActionForm({ id, action, user, adminPlan, words, failure: initialFailure, onList }: ActionFormProps) {
  const [failure, setFailure] = useState<DialogFailure | null>(initialFailure);
  const [pending, setPending] = usePending();
  const formRef = useRef<HTMLFormElement>(null);
  const errors = failure?.fieldErrors ?? {};
  const posted = (name: string) => (typeof failure?.values?.[name] === 'string' ? (failure.values[name] as string) : undefined);
  const role = newRole(user);
  const submit = SUBMIT[action];
  const fieldId = (name: string) => `${id}-${name}`;

  // A refusal moves focus to the field it names, or to the message above the fields.
  useEffect(() => {
    if (!failure) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .banner-error')?.focus();
  }, [failure]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    document.dispatchEvent(new Event(TOAST_DISMISS_EVENT));
    setPending(true);
    let response: Response | null = null;
    try {
      response = await fetch(form.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(Object.fromEntries(new FormData(form))),
      });
    } catch {
      response = null;
    }
    const answer = (await response?.json().catch(() => null)) as { message?: unknown; fieldErrors?: FieldErrors } | null;
    if (response?.ok) {
      const next = nextPage(action, user, answer, onList);
      if (next === null) window.location.reload();
      else window.location.assign(next);
      return;
    }
    setPending(false);
    const message =
      typeof answer?.message === 'string' ? answer.message : 'The server could not be reached. Check your connection and try again.';
    setFailure({ message, fieldErrors: answer?.fieldErrors ?? {} });
    void showFailureToast(action, message);
  };

  const wordField = (label: ReactNode) => (
    <Field id={fieldId('confirm')} label={label} messages={errors.confirm}>
      {(described) => (
        <input
          id={fieldId('confirm')}
          name="confirm"
          type="text"
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={40}
          {...described}
        />
      )}
    </Field>
  );

  // A message that belongs to no field shows above the fields.
  const fieldMessages = Object.values(errors).some((messages) => messages?.[0]);
  return (
    <form ref={formRef} method="post" action={actionAddress(action, user)} className="form" onSubmit={onSubmit}>
      <h2 id={`${id}-title`} className="dialog-title">
        {actionTitle(action, user)}
      </h2>
      <p id={`${id}-text`} className="dialog-subtitle">
        {question(action, user, adminPlan, onList)}
      </p>
      {failure && !fieldMessages && (
        <p className="banner banner-error" role="alert" tabIndex={-1}>
          {failure.message}
        </p>
      )}
      {action === 'plan' && (
        <>
          <Field id={fieldId('plan')} label="Plan" messages={errors.plan}>
            {() => <PlanSelect id={fieldId('plan')} chosen={posted('plan') ?? user?.plan ?? 'challenge'} noPlan />}
          </Field>
          {wordField(
            <>
              Type <strong>{words.upgrade}</strong> for a higher plan, <strong>{words.downgrade}</strong> for a lower one,{' '}
              <strong>{words.revoke}</strong> for no plan, to confirm
            </>,
          )}
        </>
      )}
      {action === 'role' && (
        <>
          <input type="hidden" name="role" value={role} />
          {wordField(
            <>
              Type <strong>{words[role]}</strong> to confirm
            </>,
          )}
        </>
      )}
      {action === 'delete' &&
        wordField(
          <>
            Type <strong>{words.delete}</strong> to confirm
          </>,
        )}
      {action === 'create' && (
        <>
          {(['email', 'name'] as const).map((name) => (
            <Field key={name} id={fieldId(name)} label={name === 'email' ? 'Email' : 'Name'} messages={errors[name]}>
              {(described) => (
                <input
                  id={fieldId(name)}
                  name={name}
                  type={name === 'email' ? 'email' : 'text'}
                  required
                  autoComplete="off"
                  maxLength={name === 'name' ? 100 : 254}
                  defaultValue={posted(name)}
                  {...described}
                />
              )}
            </Field>
          ))}
          <Field id={fieldId('plan')} label="Plan" messages={errors.plan}>
            {() => <PlanSelect id={fieldId('plan')} chosen={posted('plan') ?? 'challenge'} />}
          </Field>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" {...closesDialog(id)}>
          Cancel
        </button>
        <button type="submit" className={submit.className} disabled={pending} {...{ [BUSY_LABEL_ATTR]: submit.busy }}>
          {pending ? submit.busy : (submit.label ?? actionTitle(action, user))}
        </button>
      </div>
    </form>
  );
}
