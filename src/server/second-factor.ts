// Admins' second factor (decision 43, docs/product.md#second-factor-for-admins): what a session
// still needs, the TOTP secret and codes (otpauth: RFC 6238), the QR code as inline SVG (uqr, no
// canvas), the recovery codes and the sealed cookie that carries new ones to the page that shows
// them once. otpauth's bare build takes its HMAC from node:crypto (nodejs_compat, as the webhook
// signatures do): its default build bundles @noble/hashes' SHA-1, SHA-2 and SHA-3, 7 KB more
// gzipped in the Worker for what node:crypto already has.
import { createHmac } from 'node:crypto';
import type { Context } from 'hono';
import { Secret, TOTP } from 'otpauth/bare';
import { renderSVG } from 'uqr';
import type { AppEnv } from '../app-env';
import type { Auth } from '../data/auth-sessions';
import { readSecondFactor } from '../data/second-factor';
import type { Role } from '../domain/plans';
import { PRODUCT_NAME } from '../domain/product';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  type SecondFactorStep,
  secondFactorStep,
  TOTP_SETTINGS,
  TOTP_WINDOW,
} from '../domain/second-factor';
import { PATHS, RECOVERY_CODES_COOKIE } from '../paths';
import { secondFactorMode } from './config';
import type { Toast } from './flash';
import { sealedCookie } from './sealed-cookie';

/** What the signed-in session still needs before it is fully signed in (docs/product.md#second-factor-for-admins). */
export function sessionStep(c: Context<AppEnv>, auth: Auth): SecondFactorStep {
  return secondFactorStep({ role: auth.user.role, ...auth.secondFactor }, secondFactorMode(c.env));
}

/** Said on the way to /settings/two-factor when an admin signs in, or opens an admin page, without the second factor it requires. */
export const SET_UP_FIRST: Toast = {
  title: 'Set up your second factor',
  description: 'Admin pages open once two-factor authentication is on.',
};

export interface SignInSecondFactor {
  /** What the JSON sign-in answers as `secondFactor`. */
  json: { enabled: boolean; verified: boolean };
  /** Where the sign-in goes on to instead of `next`, with its toast (none for the code step). */
  redirect?: string;
  flash?: Toast;
}

/**
 * After an admin's password (null for anyone else): the code step when their second factor is on
 * (the session is open but waits for it), or its setup when it is required and not on (unless a
 * temporary password must be replaced first). `next` is where the sign-in goes afterwards.
 */
export async function secondFactorAtSignIn(
  c: Context<AppEnv>,
  user: { id: string; role: Role; mustChangePassword: boolean },
  next: string,
): Promise<SignInSecondFactor | null> {
  if (user.role !== 'admin') return null;
  const enabled = Boolean((await readSecondFactor(c.get('db'), user.id))?.enabledAt);
  const json = { enabled, verified: false };
  const step = secondFactorStep({ role: user.role, enabled, verified: false }, secondFactorMode(c.env));
  if (step === 'code') return { json, redirect: `${PATHS.loginCode}?${new URLSearchParams({ next })}` };
  if (step === 'setup' && !user.mustChangePassword) return { json, redirect: PATHS.twoFactor, flash: SET_UP_FIRST };
  return { json };
}

/** A new TOTP secret: 20 random bytes (160 bits, RFC 4226's recommendation), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

const hmac = (algorithm: string, key: Uint8Array, message: Uint8Array): Uint8Array =>
  createHmac(algorithm.toLowerCase(), key).update(message).digest();

function totp(secret: string, account = ''): TOTP {
  return new TOTP({ issuer: PRODUCT_NAME, label: account, secret: Secret.fromBase32(secret), ...TOTP_SETTINGS, hmac });
}

/** The otpauth:// address an authenticator app reads from the QR code: issuer, account and secret. */
export function otpauthUrl(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/**
 * The time step (30-second periods since 1970) of the step a 6-digit code belongs to, within one
 * step either side of `now`, or null when it fits none. The caller refuses a step not newer than
 * the last one accepted (src/data/second-factor.ts), so a code works once.
 */
export function codeStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : TOTP.counter({ period: TOTP_SETTINGS.period, timestamp: now }) + delta;
}

/** Whether a typed code is a 6-digit TOTP code (else it is read as a recovery code). */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The QR code of `text` as an SVG document (black modules on white, a two-module margin), to put
 * inline in the page: no image request and no JavaScript.
 */
export function qrCodeSvg(text: string): string {
  return renderSVG(text, { ecc: 'M', border: 2, pixelSize: 1 });
}

/** Ten recovery codes, each ten characters of an alphabet without look-alikes (rejection sampling keeps them uniform). */
export function newRecoveryCodes(): string[] {
  const size = RECOVERY_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  const codes: string[] = [];
  let code = '';
  while (codes.length < RECOVERY_CODE_COUNT) {
    for (const byte of crypto.getRandomValues(new Uint8Array(64))) {
      if (byte >= limit) continue;
      code += RECOVERY_CODE_ALPHABET[byte % size];
      if (code.length === RECOVERY_CODE_LENGTH) {
        if (codes.length < RECOVERY_CODE_COUNT) codes.push(code);
        code = '';
      }
    }
  }
  return codes;
}

/** What is stored of a recovery code: the SHA-256 of the user's id and the code (typed without dash, lower case). */
export async function hashRecoveryCode(userId: string, code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${userId}:${code}`));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// New recovery codes travel from the form post's 303 to /settings/two-factor in a sealed cookie
// (src/server/sealed-cookie.ts), bound to the user, two minutes long, cleared by the first page
// load that reads it: shown once, never stored readable on our side.
const recoveryCookie = sealedCookie({
  name: RECOVERY_CODES_COOKIE,
  path: PATHS.twoFactor,
  sameSite: 'Strict',
  maxAgeSeconds: 120,
  /** Ten sealed codes are about 400 characters. */
  maxLength: 1024,
  purpose: 'recovery codes',
});

export async function keepRecoveryCodes(c: Context<AppEnv>, userId: string, codes: readonly string[]): Promise<void> {
  await recoveryCookie.keep(c, { subject: userId }, codes);
}

/** The recovery codes just made for this user, read once (the cookie is cleared); null when there are none. */
export async function takeRecoveryCodes(c: Context<AppEnv>, userId: string): Promise<string[] | null> {
  const codes = await recoveryCookie.take(c, { subject: userId });
  return Array.isArray(codes) && codes.every((code) => typeof code === 'string') ? codes : null;
}
