// Reads a request body (JSON, or a form post from a page without JavaScript) and validates it
// with a zod schema. Field names follow conform's form naming (`blockers[0].reflection`), so the
// same names serve the JSON error body and the re-rendered form.

import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { Context } from 'hono';
import * as z from 'zod/mini';
import { type FieldErrors, issuesToFieldErrors } from '../domain/field-errors';
import { HttpError } from './errors';
import { keepDeclaredFields } from './form-fields';

export type InputMode = 'json' | 'form';

export type Input<T> =
  | { ok: true; mode: InputMode; value: T; reply: (options?: ReplyExtras) => SubmissionResult }
  | { ok: false; mode: InputMode; message: string; fieldErrors: FieldErrors; reply: (options?: ReplyExtras) => SubmissionResult };

interface ReplyExtras {
  formErrors?: string[];
  fieldErrors?: FieldErrors;
  /** Fields never echoed back into a re-rendered page (passwords). */
  hideFields?: string[];
}

/** The largest request body any route but the webhook receivers reads (app.tsx answers 413). */
export const REQUEST_BODY_MAX = 64 * 1024;

/** A hostile body can fail thousands of checks; the answer names the first few, which is enough to fix. */
const FIELD_ERRORS_MAX = 100;

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

const NO_BODY = 'The request has no body: send JSON (application/json) or a form';

function firstMessage(errors: FieldErrors): string {
  for (const messages of Object.values(errors)) if (messages?.[0]) return messages[0];
  return 'Invalid input';
}

/** Whether the client speaks form posts and HTML (a browser without our JavaScript). */
export function isFormRequest(c: Context): boolean {
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  if (FORM_TYPES.some((t) => type.startsWith(t))) return true;
  return type === '' && (c.req.header('accept') ?? '').includes('text/html');
}

export interface FormOptions {
  /** The schema for form posts, when a form has fields API clients need not send (a password confirmation). */
  formSchema?: z.core.$ZodType;
  /** Rewrites the posted form before validation (e.g. drops the rows of unticked options). */
  prepareForm?: (formData: FormData) => FormData;
}

/** Validates a JSON body with `schema`, or a form post with `formSchema` (default `schema`). */
export async function readInput<S extends z.core.$ZodType>(c: Context, schema: S, options: FormOptions = {}): Promise<Input<z.output<S>>> {
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  const isForm = FORM_TYPES.some((t) => type.startsWith(t));
  // A request with no body where one is expected is invalid input (400), whatever type it names.
  const text = isForm ? null : await c.req.text();
  if (text !== null && text.trim() === '') throw new HttpError(400, NO_BODY);
  if (type.startsWith('application/json')) {
    let body: unknown;
    try {
      body = JSON.parse(text ?? '');
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON');
    }
    const parsed = z.safeParse(schema, body);
    const reply = () => ({ status: 'error' as const });
    if (parsed.success) return { ok: true, mode: 'json', value: parsed.data, reply };
    const fieldErrors = issuesToFieldErrors(parsed.error.issues.slice(0, FIELD_ERRORS_MAX));
    return { ok: false, mode: 'json', message: firstMessage(fieldErrors), fieldErrors, reply };
  }
  if (isForm) {
    let formData: FormData;
    try {
      formData = await c.req.formData();
    } catch {
      throw new HttpError(400, 'The form could not be read');
    }
    const formSchema = options.formSchema ?? schema;
    const prepared = options.prepareForm ? options.prepareForm(formData) : formData;
    const submission = parseWithZod(keepDeclaredFields(prepared, formSchema), { schema: formSchema });
    const reply = (options: ReplyExtras = {}) => submission.reply(options);
    if (submission.status === 'success') return { ok: true, mode: 'form', value: submission.value as z.output<S>, reply };
    const fieldErrors: FieldErrors = {};
    for (const [name, messages] of Object.entries(submission.error ?? {}).slice(0, FIELD_ERRORS_MAX))
      if (messages) fieldErrors[name] = messages;
    return { ok: false, mode: 'form', message: firstMessage(fieldErrors), fieldErrors, reply };
  }
  throw new HttpError(415, 'Send JSON (application/json) or a form (application/x-www-form-urlencoded)');
}
