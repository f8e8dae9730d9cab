import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fieldName, issuesToFieldErrors } from './field-errors';

describe('field errors', () => {
  it('names paths the way conform names form fields', () => {
    expect(fieldName(['blockers', 0, 'reflection'])).toBe('blockers[0].reflection');
    expect(fieldName(['email'])).toBe('email');
    expect(fieldName([])).toBe('');
  });

  it('groups zod issues by field', () => {
    const result = z.object({ a: z.string().min(2, 'too short'), b: z.array(z.number('num')) }).safeParse({ a: 'x', b: [1, 'y'] });
    expect(result.success).toBe(false);
    expect(issuesToFieldErrors(result.error!.issues)).toEqual({ a: ['too short'], 'b[1]': ['num'] });
  });
});
