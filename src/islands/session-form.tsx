// Shared by the Session 2-4 forms: they post natively (and so work without JavaScript); with
// JavaScript they first check the same zod schema as the server and show its messages in place,
// then save with fetch so a failure, a lost connection included, is answered on the page.
import { type ChangeEvent, type FormEvent, useState } from 'react';
import type * as z from 'zod/mini';
import { TextLimit } from '../components/TextLimit';
import { BUSY_LABEL_ATTR } from '../constants';
import { type FieldErrors, issuesToFieldErrors } from '../domain/field-errors';
import { isNearLimit, TEXT_LIMIT } from '../domain/text-limit';
import { INVALID_FORM_TITLE, SESSION_SAVE_FAILED, TOAST_DISMISS_EVENT, type ToastWords } from '../domain/toast-words';
import { usePending } from './use-pending';

export interface SessionFormState {
  errors: FieldErrors;
  /** A message about a whole list, while the list is still wrong (it goes with the third pick). */
  listMessages: (path: string) => string[] | undefined;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export interface SessionFormTarget {
  /** The page's own address: the form posts here, as HTML without JavaScript and as JSON with it. */
  action: string;
  /** Where a saved session goes next (/sessions), where its toast waits in the flash. */
  doneUrl: string;
}

async function showToastLater(toast: ToastWords): Promise<void> {
  // The toast code (and its signals runtime) loads only when there is a toast to show.
  const { showToast } = await import('./toast-store');
  showToast(toast);
}

/**
 * With JavaScript a valid form is saved with fetch (JSON, to the same address), so every failure
 * can be answered on the page: a field the server refused shows beside its field, anything else
 * (a refused save, a server fault, a lost connection) is the standard 'Error' / 'Failed to save
 * session. Please try again.' with the answers kept (docs/product.md#toasts).
 */
export function useSessionForm(
  schema: z.ZodMiniType,
  payload: () => unknown,
  initialErrors: FieldErrors = {},
  target?: SessionFormTarget,
): SessionFormState {
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [pending, setPending] = usePending();

  const focusFirstError = (form: HTMLFormElement) =>
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus());

  const save = async (form: HTMLFormElement, body: unknown) => {
    if (!target) return;
    let response: Response | null = null;
    try {
      response = await fetch(target.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch {
      response = null;
    }
    if (response?.ok) {
      window.location.assign(target.doneUrl);
      return;
    }
    setPending(false);
    const answer =
      response?.status === 400 || response?.status === 409
        ? ((await response.json().catch(() => null)) as { message?: unknown; fieldErrors?: FieldErrors } | null)
        : null;
    if (response?.status === 400 && answer?.fieldErrors && Object.keys(answer.fieldErrors).length > 0) {
      setErrors(answer.fieldErrors);
      focusFirstError(form);
      void showToastLater({ title: INVALID_FORM_TITLE, variant: 'destructive' });
      return;
    }
    // A save the session's gate refused (409) says why: its day has not come, or the one before is not done.
    const refused = response?.status === 409 && typeof answer?.message === 'string' ? answer.message : null;
    void showToastLater(refused ? { ...SESSION_SAVE_FAILED.later, description: refused } : SESSION_SAVE_FAILED.later);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const result = schema.safeParse(payload());
    if (result.success) {
      setErrors({});
      setPending(true);
      if (target) {
        event.preventDefault();
        document.dispatchEvent(new Event(TOAST_DISMISS_EVENT));
        void save(form, payload());
      }
      return;
    }
    event.preventDefault();
    setErrors(issuesToFieldErrors(result.error.issues));
    // Move focus to the first field with a message, for keyboard and screen-reader users.
    focusFirstError(form);
  };

  const listMessages = (path: string) => {
    if (!errors[path]) return undefined;
    const now = schema.safeParse(payload());
    return now.success ? undefined : issuesToFieldErrors(now.error.issues)[path];
  };

  return { errors, listMessages, pending, onSubmit };
}

export function FieldMessage({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <p className="field-error" id={id}>
      {messages[0]}
    </p>
  );
}

/** A message for the whole list (e.g. 'Select at least one blocker'), focusable so it is announced. */
export function FormMessage({ messages }: { messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <div className="banner banner-error form-error" role="alert" tabIndex={-1}>
      {messages[0]}
    </div>
  );
}

/**
 * The count badge of a list of checkboxes for a page without JavaScript, where the React count
 * (`.count-static`) cannot change: CSS counts the ticked boxes before it in the same fieldset
 * and shows the number (src/styles/no-javascript.css). It comes last, so the counter has seen
 * every box, and is moved up to the legend visually. With JavaScript it is not shown.
 */
export function LiveCount({ after }: { after: string }) {
  return <span className="badge count-live" data-after={after} />;
}

/** The submit button's label when a completed session is edited (docs/product.md#review-mode). */
export const SAVE_CHANGES = 'Save Changes';

/**
 * Cancel (back to the session list) and the submit button with its busy label. A first run reads
 * `label` ('Complete Session 2'); editing a completed session reads 'Save Changes'.
 */
export function SessionFormActions({
  cancelUrl,
  pending,
  label,
  editing = false,
}: {
  cancelUrl: string;
  pending: boolean;
  label: string;
  editing?: boolean;
}) {
  return (
    <div className="form-actions">
      <a className="button button-ghost" href={cancelUrl}>
        Cancel
      </a>
      <button type="submit" className="button button-primary" disabled={pending} {...{ [BUSY_LABEL_ATTR]: 'Saving...' }}>
        {pending ? 'Saving...' : editing ? SAVE_CHANGES : label}
      </button>
    </div>
  );
}

/** A ticked-or-not option: checkbox, name and one-line description. */
export function OptionChoice(props: {
  name: string;
  value: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="option-choice">
      <input
        type="checkbox"
        name={props.name}
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <span>
        <strong>{props.value}</strong>
        <span className="option-description">{props.description}</span>
      </span>
    </label>
  );
}

/** A labelled one-line text field with its message. */
export function TextField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  messages: string[] | undefined;
  onChange: (value: string) => void;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="text"
        name={props.name}
        value={props.value}
        aria-invalid={props.messages?.length ? true : undefined}
        aria-describedby={
          [props.messages?.length ? errorId : '', isNearLimit(props.value.trim().length, TEXT_LIMIT) ? `${props.id}-limit` : '']
            .join(' ')
            .trim() || undefined
        }
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
      />
      <FieldMessage id={errorId} messages={props.messages} />
      {/* A one-line field shows its limit only once it comes near (docs/product.md#text-limits). */}
      <TextLimit id={`${props.id}-limit`} length={props.value.trim().length} max={TEXT_LIMIT} hideUntilNear />
    </div>
  );
}
