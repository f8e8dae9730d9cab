// What Life7 sells and how a member pays for it (decision 41, docs/product.md#joining-and-paying):
// `PLANS` (per plan a display price and its Stripe Payment Link), the plans offered with their
// prices, whether a join needs a payment, and the Payment Link's address for one member. Payment
// Links need no API key: the app only builds their address. Pure: no D1, Hono or React here.
import * as z from 'zod';
import { isPlan, PLANS, type Plan, planRank } from './plans';

/** How long a seat is held while its payment is pending. */
const HOLD_MINUTES = 30;
export const HOLD_MS = HOLD_MINUTES * 60 * 1000;

/** One plan's configuration: the price as shown ('$99', '$49 / month') and its Payment Link (https). */
interface PlanPrice {
  price: string;
  link?: string;
}
export type PlansConfig = Partial<Record<Plan, PlanPrice>>;

const planPrice = z.strictObject({
  price: z.string().trim().min(1, 'price must not be empty').max(40, 'price must be at most 40 characters'),
  link: z
    .string()
    .trim()
    .max(500)
    .refine((value) => /^https:\/\/[^\s"'<>]+$/i.test(value), 'link must be an https:// address')
    .optional(),
});
const plansSchema = z.partialRecord(z.enum(PLANS), planPrice);

/** Reads `PLANS` (JSON); unset or blank is none configured. A problem is said in words, for the log at startup. */
export function parsePlansConfig(text: string | undefined): { ok: true; plans: PlansConfig } | { ok: false; problem: string } {
  if (!text?.trim()) return { ok: true, plans: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'PLANS is not valid JSON' };
  }
  const parsed = plansSchema.safeParse(value);
  if (parsed.success) return { ok: true, plans: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: `PLANS ${issue.path.join('.') || '(the whole value)'}: ${issue.message}` };
}

/** Outside production, with no PLANS configured: prices to try the flow with, paid on the development checkout. */
export const DEV_PLANS: PlansConfig = {
  challenge: { price: '$49' },
  premium: { price: '$99' },
  inner_circle: { price: '$199' },
  mastermind: { price: '$499' },
};

/** A plan as `GET /api/plans` answers it. */
export interface PlanOffer {
  plan: Plan;
  price: string;
  paid: boolean;
}

const FREE_PRICE = 'Free';

/** Whether the plan comes free: sign-up's plan (SIGNUP_PLAN) gives it, or more. */
export function isFreePlan(plan: Plan, signupPlan: Plan | null): boolean {
  return signupPlan !== null && planRank(signupPlan) >= planRank(plan);
}

/**
 * The plans offered, cheapest first: the free one sign-up gives (if any) and every plan above it
 * with a price configured. A plan sign-up already covers is never sold.
 */
export function planOffers(config: PlansConfig, signupPlan: Plan | null): PlanOffer[] {
  const offers: PlanOffer[] = [];
  for (const plan of [...PLANS].sort((a, b) => planRank(a) - planRank(b))) {
    if (isFreePlan(plan, signupPlan)) {
      if (plan === signupPlan) offers.push({ plan, price: FREE_PRICE, paid: false });
    } else if (config[plan]) offers.push({ plan, price: config[plan].price, paid: true });
  }
  return offers;
}

/** The plan a join without one asks for: the free plan, else the cheapest offered. */
export function defaultJoinPlan(offers: readonly PlanOffer[]): Plan | null {
  return (offers.find((o) => !o.paid) ?? offers[0])?.plan ?? null;
}

/** Whether a member with `current` (null: none) must pay for `wanted`: only when neither their plan nor sign-up's covers it. */
export function needsPayment(wanted: Plan, current: Plan | null, signupPlan: Plan | null): boolean {
  if (isFreePlan(wanted, signupPlan)) return false;
  return current === null || planRank(current) < planRank(wanted);
}

/**
 * A Payment Link's address for one member: `client_reference_id` (their user id) binds the
 * checkout to them (decision 24), `prefilled_email` fills the form. Parameters the link already
 * has are replaced.
 */
export function payLinkFor(link: string, member: { userId: string; email: string }, plan: Plan): string {
  const url = new URL(link);
  url.searchParams.set('client_reference_id', member.userId);
  url.searchParams.set('prefilled_email', member.email);
  // Read only by the development checkout: a Stripe Payment Link ignores it and names its plan in metadata.
  if (url.pathname.endsWith('/dev/checkout')) url.searchParams.set('plan', plan);
  return url.toString();
}

/** The customer portal's login link for a member, with their address filled in. */
export function billingPortalFor(portal: string, email: string): string {
  const url = new URL(portal);
  url.searchParams.set('prefilled_email', email);
  return url.toString();
}

/** A plan named in a request, or null. */
export function planNamed(value: unknown): Plan | null {
  return isPlan(value) ? value : null;
}
