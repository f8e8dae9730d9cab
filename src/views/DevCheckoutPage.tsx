// The development checkout (src/routes/dev-checkout.tsx): what Stripe's Payment Link page would
// show, and 'Pay', which sends the app's own receiver the completed checkout.
import { PRODUCT_NAME } from '../domain/product';
import { PATHS } from '../paths';

export function DevCheckoutPage({
  checkout,
  planLabel,
  price,
}: {
  checkout: { plan: string; client_reference_id: string; prefilled_email: string };
  planLabel: string;
  price: string | null;
}) {
  return (
    <main id="main" className="auth-layout">
      <article className="card privacy" aria-labelledby="checkout-title">
        <h1 id="checkout-title" className="card-title">
          Development checkout
        </h1>
        <p>
          No Stripe Payment Link is configured for this plan, so this page stands in for Stripe's. Stripe would show the plan, its price and
          a card form with your address filled in. Nothing is charged here.
        </p>
        <dl className="checkout-summary">
          <dt>Plan</dt>
          <dd>
            {PRODUCT_NAME} {planLabel}
            {price ? ` · ${price}` : ''}
          </dd>
          <dt>Email</dt>
          <dd>{checkout.prefilled_email}</dd>
          <dt>client_reference_id</dt>
          <dd>
            <code>{checkout.client_reference_id}</code>
          </dd>
        </dl>
        <form method="post" action={PATHS.devCheckout}>
          <input type="hidden" name="plan" value={checkout.plan} />
          <input type="hidden" name="client_reference_id" value={checkout.client_reference_id} />
          <input type="hidden" name="prefilled_email" value={checkout.prefilled_email} />
          <button type="submit" className="button button-primary" data-busy-label="Paying...">
            Pay
          </button>{' '}
          <a href={PATHS.dashboard}>Cancel</a>
        </form>
      </article>
    </main>
  );
}

/** Settings' 'Manage billing' outside production with no STRIPE_BILLING_PORTAL_URL: what Stripe's portal is for. */
export function DevBillingPage({ email }: { email: string | null }) {
  return (
    <main id="main" className="auth-layout">
      <article className="card privacy" aria-labelledby="billing-portal-title">
        <h1 id="billing-portal-title" className="card-title">
          Development billing portal
        </h1>
        <p>
          No STRIPE_BILLING_PORTAL_URL is configured, so this page stands in for Stripe's customer portal. There a member signs in with
          {email ? ` ${email}` : ' their email'} (filled in for them), sees their subscription and invoices, changes their card, or cancels.{' '}
          {PRODUCT_NAME} learns of a cancellation or a failed payment from Stripe's webhooks, not from this page.
        </p>
        <p>
          <a className="button button-outline" href={PATHS.settings}>
            Back to Settings
          </a>
        </p>
      </article>
    </main>
  );
}
