// Cohorts to join and Payment Link checkouts to replay (test/join.test.ts, test/join-races.test.ts):
// the checkout's shape is Stripe's published checkout.session object for a Payment Link
// (`payment_link`, `client_reference_id`, `customer_details`, `metadata.plan`, `payment_status`).
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { call } from './helpers';
import { next, stripeEvent } from './webhook-helpers';

let made = 0;
/** An upcoming weekly cohort, enrolment open, starting in two weeks. */
export async function makeCohort(capacity: number | null = null, open = true) {
  made += 1;
  const id = `join-${made}-${crypto.randomUUID().slice(0, 6)}`;
  const start = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await env.DB.prepare("INSERT INTO cohorts (id, name, start_date, capacity, pacing, enrolment_open) VALUES (?, ?, ?, ?, 'weekly', ?)")
    .bind(id, `Join cohort ${made} ${id}`, start, capacity, open ? 1 : 0)
    .run();
  return id;
}

export interface JoinBody {
  seat: string;
  payUrl?: string;
  message?: string;
}

export async function joinApi(cookie: string, cohortId: string, plan?: string): Promise<{ status: number; body: JoinBody }> {
  const response = await call(`/api/cohorts/${cohortId}/join`, { cookie, json: plan ? { plan } : {} });
  return { status: response.status, body: (await response.json()) as JoinBody };
}

/** The user's current place, as stored. */
export async function placeOf(userId: string) {
  return env.DB.prepare(
    'SELECT cohort_id AS cohortId, seat, hold_until AS holdUntil, hold_plan AS holdPlan FROM cohort_members WHERE user_id = ? AND left_at IS NULL',
  )
    .bind(userId)
    .first<{ cohortId: string; seat: string; holdUntil: string | null; holdPlan: string | null }>();
}

/** Every current place of the user (exactly one, always). */
export async function currentPlaces(userId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM cohort_members WHERE user_id = ? AND left_at IS NULL')
    .bind(userId)
    .first<{ n: number }>();
  return row!.n;
}

/** Seats counted as taken in the cohort: the seated and the running holds, as GET /api/cohorts shows them. */
export async function seatsLeft(cohortId: string): Promise<number | null> {
  const body = (await (await call('/api/cohorts')).json()) as { cohorts: { id: string; seatsLeft: number | null }[] };
  const cohort = body.cohorts.find((c) => c.id === cohortId);
  expect(cohort).toBeDefined();
  return cohort!.seatsLeft;
}

/** Makes the user's hold have run out `minutes` ago. */
export async function expireHold(userId: string, minutes = 1) {
  await env.DB.prepare('UPDATE cohort_members SET hold_until = ? WHERE user_id = ? AND left_at IS NULL')
    .bind(new Date(Date.now() - minutes * 60_000).toISOString(), userId)
    .run();
}

/** A completed Payment Link checkout for this member, as Stripe sends it. */
export function paymentLinkCheckout(user: { id: string; email: string }, plan = 'premium') {
  return stripeEvent('checkout.session.completed', {
    id: `cs_test_${next()}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    payment_link: `plink_${next()}`,
    client_reference_id: user.id,
    customer: `cus_${next()}`,
    customer_email: null,
    customer_details: { email: user.email, name: null },
    subscription: `sub_${next()}`,
    metadata: { plan },
    livemode: false,
  });
}

/** Runs the 15-minute job as of now (src/jobs/scheduled-request.ts). */
export async function runQuarterHour(time = Date.now()) {
  const response = await call(`/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${time}`);
  expect(response.status).toBe(200);
}
