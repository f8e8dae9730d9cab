// The Worker's bindings and variables (wrangler.toml, .dev.vars, secrets).
import type { QueueJob } from './mail/message';

export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  /** The mail queue's producer (decision 32); src/jobs/mail-queue.ts consumes it. */
  MAIL_QUEUE: Queue<QueueJob>;
  /** Cloudflare Email Service (`[[send_email]]`): how production sends. */
  EMAIL?: SendEmail;
  ENVIRONMENT: 'production' | 'development' | 'test';
  JWT_SECRET: string;
  APP_URL: string;
  MAIL_FROM: string;
  SIGNUP_PLAN: string;
  STRIPE_PRICE_PLANS: string;
  PATREON_TIER_PLANS: string;
  STRIPE_WEBHOOK_SECRET?: string;
  PATREON_WEBHOOK_SECRET?: string;
  EMAIL_API_KEY?: string;
  /** "1" in benchmarks and tests: answers carry X-D1-Round-Trips. */
  COUNT_D1_ROUND_TRIPS?: string;
  /** With COUNT_D1_ROUND_TRIPS: milliseconds added to each round trip (`npm run bench`, a far replica). */
  D1_DELAY_MS?: string;
  /** "1" in the test suites: new password hashes at scrypt's cheap end (src/server/password.ts); ignored in production. */
  FAST_PASSWORD_HASHES?: string;
  /** JSON object overriding the throttle limits of src/server/throttle-policy.ts. */
  THROTTLE_LIMITS?: string;
  /** JSON object overriding the outbound links of src/domain/links.ts. */
  OUTBOUND_LINKS?: string;
  /** The Stripe customer portal (https), named as 'Manage billing' before a deletion (docs/product.md#your-account). */
  STRIPE_BILLING_PORTAL_URL?: string;
  /** JSON: per plan a display price and its Stripe Payment Link (decision 41, src/domain/plan-offers.ts); checked at startup. */
  PLANS?: string;
  /** Patreon's page to join or manage a membership ('Manage billing' for a Patreon member). */
  PATREON_JOIN_URL?: string;
  /** `required` or `optional` (decision 43); unset: required in production, optional elsewhere (src/server/config.ts). */
  ADMIN_SECOND_FACTOR?: string;
  /** The coaches' IANA zone (decision 35): cohort dates and the webinar schedule; America/Los_Angeles unless set. */
  COACH_TIME_ZONE?: string;
  /** Reply-To of coach mail, nudges and announcements (decision 40); unset: the sending admin's address. */
  COACH_REPLY_TO?: string;
}

export function isDevelopment(env: Env): boolean {
  return env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test';
}
