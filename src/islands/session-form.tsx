// Shared by the Session 2-4 forms: they post natively (and so work without JavaScript); with
// JavaScript they first check the same zod schema as the server and show its messages in place.
import { useEffect, useState, type FormEvent } from 'react';
import type * as z from 'zod';
import { issuesToFieldErrors, type FieldErrors } from '../domain/field-errors';

export interface SessionFormState {
  errors: FieldErrors;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

export function useSessionForm(schema: z.ZodType, payload: () => unknown, initialErrors: FieldErrors = {}): SessionFormState {
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  const [pending, setPending] = useState(false);

  // A page restored from the back/forward cache must not keep a busy button.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setPending(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

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

  return { errors, pending, onSubmit };
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

/** Cancel (back to the session list) and the submit button with its busy label. */
export function SessionFormActions({ cancelUrl, pending, label }: { cancelUrl: string; pending: boolean; label: string }) {
  return (
    <div className="form-actions">
      <a className="button button-ghost" href={cancelUrl}>
        Cancel
      </a>
      <button type="submit" className="button button-primary" disabled={pending}>
        {pending ? 'Saving...' : label}
      </button>
    </div>
  );
}
