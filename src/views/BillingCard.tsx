// Settings' 'Billing' card (decision 41, docs/product.md#joining-and-paying): the member's plan,
// where it comes from (Stripe, Patreon, given by the coach), its status (active; grace after a
// failed payment, with its last day; cancelled) and 'Manage billing': Stripe's customer portal
// with their address filled in, or Patreon's page for a Patreon member.
import { use } from 'react';
import type { Membership } from '../db/schema';
import type { PaidSubscription } from '../domain/account';
import { billingPortalFor } from '../domain/plan-offers';
import { membershipAt, PLAN_LABELS } from '../domain/plans';
import { formatCalendarDay } from '../domain/time-zone';
import { PATHS } from '../paths';
import { FrameContext } from './frame-context';
import { graceEndDay } from './GraceBanner';

const SOURCE_WORDS: Record<string, string> = {
  stripe: 'Paid with Stripe',
  patreon: 'Paid through Patreon',
  admin: 'Given by the coach',
  seed: 'Given by the coach',
  signup: 'Included when you signed up',
};

/**
 * Where 'Manage billing' goes: the provider's page, or outside production, when no Stripe portal is
 * configured, the stand-in portal (/dev/billing), so the whole flow can be tried locally.
 */
function manageAddress(s: PaidSubscription, email: string, devTools: boolean): string | null {
  if (s.manageUrl) return s.source === 'stripe' ? billingPortalFor(s.manageUrl, email) : s.manageUrl;
  return devTools && s.source === 'stripe' ? `${PATHS.devBilling}?${new URLSearchParams({ prefilled_email: email })}` : null;
}

function statusWords(membership: Membership, timeZone: string): string {
  const graceEnd = graceEndDay(membership, timeZone);
  if (graceEnd) return `Grace after a failed payment: access until ${formatCalendarDay(graceEnd)}`;
  const at = membershipAt(membership);
  if (at?.status === 'active') return 'Active';
  if (at?.status === 'cancelled') return 'Cancelled';
  return 'Ended';
}

export function BillingCard({
  membership,
  subscriptions,
  email,
  timeZone,
}: {
  membership: Membership | null;
  subscriptions: PaidSubscription[];
  email: string;
  timeZone: string;
}) {
  const { demoTools } = use(FrameContext);
  return (
    <section className="card" aria-labelledby="billing-title">
      <h2 id="billing-title" className="card-title">
        Billing
      </h2>
      {membership ? (
        <dl className="details">
          <dt>Plan</dt>
          <dd>{PLAN_LABELS[membership.plan]}</dd>
          <dt>From</dt>
          <dd>{SOURCE_WORDS[membership.source] ?? 'Given by the coach'}</dd>
          <dt>Status</dt>
          <dd>{statusWords(membership, timeZone)}</dd>
        </dl>
      ) : (
        <p>You have no plan yet.</p>
      )}
      {subscriptions.map((s) =>
        manageAddress(s, email, demoTools) ? (
          <p key={`${s.source}-${s.plan}`}>
            <a className="button button-outline" href={manageAddress(s, email, demoTools)!}>
              Manage billing
            </a>{' '}
            <span className="join-note">
              {s.plan} with {s.provider}
            </span>
          </p>
        ) : (
          <p key={`${s.source}-${s.plan}`}>
            Your {s.plan} plan is billed by {s.provider}: the link to manage it is in their receipt email.
          </p>
        ),
      )}
      <p>
        <a href={PATHS.join}>See the plans and cohorts</a>
      </p>
    </section>
  );
}
