// zod schemas for the account forms, with the messages of docs/product.md#account-form-rules.
// The same schema validates in the browser (conform) and on the server.
import * as z from 'zod/mini';
import { DELETE_WORD, DELETE_WORD_MESSAGE } from './account';
import { singleLine } from './text';
import { browserTimeZoneField } from './time-zone';

const PASSWORD_MIN = 8;
/** Longer passwords are refused before hashing, so a huge body cannot buy CPU time. */
const PASSWORD_MAX = 128;

const tooLong = `Password must be at most ${PASSWORD_MAX} characters`;
const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
const NEW_PASSWORD_TOO_SHORT = `New password must be at least ${PASSWORD_MIN} characters`;
/** The sign-up password field's placeholder. */
export const PASSWORD_PLACEHOLDER = `At least ${PASSWORD_MIN} characters`;
export const emailField = z.pipe(
  z.pipe(
    z.string({ error: 'Invalid email address' }).check(z.trim(), z.maxLength(254, 'Invalid email address')),
    z.email({ error: 'Invalid email address' }),
  ),
  z.transform((value) => value.toLowerCase()),
);

const newPassword = (message: string) =>
  z.string({ error: message }).check(z.minLength(PASSWORD_MIN, message), z.maxLength(PASSWORD_MAX, tooLong));

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX, tooLong)),
});

/** A sign-up naming a cohort that does not exist or whose enrolment is closed. */
export const CLOSED_COHORT = 'This cohort is not open for enrolment';

export const signupSchema = z.object({
  email: emailField,
  password: newPassword(PASSWORD_TOO_SHORT),
  name: z.pipe(
    z.optional(z.string().check(z.overwrite(singleLine), z.trim(), z.maxLength(100, 'Name must be at most 100 characters'))),
    z.transform((value) => (value ? value : undefined)),
  ),
  /** The browser's zone, for check-in days (docs/product.md#check-ins); unknown → the default. */
  timeZone: browserTimeZoneField,
  /** The cohort to join (`/join/:cohort`, decision 35); absent or blank: the default for sign-ups. */
  cohort: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(64, CLOSED_COHORT))),
    z.transform((value) => (value ? value : undefined)),
  ),
});

export const forgotPasswordSchema = z.object({ email: emailField });

const MISMATCH = "Passwords don't match";
/**
 * The confirmation field. The HTML forms need it to equal the new password (a blank one does not);
 * the JSON API may leave it out. Left blank together with the new password, only the new
 * password's own message shows (the refinement runs once the fields themselves parse).
 */
const confirmation = { form: z.optional(z.string()), api: z.optional(z.string()) };
const confirms =
  <K extends 'password' | 'newPassword'>(key: K, required: boolean) =>
  (v: { confirmPassword?: string } & Record<K, string>) =>
    (!required && v.confirmPassword === undefined) || v[key] === v.confirmPassword;
const mismatch = { message: MISMATCH, path: ['confirmPassword'] };

const resetShape = {
  token: z.string({ error: 'Invalid or missing reset token' }).check(z.minLength(1, 'Invalid or missing reset token'), z.maxLength(200)),
  password: newPassword(PASSWORD_TOO_SHORT),
};
/** The reset API payload of docs/product.md#json-api: token and password (confirmation optional). */
export const resetPasswordSchema = z
  .object({ ...resetShape, confirmPassword: confirmation.api })
  .check(z.refine(confirms('password', false), mismatch));
export const resetPasswordFormSchema = z
  .object({ ...resetShape, confirmPassword: confirmation.form })
  .check(z.refine(confirms('password', true), mismatch));

const changeShape = {
  currentPassword: z
    .string({ error: 'Current password is required' })
    .check(z.minLength(1, 'Current password is required'), z.maxLength(PASSWORD_MAX, tooLong)),
  newPassword: newPassword(NEW_PASSWORD_TOO_SHORT),
};
export const changePasswordSchema = z
  .object({ ...changeShape, confirmPassword: confirmation.api })
  .check(z.refine(confirms('newPassword', false), mismatch));
export const changePasswordFormSchema = z
  .object({ ...changeShape, confirmPassword: confirmation.form })
  .check(z.refine(confirms('newPassword', true), mismatch));

/**
 * Replacing a temporary password (docs/product.md#temporary-password-gate): the sign-in with it
 * just proved it, so the form does not ask for it again; the API accepts it and ignores it.
 */
const setShape = { newPassword: newPassword(NEW_PASSWORD_TOO_SHORT) };
export const setPasswordSchema = z
  .object({ ...setShape, currentPassword: z.optional(z.string()), confirmPassword: confirmation.api })
  .check(z.refine(confirms('newPassword', false), mismatch));
export const setPasswordFormSchema = z
  .object({ ...setShape, confirmPassword: confirmation.form })
  .check(z.refine(confirms('newPassword', true), mismatch));

// A participant's own account (decision 42, docs/product.md#your-account). The name follows
// sign-up's rule (optional, one line, at most 100 characters; blank clears it); the API must send
// the field (a string, or null to clear it), a form may leave it blank.
const NAME_MAX = 100;
const nameText = z
  .string({ error: 'Name must be text' })
  .check(z.overwrite(singleLine), z.trim(), z.maxLength(NAME_MAX, `Name must be at most ${NAME_MAX} characters`));
const blankIsNull = <T extends string | null | undefined>() => z.transform((value: T) => (value ? value : null));
export const changeNameSchema = z.object({ name: z.pipe(z.nullable(nameText), blankIsNull<string | null>()) });
export const changeNameFormSchema = z.object({ name: z.pipe(z.optional(nameText), blankIsNull<string | undefined>()) });

/** The account's current password, asked again before a change of address or a deletion. */
const passwordGiven = z
  .string({ error: 'Password is required' })
  .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX, tooLong));

export const changeEmailSchema = z.object({ email: emailField, password: passwordGiven });

/** 'delete', in any letter case, spaces around it ignored (decision 44). */
export const deleteAccountSchema = z.object({
  confirm: z
    .string({ error: DELETE_WORD_MESSAGE })
    .check(z.refine((typed) => typed.trim().toLowerCase() === DELETE_WORD, DELETE_WORD_MESSAGE)),
  password: passwordGiven,
});

export const AUTH_SCHEMAS = {
  login: loginSchema,
  signup: signupSchema,
  forgotPassword: forgotPasswordSchema,
  resetPassword: resetPasswordFormSchema,
  changePassword: changePasswordFormSchema,
  setPassword: setPasswordFormSchema,
  changeName: changeNameFormSchema,
  changeEmail: changeEmailSchema,
  deleteAccount: deleteAccountSchema,
} as const;
export type AuthFormName = keyof typeof AUTH_SCHEMAS;
