// One account form (login, sign-up, forgot/reset/change password): a plain form post that works
// without JavaScript, enhanced with conform validation as you type (the server's zod schema) and
// the busy label while the browser submits.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';

import { AUTH_SCHEMAS, type AuthFormName } from '../domain/auth-schemas';
import { usePending } from './use-pending';

export interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
  placeholder?: string;
}

export interface AuthFormProps {
  formId: string;
  schema: AuthFormName;
  action: string;
  fields: FieldSpec[];
  submitLabel: string;
  busyLabel: string;
  hidden?: Record<string, string>;
  lastResult?: SubmissionResult | null;
}

export function AuthForm({ formId, schema, action, fields, submitLabel, busyLabel, hidden, lastResult }: AuthFormProps) {
  const [pending, setPending] = usePending();
  const [form, inputs] = useForm({
    id: formId,
    lastResult: lastResult ?? undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AUTH_SCHEMAS[schema] }),
  });

  const { onSubmit, ...formProps } = getFormProps(form);
  return (
    <form
      {...formProps}
      method="post"
      action={action}
      className="form"
      onSubmit={(event) => {
        onSubmit(event);
        // The error banner is cleared on each new submit (docs/product.md#accounts-and-sign-in).
        if (!event.defaultPrevented) setPending(true);
      }}
    >
      {form.errors && form.errors.length > 0 && (
        <div className="banner banner-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </div>
      )}
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((field) => {
        const meta = inputs[field.name as keyof typeof inputs];
        if (!meta) return null;
        const errors = meta.errors ?? [];
        return (
          <div className="field" key={field.name}>
            <label htmlFor={meta.id}>{field.label}</label>
            <input
              {...getInputProps(meta, { type: field.type, ariaAttributes: true })}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
            />
            {errors.length > 0 && (
              <p className="field-error" id={meta.errorId}>
                {errors[0]}
              </p>
            )}
          </div>
        );
      })}
      <button type="submit" className="button button-primary button-block" disabled={pending}>
        {pending ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
