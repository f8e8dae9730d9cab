// Decision 41's configuration as a request reads it: `PLANS` (checked at startup by
// src/server/config.ts), and where a member pays for a plan: the plan's Payment Link, or outside
// production without one the development checkout (src/routes/dev-checkout.tsx).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { DEV_PLANS, type PlanOffer, type PlansConfig, parsePlansConfig, payLinkFor, planOffers } from '../domain/plan-offers';
import type { Plan } from '../domain/plans';
import { type Env, isDevelopment } from '../env';
import { PATHS } from '../paths';
import { appOrigin, signupPlan } from './config';

/** PLANS as configured; outside production with none configured, DEV_PLANS. */
export function plansConfig(env: Env): PlansConfig {
  const parsed = parsePlansConfig(env.PLANS);
  const plans = parsed.ok ? parsed.plans : {};
  return Object.keys(plans).length === 0 && isDevelopment(env) ? DEV_PLANS : plans;
}

/** The plans offered to this deployment's visitors (`GET /api/plans`, `/join`). */
export function offeredPlans(env: Env): PlanOffer[] {
  return planOffers(plansConfig(env), signupPlan(env));
}

/**
 * Where this member pays for `plan`: its Payment Link with `client_reference_id` and
 * `prefilled_email`; outside production without a link, the development checkout; null when the
 * plan cannot be bought here.
 */
export function payUrl(c: Context<AppEnv>, plan: Plan, member: { userId: string; email: string }): string | null {
  const link = plansConfig(c.env)[plan]?.link ?? (isDevelopment(c.env) ? `${appOrigin(c)}${PATHS.devCheckout}` : null);
  return link ? payLinkFor(link, member, plan) : null;
}
