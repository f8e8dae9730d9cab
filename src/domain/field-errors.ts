// Field errors keyed by form field name, in conform's naming (`blockers[0].reflection`), shared
// by the server's JSON errors, re-rendered forms and the islands' own validation.
import type { SubmissionResult } from '@conform-to/react';
import type * as z from 'zod/mini';

export type FieldErrors = Record<string, string[]>;

/** A failed form post, as its page shows it again (src/server/respond.ts, src/server/flash.ts). */
export interface Failure {
  /** An HTTP status (4xx). */
  status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;
  message: string;
  fieldErrors?: FieldErrors;
  /** conform's reply for the re-rendered form (messages, values minus hidden fields). */
  reply: SubmissionResult;
}

export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    '',
  );
}

export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const name = fieldName(issue.path);
    const messages = errors[name] ?? [];
    messages.push(issue.message);
    errors[name] = messages;
  }
  return errors;
}
