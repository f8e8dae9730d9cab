import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, changePasswordSchema, resetPasswordFormSchema } from './auth-schemas';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('password confirmation', () => {
  it('says the required messages, not a mismatch, when everything is blank', () => {
    expect(messages(changePasswordFormSchema.safeParse({}))).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 8 characters',
    });
    expect(messages(resetPasswordFormSchema.safeParse({ token: 't' }))).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('needs the confirmation on the forms, not in the JSON API', () => {
    const filled = { currentPassword: 'old-password', newPassword: 'brand-new-pass' };
    expect(messages(changePasswordFormSchema.safeParse(filled))).toEqual({ confirmPassword: "Passwords don't match" });
    expect(changePasswordSchema.safeParse(filled).success).toBe(true);
    expect(messages(changePasswordFormSchema.safeParse({ ...filled, confirmPassword: 'other-pass' }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(changePasswordFormSchema.safeParse({ ...filled, confirmPassword: 'brand-new-pass' }).success).toBe(true);
  });
});

describe('names', () => {
  it('keep no control character or odd line end, at sign-up and when an admin creates the account', async () => {
    const { signupSchema } = await import('./auth-schemas');
    const { createUserSchema } = await import('./admin');
    const { CONTROL_OR_LINE_BREAK } = await import('./text');
    const name = ' Ann\r\nBcc: x@evil.example\u0085Lee\u2028\u0000\u001b[31m\t';
    const signedUp = signupSchema.parse({ email: 'a@b.co', password: 'a-good-password', name });
    const created = createUserSchema.parse({ email: 'a@b.co', name });
    for (const value of [signedUp.name, created.name]) {
      expect(value).toBe('Ann Bcc: x@evil.example Lee [31m');
      expect(value).not.toMatch(CONTROL_OR_LINE_BREAK);
    }
    // Nothing but controls is no name.
    expect(signupSchema.parse({ email: 'a@b.co', password: 'a-good-password', name: '\u2028\u0000' }).name).toBeUndefined();
    expect(createUserSchema.safeParse({ email: 'a@b.co', name: '\r\n\u0085' }).success).toBe(false);
  });
});
