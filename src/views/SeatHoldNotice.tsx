// The dashboard's word on a seat held for a payment (decision 41, docs/product.md#joining-and-paying):
// until when it is held, and 'Finish payment', a plain form post to the cohort's Join (which goes
// on to the Payment Link; a hold that ran out is taken again while a seat is free).
import type { CohortPlace } from '../domain/cohorts';
import { isPlan, PLAN_LABELS } from '../domain/plans';
import { PATHS } from '../paths';

function heldUntil(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(iso));
}

export function SeatHoldNotice({ place, timeZone, now = new Date() }: { place: CohortPlace | null; timeZone: string; now?: Date }) {
  if (place?.seat !== 'payment-pending') return null;
  const plan = isPlan(place.holdPlan) ? place.holdPlan : null;
  const running = Boolean(place.holdUntil) && Date.parse(place.holdUntil!) > now.getTime();
  return (
    <div className="seat-hold" role="status">
      <p>
        {running
          ? `Your seat in ${place.name} is waiting for payment: it is held for you until ${heldUntil(place.holdUntil!, timeZone)}.`
          : `Your seat in ${place.name} was waiting for payment and has been released. Finish payment to take it again while one is free.`}
      </p>
      <form method="post" action={`${PATHS.join}/${encodeURIComponent(place.id)}`}>
        {plan && <input type="hidden" name="plan" value={plan} />}
        <button type="submit" className="button button-primary" data-busy-label="Opening payment...">
          Finish payment{plan ? ` (${PLAN_LABELS[plan]})` : ''}
        </button>
      </form>
    </div>
  );
}
