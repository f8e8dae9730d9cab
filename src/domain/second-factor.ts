// Admins' second factor (decision 43, docs/product.md#second-factor-for-admins): when a session
// still needs it, the forms' schemas and messages, and how secrets and recovery codes are written.
// Pure: the TOTP arithmetic is otpauth's (src/server/second-factor.ts), the storage src/data.
import * as z from 'zod/mini';
import type { Role } from './plans';

/** `required`: admins cannot use admin pages or APIs without it; `optional`: they may turn it on. */
export const SECOND_FACTOR_MODES = ['required', 'optional'] as const;
export type SecondFactorMode = (typeof SECOND_FACTOR_MODES)[number];

/** TOTP as authenticator apps expect it (RFC 6238): HMAC-SHA-1, 6 digits, a new code every 30 seconds. */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code of the step before or after the current one is accepted too (clocks drift; a code typed as it turns). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Ten characters of a 31-letter alphabet without look-alikes: about 50 bits each. */
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/**
 * What a session still needs before it is fully signed in: nothing, the code step (an admin whose
 * second factor is on, no code verified in this session yet), or setting the second factor up (an
 * admin without one where it is required). Only admins are asked: the role is read on every request.
 */
export type SecondFactorStep = 'none' | 'code' | 'setup';

export function secondFactorStep(
  { role, enabled, verified }: { role: Role; enabled: boolean; verified: boolean },
  mode: SecondFactorMode,
): SecondFactorStep {
  if (role !== 'admin') return 'none';
  if (enabled) return verified ? 'none' : 'code';
  return mode === 'required' ? 'setup' : 'none';
}

export const CODE_STEP_REFUSAL = 'Enter your second-factor code first';
export const SETUP_REFUSAL = 'Set up your second factor first';

export const CODE_PROMPT = 'Enter the 6-digit code from your authenticator app';
const CODE_OR_RECOVERY_PROMPT = `${CODE_PROMPT}, or one of your recovery codes`;

/** Spaces (authenticator apps show '123 456') and dashes ('abcde-fghjk') are not part of a code. */
const withoutSeparators = (value: string) => value.replace(/[\s-]/g, '').toLowerCase();
const TOTP_CODE = /^\d{6}$/;
const RECOVERY_CODE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/** Turning the second factor on: a code of the new secret proves the app holds it. */
export const enableSchema = z.object({
  code: z.string({ error: CODE_PROMPT }).check(z.overwrite(withoutSeparators), z.regex(TOTP_CODE, CODE_PROMPT)),
});

/**
 * The code step at sign-in, and turning the second factor off: a 6-digit code from the app, or one
 * of the recovery codes, in the same field (`code`).
 */
export const codeOrRecoverySchema = z.object({
  code: z.string({ error: CODE_OR_RECOVERY_PROMPT }).check(
    z.overwrite(withoutSeparators),
    z.refine((code) => TOTP_CODE.test(code) || RECOVERY_CODE.test(code), CODE_OR_RECOVERY_PROMPT),
  ),
});

/** The typed word that confirms an admin's reset of another admin's second factor. */
export const RESET_CONFIRM_WORD = 'reset';
export const resetSchema = z.object({ confirm: z.optional(z.string().check(z.maxLength(40))) });

/** A secret as the page shows it for typing into an app: groups of four ('ABCD EFGH …'). */
export function formatSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? '';
}

/** A recovery code as it is shown: 'abcde-fghjk' (typed with or without the dash). */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, RECOVERY_CODE_LENGTH / 2)}-${code.slice(RECOVERY_CODE_LENGTH / 2)}`;
}
