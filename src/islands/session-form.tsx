// Shared by the Session 2-4 forms: they post natively (and so work without JavaScript); with
// JavaScript they first check the same zod schema as the server and show its messages in place.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { issuesToFieldErrors, type FieldErrors } from '../domain/field-errors';
import { usePending } from './use-pending';

export interface SessionFormState {
  errors: FieldErrors;
  /** A message about a whole list, while the list is still wrong (it goes with the third pick). */
  listMessages: (path: string) => string[] | undefined;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export function useSessionForm(schema: z.ZodMiniType, payload: () => unknown, initialErrors: FieldErrors = {}): SessionFormState {
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [pending, setPending] = usePending();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const result = schema.safeParse(payload());
    if (result.success) {
      setErrors({});
      setPending(true);
      return;
    }
    event.preventDefault();
    setErrors(issuesToFieldErrors(result.error.issues));
    // Move focus to the first field with a message, for keyboard and screen-reader users.
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus());
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
export function SessionFormActions({ cancelUrl, pending, label, editing = false }: { cancelUrl: string; pending: boolean; label: string; editing?: boolean }) {
  return (
    <div className="form-actions">
      <a className="button button-ghost" href={cancelUrl}>
        Cancel
      </a>
      <button type="submit" className="button button-primary" disabled={pending}>
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
        aria-describedby={props.messages?.length ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onChange(event.target.value)}
      />
      <FieldMessage id={errorId} messages={props.messages} />
    </div>
  );
}
