// What the second factor's routes share (src/routes/second-factor/): their messages, how a refusal
// answers, and proving a code (every code typed counts against the user's code limits first).
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { acceptCodeStep, secondFactorQuery, spendRecoveryCode } from '../../data/second-factor';
import { countAttempt, type Exceeded } from '../../data/throttle';
import type { FieldErrors } from '../../domain/field-errors';
import type { Input } from '../../server/input';
import { type RenderFailure, reject } from '../../server/respond';
import { codeStep, hashRecoveryCode, isTotpCode } from '../../server/second-factor';
import { secondFactorLimits, waitInWords } from '../../server/throttle-policy';

export const INVALID_CODE = 'Invalid code: check your authenticator app and try again';
const USED_CODE = 'That code was already used: wait for the next one and try again';
const INVALID_RECOVERY_CODE = 'Invalid recovery code, or one already used';
export const ALREADY_ON = 'Two-factor authentication is already on';
const NOT_ON = 'Two-factor authentication is not on';

/** Why a request is refused: the status, the words, and whether they belong beside the code field. */
export interface Refusal {
  status: 400 | 401 | 404 | 409 | 429;
  message: string;
  field?: 'code' | 'confirm';
  retryAfterSeconds?: number;
}

export const throttled = (exceeded: Exceeded): Refusal => ({
  status: 429,
  message: `Too many code attempts. Please wait ${waitInWords(exceeded.retryAfterSeconds)} and try again.`,
  retryAfterSeconds: exceeded.retryAfterSeconds,
});

/** Answers a refusal as JSON, or back to the form's page (a code is never echoed into it). */
export function refuse(c: Context<AppEnv>, input: Input<unknown>, render: RenderFailure, refusal: Refusal): Response | Promise<Response> {
  const fieldErrors: FieldErrors | undefined = refusal.field ? { [refusal.field]: [refusal.message] } : undefined;
  return reject(c, input, render, {
    status: refusal.status,
    message: refusal.message,
    fieldErrors,
    hideFields: ['code'],
    retryAfterSeconds: refusal.retryAfterSeconds,
  });
}

/**
 * Checks a code of the user's second factor, counted against their code limits first: a 6-digit
 * code of a time step newer than the last one accepted (each code works once), or an unused
 * recovery code (used up here). `wrongStatus`: 401 at sign-in (as a wrong password), else 400.
 */
export async function proveCode(
  c: Context<AppEnv>,
  userId: string,
  code: string,
  wrongStatus: 400 | 401,
): Promise<Refusal | { clearKeys: string[] }> {
  const db = c.get('db');
  const limits = secondFactorLimits(c.env, userId);
  const [exceeded, [row]] = await countAttempt(db, limits, undefined, secondFactorQuery(db, userId));
  if (exceeded) return throttled(exceeded);
  if (!row?.enabledAt) return { status: 409, message: NOT_ON };
  if (isTotpCode(code)) {
    const step = codeStep(row.secret, code);
    if (step === null) return { status: wrongStatus, message: INVALID_CODE, field: 'code' };
    if (!(await acceptCodeStep(db, userId, step))) return { status: wrongStatus, message: USED_CODE, field: 'code' };
  } else if (!(await spendRecoveryCode(db, userId, await hashRecoveryCode(userId, code)))) {
    return { status: wrongStatus, message: INVALID_RECOVERY_CODE, field: 'code' };
  }
  return { clearKeys: limits.map((limit) => limit.key) };
}
