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
    expect(messages(changePasswordFormSchema.safeParse({ ...filled, confirmPassword: 'other-pass' }))).toEqual({ confirmPassword: "Passwords don't match" });
    expect(changePasswordFormSchema.safeParse({ ...filled, confirmPassword: 'brand-new-pass' }).success).toBe(true);
  });
});
