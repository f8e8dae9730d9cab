// The development checkout (decision 41, docs/product.md#joining-and-paying): outside production,
// a plan with no Payment Link configured is paid here. GET /dev/checkout?plan=…&client_reference_id=…
// &prefilled_email=… says what Stripe would show; 'Pay' (POST) sends the app's own Stripe receiver
// a `checkout.session.completed` shaped as Stripe sends it for a Payment Link, signed with the
// webhook secret, and goes on to the dashboard as Stripe's after-payment redirect would. Under
// /dev, so production answers 404 (src/app.tsx).
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../app-env';
import { PLAN_LABELS, PLANS } from '../domain/plans';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { setFlash } from '../server/flash';
import { readInput } from '../server/input';
import { plansConfig } from '../server/plan-config';
import { secretFor } from '../server/webhook-secrets';
import { stripeSignatureHeader } from '../server/webhook-signatures';
import { DevBillingPage, DevCheckoutPage } from '../views/DevCheckoutPage';
import { renderPage } from '../views/render-page';

const checkoutSchema = z.object({
  plan: z.enum(PLANS, 'Choose a plan'),
  client_reference_id: z.string().trim().min(1, 'The checkout names no member').max(64),
  prefilled_email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email')),
});
type Checkout = z.output<typeof checkoutSchema>;

const randomId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24);

/** A completed Payment Link checkout as Stripe's event carries it (the fields Stripe documents for checkout.session). */
function paymentLinkCheckoutEvent(checkout: Checkout, created = Math.floor(Date.now() / 1000)) {
  return {
    id: `evt_dev_${randomId()}`,
    object: 'event',
    type: 'checkout.session.completed',
    api_version: '2025-03-31.basil',
    created,
    livemode: false,
    data: {
      object: {
        id: `cs_test_${randomId()}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        payment_link: `plink_dev_${checkout.plan}`,
        client_reference_id: checkout.client_reference_id,
        customer: `cus_dev_${randomId()}`,
        customer_email: null,
        customer_details: { email: checkout.prefilled_email, name: null },
        subscription: `sub_dev_${randomId()}`,
        metadata: { plan: checkout.plan },
        created,
        livemode: false,
      },
    },
  };
}

function readQuery(c: Context<AppEnv>): Checkout {
  const parsed = checkoutSchema.safeParse({
    plan: c.req.query('plan'),
    client_reference_id: c.req.query('client_reference_id'),
    prefilled_email: c.req.query('prefilled_email'),
  });
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid checkout');
  return parsed.data;
}

/** How the app answers a request of its own: the Worker's whole app, given by src/app.tsx. */
export type SelfFetch = (request: Request, env: AppEnv['Bindings'], ctx: ExecutionContext) => Response | Promise<Response>;

/** Sends the event to the Stripe receiver of this very Worker, through the app, as Stripe would. */
async function deliver(c: Context<AppEnv>, self: SelfFetch, event: unknown): Promise<{ ok: boolean; status?: string; message?: string }> {
  const body = JSON.stringify(event);
  const request = new Request(new URL('/api/webhooks/stripe', c.req.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureHeader(secretFor(c.env, 'stripe'), body) },
    body,
  });
  const response = await self(request, c.env, c.executionCtx as ExecutionContext);
  const answer = (await response.json()) as { status?: string; message?: string };
  return { ok: response.ok, ...answer };
}

/** The routes, given how to reach the app's own receiver. */
export const devCheckoutRoutes = (self: SelfFetch) =>
  new Hono<AppEnv>()
    .get(PATHS.devCheckout, (c) => {
      const checkout = readQuery(c);
      const price = plansConfig(c.env)[checkout.plan]?.price ?? null;
      return renderPage(c, <DevCheckoutPage checkout={checkout} planLabel={PLAN_LABELS[checkout.plan]} price={price} />, {
        title: 'Development checkout',
      });
    })
    // The stand-in for Stripe's customer portal: Settings' 'Manage billing' outside production when
    // STRIPE_BILLING_PORTAL_URL is not set (src/routes/settings/page.tsx).
    .get(PATHS.devBilling, (c) => {
      const email = z.email().max(254).safeParse(c.req.query('prefilled_email')?.trim().toLowerCase());
      return renderPage(c, <DevBillingPage email={email.success ? email.data : null} />, { title: 'Development billing portal' });
    })
    .post(PATHS.devCheckout, async (c) => {
      const input = await readInput(c, checkoutSchema);
      if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
      const event = paymentLinkCheckoutEvent(input.value);
      const delivered = await deliver(c, self, event);
      if (input.mode === 'json') return c.json({ event: event.id, ...delivered }, delivered.ok ? 200 : 502);
      setFlash(c, {
        toast: delivered.ok
          ? delivered.status === 'needs review'
            ? {
                title: 'Payment received',
                description: 'Your cohort filled while you paid: you are on its waitlist, and a coach will be in touch.',
              }
            : { title: 'Payment received', description: `Your ${PLAN_LABELS[input.value.plan]} plan is active.` }
          : { title: 'Payment not applied', description: delivered.message ?? 'The webhook refused it.', variant: 'destructive' },
      });
      return c.redirect(PATHS.dashboard, 303);
    });
