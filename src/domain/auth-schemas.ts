// zod schemas for the account forms, with the messages of docs/product.md#account-form-rules.
// The same schema validates in the browser (conform) and on the server.
import * as z from 'zod';

export const PASSWORD_MIN = 8;
/** Longer passwords are refused before hashing, so a huge body cannot buy CPU time. */
export const PASSWORD_MAX = 128;

const tooLong = `Password must be at most ${PASSWORD_MAX} characters`;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${PASSWORD_MIN} characters`;
/** The sign-up password field's placeholder. */
export const PASSWORD_PLACEHOLDER = `Create a password (min ${PASSWORD_MIN} characters)`;
const email = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(254, 'Invalid email address')
  .pipe(z.email({ error: 'Invalid email address' }))
  .transform((value) => value.toLowerCase());

const newPassword = (message: string) =>
  z.string({ error: message }).min(PASSWORD_MIN, message).max(PASSWORD_MAX, tooLong);

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, tooLong),
});

export const signupSchema = z.object({
  email,
  password: newPassword(PASSWORD_TOO_SHORT),
  name: z
    .string()
    .trim()
    .max(100, 'Name must be at most 100 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export const forgotPasswordSchema = z.object({ email });

/** The reset form: the confirmation is checked in the browser and on form posts. */
export const resetPasswordFormSchema = z
  .object({
    token: z.string({ error: 'Invalid or missing reset token' }).min(1, 'Invalid or missing reset token').max(200),
    password: newPassword(PASSWORD_TOO_SHORT),
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

/** The reset API payload of docs/product.md#json-api: token and password (confirmation optional). */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: 'Invalid or missing reset token' }).min(1, 'Invalid or missing reset token').max(200),
    password: newPassword(PASSWORD_TOO_SHORT),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(PASSWORD_MAX, tooLong),
    newPassword: newPassword(NEW_PASSWORD_TOO_SHORT),
    confirmPassword: z.string().optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

/** The change-password form, where the confirmation is a required field. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
    newPassword: newPassword(NEW_PASSWORD_TOO_SHORT),
    confirmPassword: z.string({ error: "Passwords don't match" }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });

export const AUTH_SCHEMAS = {
  login: loginSchema,
  signup: signupSchema,
  forgotPassword: forgotPasswordSchema,
  resetPassword: resetPasswordFormSchema,
  changePassword: changePasswordFormSchema,
} as const;
export type AuthFormName = keyof typeof AUTH_SCHEMAS;
