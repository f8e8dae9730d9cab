// Answers for handlers that serve both API clients (JSON) and pages without JavaScript (form
// posts): success is JSON or a 303 with a flash toast; failure is the JSON error, or a 303 back
// to the form's own page carrying the failure in the flash (flash.ts), which that page's GET shows.
import type { SubmissionResult } from '@conform-to/react';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app-env';
import { TEXT_MAX } from '../domain/progress-schemas';
import type { FieldErrors } from './errors';
import { type Failure, pageAddress, sessionTag, setFlash, type Toast } from './flash';
import type { Input, InputMode } from './input';

export type { Failure } from './flash';

/** Renders a form's page with a failure's messages (the page's own GET renderer). */
export type RenderFailure = (c: Context<AppEnv>, failure: Failure) => Response | Promise<Response>;

interface RejectOptions {
  status: Failure['status'];
  message?: string;
  fieldErrors?: FieldErrors;
  /** Shown as the form's banner; fieldErrors still sit beside their fields. */
  hideFields?: string[];
  /** A throttled attempt says when to try again (the Retry-After header). */
  retryAfterSeconds?: number;
}

/** Posted values go back to the page no longer than the longest field allows (as Rails and Laravel carry old input). */
function cutValues(value: unknown): unknown {
  if (typeof value === 'string') return value.slice(0, TEXT_MAX);
  if (Array.isArray(value)) return value.map(cutValues);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutValues(v)]));
  return value;
}

export function reject(
  c: Context<AppEnv>,
  input: Input<unknown>,
  render: RenderFailure,
  options: RejectOptions,
): Response | Promise<Response> {
  const message = options.message ?? (input.ok ? 'Invalid input' : input.message);
  const fieldErrors = options.fieldErrors ?? (input.ok ? undefined : input.fieldErrors);
  if (options.retryAfterSeconds !== undefined) c.header('Retry-After', String(options.retryAfterSeconds));
  if (input.mode === 'json') {
    return c.json(fieldErrors ? { message, fieldErrors } : { message }, options.status);
  }
  const reply: SubmissionResult = input.reply({
    // A message that belongs to no single field is the banner above the fields.
    formErrors: options.message ? [options.message] : undefined,
    fieldErrors: options.fieldErrors,
    hideFields: options.hideFields,
  });
  const failure: Failure = {
    status: options.status,
    message,
    fieldErrors,
    reply: { ...reply, initialValue: cutValues(reply.initialValue) as SubmissionResult['initialValue'] },
  };
  const path = pageAddress(c);
  // Shown in place: a legacy form post to /api (no page address to go back to), a throttled one
  // (its Retry-After belongs on the answer), and one too large for the flash cookies.
  if (path.startsWith('/api/') || options.status === 429 || !setFlash(c, { failure: { ...failure, path, session: sessionTag(c) } })) {
    return render(c, failure);
  }
  return c.redirect(path, 303);
}

interface AcceptOptions {
  json: unknown;
  jsonStatus?: ContentfulStatusCode;
  redirect: string;
  flash?: Toast;
}

export function accept(c: Context<AppEnv>, mode: InputMode, options: AcceptOptions): Response {
  if (mode === 'json') return c.json(options.json, options.jsonStatus ?? 200);
  if (options.flash) setFlash(c, { toast: options.flash });
  return c.redirect(options.redirect, 303);
}
