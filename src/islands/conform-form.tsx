// The shell shared by the conform forms (account forms, check-ins): a native form post that works
// without JavaScript, validated as you type with the server's zod schema, with the whole-form
// message on top and the busy state set when the browser submits.
import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ReactNode } from 'react';
import type * as z from 'zod/mini';
import { usePending } from './use-pending';

export function useConformForm<Schema extends z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult | null | undefined;
  defaultValue?: Record<string, string>;
}) {
  const [pending, setPending] = usePending();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult ?? undefined,
    defaultValue: options.defaultValue as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: options.schema }),
  });
  return { form, fields, pending, setPending };
}

export function ConformForm<Fields extends Record<string, unknown>>({
  form,
  action,
  className = 'form',
  onPending,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  action: string;
  className?: string;
  onPending: () => void;
  children: ReactNode;
}) {
  const { onSubmit, ...formProps } = getFormProps(form);
  return (
    <form
      {...formProps}
      method="post"
      action={action}
      className={className}
      onSubmit={(event) => {
        onSubmit(event);
        // The error banner is cleared on each new submit (docs/product.md#accounts-and-sign-in).
        if (!event.defaultPrevented) onPending();
      }}
    >
      {form.errors && form.errors.length > 0 && (
        <div className="banner banner-error" role="alert" id={form.errorId}>
          {form.errors[0]}
        </div>
      )}
      {children}
    </form>
  );
}
