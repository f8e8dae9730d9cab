// The participant page's cohort part (docs/product.md#cohorts): where they are now (cohort, seat,
// where the cohort stands), every cohort they have been in, and 'Move to cohort', a plain form post
// to the page's own address (?action=cohort) that needs no JavaScript.
import type { ParticipantRecord } from '../data/participant';
import { standingText } from '../domain/cohorts';
import { adminUserPath } from '../paths';
import type { ActionFailure } from './AdminUserActions';
import { FieldMessage } from './FieldMessage';
import { TableHead } from './TableHead';

const SEAT_WORDS = { seated: 'Seated', waitlisted: 'On the waitlist', 'payment-pending': 'Waiting for payment' } as const;

export function AdminUserCohort({
  record,
  today,
  formatDate,
  failure,
}: {
  record: ParticipantRecord;
  /** The participant's day. */
  today: string;
  formatDate: (iso: string) => string;
  failure: ActionFailure | null;
}) {
  const current = record.cohorts.find((row) => row.leftAt === null) ?? null;
  const mine = failure?.action === 'cohort' ? failure : null;
  const chosen = typeof mine?.values.cohortId === 'string' ? mine.values.cohortId : '';
  const others = record.cohortChoices.filter((choice) => choice.id !== current?.id);
  return (
    <>
      {current ? (
        <p className="cohort-place">
          <strong className="break-anywhere">{standingText(current, today)}</strong>{' '}
          <span className={current.seat === 'seated' ? 'badge badge-success' : 'badge badge-warning'}>{SEAT_WORDS[current.seat]}</span>
        </p>
      ) : (
        <p className="muted">In no cohort.</p>
      )}
      {record.cohorts.length > 0 && (
        <div className="table-wrap">
          <p className="muted cohort-history-title" id="cohort-history">
            Their cohorts, newest first
          </p>
          <table className="table table-cards table-plain" aria-labelledby="cohort-history">
            <TableHead columns={['Cohort', 'Joined', 'Seat', 'Left']} />
            <tbody>
              {record.cohorts.map((row) => (
                <tr key={`${row.id}-${row.joinedAt}`}>
                  <td data-label="Cohort" className="break-anywhere">
                    {row.name}
                  </td>
                  <td data-label="Joined">
                    <span className="nowrap">{formatDate(row.joinedAt)}</span>
                  </td>
                  <td data-label="Seat">
                    {row.seatedAt ? `Seated ${formatDate(row.seatedAt)}` : row.leftAt ? 'Waitlisted' : 'On the waitlist'}
                  </td>
                  <td data-label="Left">{row.leftAt ? <span className="nowrap">{formatDate(row.leftAt)}</span> : 'Current'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {others.length > 0 && (
        <form method="post" action={`${adminUserPath(record.user.id)}?action=cohort`} className="form move-cohort-form">
          <div className="field">
            <label htmlFor="move-cohort">Cohort to move them to</label>
            <select
              id="move-cohort"
              name="cohortId"
              defaultValue={chosen}
              required
              aria-invalid={mine?.fieldErrors.cohortId ? true : undefined}
              aria-describedby={mine ? 'move-cohort-error' : undefined}
            >
              <option value="" disabled>
                Choose a cohort
              </option>
              {others.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name} (starts {choice.startDate})
                </option>
              ))}
            </select>
            <FieldMessage id="move-cohort-error" messages={mine ? (mine.fieldErrors.cohortId ?? [mine.message]) : undefined} />
            <p className="muted">
              {current ? `Their seat in ${current.name}, if they hold one, goes to the first on its waitlist, who is mailed. ` : ''}In the
              cohort chosen they are seated while it has room, else waitlisted.
            </p>
          </div>
          <div>
            <button type="submit" className="button button-primary">
              Move to cohort
            </button>
          </div>
        </form>
      )}
    </>
  );
}
