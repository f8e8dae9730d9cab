// The settings a production Worker cannot run without, checked before any request is served, the
// origin every emailed link uses, and the plan sign-up gives.
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { parsePlansConfig } from '../domain/plan-offers';
import { isPlan, type Plan } from '../domain/plans';
import { SECOND_FACTOR_MODES, type SecondFactorMode } from '../domain/second-factor';
import { normalizeTimeZone } from '../domain/time-zone';
import { type Env, isDevelopment } from '../env';
import { log } from './log';
import { throttleConfigProblem } from './throttle-policy';

const JWT_SECRET_MIN = 32;

function appUrlProblem(env: Env): string | null {
  if (!env.APP_URL) return isDevelopment(env) ? null : 'APP_URL is not set: set it to the public address, e.g. https://app.life7.com';
  try {
    const url = new URL(env.APP_URL);
    if (url.protocol !== 'https:' && !isDevelopment(env)) return `APP_URL must be an https:// address, not ${url.protocol}`;
    return null;
  } catch {
    return 'APP_URL is not a valid address';
  }
}

/** What is wrong with PLANS (decision 41), or null. */
function plansProblem(env: Env): string | null {
  const parsed = parsePlansConfig(env.PLANS);
  return parsed.ok ? null : parsed.problem;
}

/** What is wrong with the configuration, or null when the Worker may serve. */
function configProblem(env: Env): string | null {
  if (!env.JWT_SECRET || env.JWT_SECRET.length < JWT_SECRET_MIN) {
    return `JWT_SECRET must be at least ${JWT_SECRET_MIN} characters (wrangler secret put JWT_SECRET)`;
  }
  return appUrlProblem(env) ?? throttleConfigProblem(env) ?? secondFactorModeProblem(env) ?? coachTimeZoneProblem(env) ?? plansProblem(env);
}

/**
 * Refuses every request while the configuration is broken, with one clear log line, instead of
 * trusting the request's Host header for links and the same-origin check. (A Worker cannot refuse
 * to start, so this is the next best thing.) Checked once per isolate: bindings do not change.
 */
export function requireConfig(): MiddlewareHandler<AppEnv> {
  let checked: string | null | undefined;
  return async (c, next) => {
    if (checked === undefined) checked = configProblem(c.env);
    if (checked) {
      log('error', `Refusing to serve: ${checked}`);
      return c.json({ message: 'This service is not configured yet. Please try again later.' }, 503);
    }
    await next();
  };
}

/** The origin of the links we email: APP_URL, or in development the address in use. */
export function appOrigin(c: Context<AppEnv>): string {
  return c.env.APP_URL ? new URL(c.env.APP_URL).origin : new URL(c.req.url).origin;
}

/**
 * Whether admins must use a second factor (decision 43, docs/product.md#second-factor-for-admins):
 * ADMIN_SECOND_FACTOR, by default `required` in production and `optional` in development and tests.
 */
export function secondFactorMode(env: Env): SecondFactorMode {
  const value = env.ADMIN_SECOND_FACTOR;
  if (value === 'required' || value === 'optional') return value;
  return env.ENVIRONMENT === 'production' ? 'required' : 'optional';
}

function secondFactorModeProblem(env: Env): string | null {
  const value = env.ADMIN_SECOND_FACTOR;
  if (value === undefined || value === '' || (SECOND_FACTOR_MODES as readonly string[]).includes(value)) return null;
  return `ADMIN_SECOND_FACTOR must be ${SECOND_FACTOR_MODES.join(' or ')}, not ${JSON.stringify(value.slice(0, 40))}`;
}

/** docs/product.md#plans-and-memberships: the sign-up plan (`none` means no membership until payment). */
export function signupPlan(env: Env): Plan | null {
  return isPlan(env.SIGNUP_PLAN) ? env.SIGNUP_PLAN : env.SIGNUP_PLAN === 'none' ? null : 'challenge';
}

function coachTimeZoneProblem(env: Env): string | null {
  const value = env.COACH_TIME_ZONE;
  if (value === undefined || value === '' || normalizeTimeZone(value)) return null;
  return `COACH_TIME_ZONE must be an IANA time zone such as America/Los_Angeles, not ${JSON.stringify(value.slice(0, 40))}`;
}
