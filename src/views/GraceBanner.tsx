// A failed payment's grace (decision 24, docs/product.md#plans-and-memberships): access is kept
// for 7 days, and this banner asks the participant to update their card before it ends.
import type { Membership } from '../db/schema';
import { inGrace } from '../domain/plans';
import { calendarDay, formatCalendarDay, userTimeZone } from '../domain/time-zone';

/** The last day of the grace in the user's zone, when a failed payment's grace runs now; else null. */
export function graceEndDay(
  membership: Pick<Membership, 'status' | 'graceUntil'> | null,
  timeZone: string,
  now: Date = new Date(),
): string | null {
  if (membership?.status !== 'past_due' || !inGrace(membership.graceUntil, now)) return null;
  return calendarDay(new Date(membership.graceUntil!), userTimeZone(timeZone));
}

export function GraceBanner({ until }: { until: string }) {
  return (
    <div className="banner banner-warning grace-banner" role="status">
      <p>
        <strong>Your last payment did not go through.</strong> You keep full access until {formatCalendarDay(until)}: please update your
        card with Stripe or Patreon (the link is in your payment emails) so nothing stops.
      </p>
    </div>
  );
}
