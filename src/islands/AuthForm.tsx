// One account form (login, sign-up, forgot/reset/change password): a plain form post that works
// without JavaScript, enhanced with conform validation as you type (the server's zod schema) and
// the busy label while the browser submits. What each form shows is in account-form-specs.

import { getInputProps, type SubmissionResult } from '@conform-to/react';
import { BUSY_LABEL_ATTR, type HydrateOn } from '../constants';

import { AUTH_SCHEMAS, type AuthFormName } from '../domain/auth-schemas';
import { ACCOUNT_FORMS } from './account-form-specs';
import { BrowserTimeZoneInput } from './BrowserTimeZoneInput';
import { ConformForm, useConformForm } from './conform-form';
import { FieldMessage } from './session-form';

export interface AuthFormProps {
  schema: AuthFormName;
  /** Where the form posts: its own page's address (docs/product.md#form-posts). */
  action: string;
  hidden?: Record<string, string>;
  lastResult?: SubmissionResult | null;
  /** The fields' values before anything is typed (the name form shows the current name). */
  defaultValue?: Record<string, string>;
}

/** A working form without JavaScript: its code waits for the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

export function AuthForm({ schema, action, hidden, lastResult, defaultValue }: AuthFormProps) {
  const spec = ACCOUNT_FORMS[schema];
  const { form, fields, pending, setPending } = useConformForm({ id: spec.formId, schema: AUTH_SCHEMAS[schema], lastResult, defaultValue });
  return (
    <ConformForm form={form} action={action} onPending={() => setPending(true)}>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {spec.sendsTimeZone && <BrowserTimeZoneInput />}
      {spec.fields.map((field) => {
        const meta = fields[field.name as keyof typeof fields];
        if (!meta) return null;
        const input = getInputProps(meta, { type: field.type, ariaAttributes: true });
        const hintId = `${meta.id}-hint`;
        return (
          <div className="field" key={field.name}>
            <label htmlFor={meta.id}>{field.label}</label>
            <input
              {...input}
              aria-describedby={field.hint ? [hintId, input['aria-describedby']].filter(Boolean).join(' ') : input['aria-describedby']}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
            />
            {field.hint && (
              <p id={hintId} className="muted small">
                {field.hint}
              </p>
            )}
            <FieldMessage id={meta.errorId} messages={meta.errors} />
          </div>
        );
      })}
      <button
        type="submit"
        className={`button button-${spec.button ?? 'primary'} button-block`}
        disabled={pending}
        {...{ [BUSY_LABEL_ATTR]: spec.busyLabel }}
      >
        {pending ? spec.busyLabel : spec.submitLabel}
      </button>
    </ConformForm>
  );
}
