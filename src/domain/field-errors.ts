// Field errors keyed by form field name, in conform's naming (`blockers[0].reflection`), shared
// by the server's JSON errors, re-rendered forms and the islands' own validation.
import type * as z from 'zod/mini';

export type FieldErrors = Record<string, string[]>;

export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    '',
  );
}

export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) (errors[fieldName(issue.path)] ??= []).push(issue.message);
  return errors;
}
