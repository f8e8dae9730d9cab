// How often an account or a client may try the sign-in, sign-up and reset actions
// (docs/product.md#sign-in-sessions-and-throttling). The defaults below can be overridden per deployment with the
// THROTTLE_LIMITS variable, a JSON object such as {"loginAccount":{"max":5,"windowSeconds":600}}.
//
// Per-account limits are the real protection: the client address comes from CF-Connecting-IP,
// which Cloudflare sets in production but any client can send to `wrangler dev`.
import type { Context } from 'hono';
import * as z from 'zod';
import type { Limit } from '../data/throttle';
import { type Env, isDevelopment } from '../env';

/** The client's address as Cloudflare names it ('local' in development without the header). */
export function clientIp(c: Context): string {
  return c.req.header('cf-connecting-ip') ?? 'local';
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const rule = z.strictObject({
  max: z.int().min(1).max(1_000_000),
  windowSeconds: z
    .int()
    .min(1)
    .max(7 * DAY),
});
export type LimitRule = z.output<typeof rule>;

export const LIMIT_DEFAULTS = {
  /** Sign-in attempts for one email; a success starts the count again. */
  loginAccount: { max: 10, windowSeconds: 15 * MINUTE },
  /** The lock-out grows on repeat: past this many in a day, the wait is until the day's window ends. */
  loginAccountDaily: { max: 30, windowSeconds: DAY },
  loginClient: { max: 100, windowSeconds: 15 * MINUTE },
  /**
   * Sign-in attempts from a browser that signed in to that account before (its device cookie,
   * src/server/device-cookie.ts), counted instead of the account's: a success starts the count
   * again; past it the cookie is no pass and the attempt counts against the account.
   */
  loginDevice: { max: 10, windowSeconds: DAY },
  resetMailAccount: { max: 3, windowSeconds: HOUR },
  resetMailClient: { max: 30, windowSeconds: HOUR },
  signupClient: { max: 20, windowSeconds: HOUR },
  verificationResend: { max: 3, windowSeconds: HOUR },
  changePassword: { max: 10, windowSeconds: 15 * MINUTE },
  /**
   * The password asked again before an email change or a deletion (decision 42), per user, like
   * sign-in: 10 a quarter hour, 30 a day; a success starts the count again.
   */
  accountPassword: { max: 10, windowSeconds: 15 * MINUTE },
  accountPasswordDaily: { max: 30, windowSeconds: DAY },
  /**
   * Codes typed at an admin's second factor (decision 43): the sign-in's code step, turning it on or
   * off; per user, like the password: 10 a quarter hour, 30 a day; a success starts the count again.
   */
  secondFactorCode: { max: 10, windowSeconds: 15 * MINUTE },
  secondFactorCodeDaily: { max: 30, windowSeconds: DAY },
  /** 'Refresh now' on /admin/cohort, by all admins together (the work is the same whoever asks): once per window, sliding. */
  cohortRefresh: { max: 1, windowSeconds: MINUTE },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMIT_DEFAULTS;

/** Test suites and a developer's browser create many accounts from one address. */
const DEVELOPMENT_CLIENT_FACTOR = 100;
const CLIENT_LIMITS: ReadonlySet<LimitName> = new Set(['loginClient', 'resetMailClient', 'signupClient']);

const overridesSchema = z.strictObject(
  Object.fromEntries(Object.keys(LIMIT_DEFAULTS).map((name) => [name, rule.optional()])) as Record<LimitName, z.ZodOptional<typeof rule>>,
);

type Overrides = { ok: true; value: Partial<Record<LimitName, LimitRule>> } | { ok: false; problem: string };

// Read once per isolate (a sign-in asks for three rules; the variable never changes).
let parsed: { source: string | undefined; result: Overrides } | null = null;

function parseOverrides(env: Env): Overrides {
  if (!parsed || parsed.source !== env.THROTTLE_LIMITS)
    parsed = { source: env.THROTTLE_LIMITS, result: readOverrides(env.THROTTLE_LIMITS) };
  return parsed.result;
}

function readOverrides(source: string | undefined): Overrides {
  if (!source) return { ok: true, value: {} };
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch {
    return { ok: false, problem: 'THROTTLE_LIMITS is not valid JSON' };
  }
  const result = overridesSchema.safeParse(json);
  if (!result.success) return { ok: false, problem: `THROTTLE_LIMITS: ${z.prettifyError(result.error).replaceAll('\n', ' ')}` };
  return { ok: true, value: result.data };
}

/** What is wrong with THROTTLE_LIMITS, or null. */
export function throttleConfigProblem(env: Env): string | null {
  const overrides = parseOverrides(env);
  return overrides.ok ? null : overrides.problem;
}

/** The rule in force for `name` in this deployment. */
function limitRule(env: Env, name: LimitName): LimitRule {
  const overrides = parseOverrides(env);
  const override = overrides.ok ? overrides.value[name] : undefined;
  if (override) return override;
  const base = LIMIT_DEFAULTS[name];
  return isDevelopment(env) && CLIENT_LIMITS.has(name) ? { ...base, max: base.max * DEVELOPMENT_CLIENT_FACTOR } : base;
}

// A client-wide limit gates the others (src/data/throttle.ts): past it, no per-address row is made.
const limit = (env: Env, name: LimitName, subject: string): Limit => ({
  key: `${name}:${subject}`,
  ...limitRule(env, name),
  ...(CLIENT_LIMITS.has(name) ? { gate: true } : {}),
});

export const loginLimits = (env: Env, email: string, ip: string): Limit[] => [
  limit(env, 'loginAccount', email),
  limit(env, 'loginAccountDaily', email),
  limit(env, 'loginClient', ip),
];

/** The account's own sign-in limits, without the client's. */
export const loginAccountLimits = (env: Env, email: string): Limit[] => [
  limit(env, 'loginAccount', email),
  limit(env, 'loginAccountDaily', email),
];

/** A sign-in from a browser carrying the account's device cookie: counted against that device (and the client), not the account. */
export const deviceLoginLimits = (env: Env, deviceId: string, ip: string): Limit[] => [
  limit(env, 'loginDevice', deviceId),
  limit(env, 'loginClient', ip),
];

/** The key a device's sign-in attempts are counted under (a success clears it). */
export const loginDeviceKey = (env: Env, deviceId: string): string => limit(env, 'loginDevice', deviceId).key;

/** The keys a successful sign-in or password reset clears: a reset by email ends a lock-out. */
export const loginAccountKeys = (env: Env, email: string): string[] =>
  loginLimits(env, email, '')
    .slice(0, 2)
    .map((l) => l.key);

export const resetMailLimits = (env: Env, email: string, ip: string): Limit[] => [
  limit(env, 'resetMailAccount', email),
  limit(env, 'resetMailClient', ip),
];

export const signupLimit = (env: Env, ip: string): Limit => limit(env, 'signupClient', ip);

/** Verification emails a user may ask for. */
export const verificationResendLimit = (env: Env, userId: string): Limit => limit(env, 'verificationResend', userId);

export const changePasswordLimit = (env: Env, userId: string): Limit => limit(env, 'changePassword', userId);

/** Tries at the password an email change or a deletion asks for (docs/product.md#your-account). */
export const accountPasswordLimits = (env: Env, userId: string): Limit[] => [
  limit(env, 'accountPassword', userId),
  limit(env, 'accountPasswordDaily', userId),
];

/** Codes typed at a user's second factor (docs/product.md#second-factor-for-admins). */
export const secondFactorLimits = (env: Env, userId: string): Limit[] => [
  limit(env, 'secondFactorCode', userId),
  limit(env, 'secondFactorCodeDaily', userId),
];

/** One key for every admin: the cohort report is one. */
/** 'Refresh now' on one cohort's desk: once a minute per cohort, whichever admin asks. */
export const cohortRefreshLimit = (env: Env, cohortId: string): Limit => limit(env, 'cohortRefresh', cohortId);

/** "15 minutes", "1 hour", "3 hours", "2 days": a wait in words, rounded up to a whole minute. */
export function waitInWords(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  if (m % (24 * 60) === 0) return m === 24 * 60 ? '1 day' : `${m / (24 * 60)} days`;
  if (m % 60 === 0) return m === 60 ? '1 hour' : `${m / 60} hours`;
  return m === 1 ? '1 minute' : `${m} minutes`;
}

/** Every family of throttle keys with its window in force (the daily clean-up's input). */
export const throttleFamilies = (env: Env): { name: LimitName; windowSeconds: number }[] =>
  (Object.keys(LIMIT_DEFAULTS) as LimitName[]).map((name) => ({ name, windowSeconds: limitRule(env, name).windowSeconds }));
