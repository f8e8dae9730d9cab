// Answers for handlers that serve both API clients (JSON) and pages without JavaScript (form
// posts): success is JSON or a 303 with a flash toast; failure is the JSON error or the form's
// page with its messages, shown after a 303 back to that page (form-replay.ts).
import type { SubmissionResult } from '@conform-to/react';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app-env';
import type { FieldErrors } from './errors';
import { setFlash, type Toast } from './flash';
import { showFailure, type FormPage } from './form-replay';
import type { Input, InputMode } from './input';

export interface Failure {
  status: ContentfulStatusCode;
  message: string;
  fieldErrors?: FieldErrors;
  /** conform's reply for the re-rendered form (messages, values minus hidden fields). */
  reply: SubmissionResult;
}

interface RejectOptions {
  status: ContentfulStatusCode;
  message?: string;
  fieldErrors?: FieldErrors;
  /** Shown as the form's banner; fieldErrors still sit beside their fields. */
  hideFields?: string[];
  /** A throttled attempt says when to try again (the Retry-After header). */
  retryAfterSeconds?: number;
}

export function reject(c: Context<AppEnv>, input: Input<unknown>, page: FormPage, options: RejectOptions): Promise<Response> | Response {
  const message = options.message ?? (input.ok ? 'Invalid input' : input.message);
  const fieldErrors = options.fieldErrors ?? (input.ok ? undefined : input.fieldErrors);
  if (options.retryAfterSeconds !== undefined) c.header('Retry-After', String(options.retryAfterSeconds));
  if (input.mode === 'json') {
    return c.json(fieldErrors ? { message, fieldErrors } : { message }, options.status);
  }
  const reply = input.reply({
    // A message that belongs to no single field is the banner above the fields.
    formErrors: options.message ? [options.message] : undefined,
    fieldErrors: options.fieldErrors,
    hideFields: options.hideFields,
  });
  return showFailure(c, page, { status: options.status, message, fieldErrors, reply });
}

interface AcceptOptions {
  json: unknown;
  jsonStatus?: ContentfulStatusCode;
  redirect: string;
  flash?: Toast;
}

export function accept(c: Context<AppEnv>, mode: InputMode, options: AcceptOptions): Response {
  if (mode === 'json') return c.json(options.json, options.jsonStatus ?? 200);
  if (options.flash) setFlash(c, options.flash);
  return c.redirect(options.redirect, 303);
}
