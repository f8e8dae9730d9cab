// The desk's worklist (decision 40, docs/product.md#the-worklist): counts per reason on top (each a
// link that filters the list), then who needs attention and is not handled, the most urgent first,
// a page at a time, each with their reasons and two plain forms: snooze for 3, 7 or 14 days, and
// mark contacted with an optional private note. Plain server HTML: every action works without
// JavaScript.
import { Address } from '../components/Address';
import type { NeedsAttention } from '../domain/cohort';
import { NOTE_MAX, REASON_KEYS, REASON_LABELS, type ReasonKey, SNOOZE_DAYS } from '../domain/worklist';
import { adminNudgePath, adminUserPath, deskPath } from '../paths';

export interface WorklistPerson extends NeedsAttention {
  /** Their most urgent reason (or the one the list is filtered by): the nudge's ?reason=. */
  reason: ReasonKey | null;
  /** Back on the list after a coach handled them: why. */
  back: string | null;
}

export interface WorklistProps {
  cohortId: string;
  people: readonly WorklistPerson[];
  counts: { open: number; handled: number } & Record<ReasonKey, number>;
  reason: ReasonKey | null;
  page: number;
  pageCount: number;
}

const listPath = (cohortId: string, reason: ReasonKey | null, page = 1) =>
  `${deskPath(cohortId)}${reason ? `&reason=${reason}` : ''}${page > 1 ? `&page=${page}` : ''}#worklist`;

function Counts({ cohortId, counts, reason }: Pick<WorklistProps, 'cohortId' | 'counts' | 'reason'>) {
  const item = (key: ReasonKey | null, label: string, n: number) => (
    <li key={key ?? 'all'}>
      <a href={listPath(cohortId, key)} aria-current={key === reason ? 'page' : undefined} className="worklist-count">
        <span>{label}</span> <strong>{n}</strong>
      </a>
    </li>
  );
  return (
    <nav aria-label="Reasons">
      <ul className="worklist-counts">
        {item(null, 'Everyone', counts.open)}
        {REASON_KEYS.map((key) => item(key, REASON_LABELS[key], counts[key]))}
      </ul>
      <p className="muted">
        {counts.handled === 0
          ? 'Nobody handled yet.'
          : `${counts.handled} handled (contacted or snoozed): they come back when a snooze ends or a new reason appears.`}
      </p>
    </nav>
  );
}

// A page of these (WORKLIST_PAGE_SIZE) makes most of the desk's HTML: each text is one string, with no React separators
// (<!-- -->) between its parts.
function Person({ cohortId, person, back }: { cohortId: string; person: WorklistPerson; back: string }) {
  const action = `${deskPath(cohortId)}&action=attention${back}`;
  const noteId = `note-${person.userId}`;
  return (
    <li className="worklist-row">
      <div className="worklist-who">
        <a href={adminUserPath(person.userId)} className="break-anywhere">
          <strong>{person.name}</strong>
        </a>
        <span className="muted">
          <Address address={person.email} />
        </span>
        {person.back && <span className="badge badge-warning">{person.back}</span>}
      </div>
      <ul className="worklist-reasons">
        {person.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <div className="worklist-actions">
        <form method="post" action={action} className="worklist-snooze">
          <input type="hidden" name="userId" value={person.userId} />
          <input type="hidden" name="state" value="snoozed" />
          <span className="muted">Snooze</span>
          {SNOOZE_DAYS.map((days) => (
            <button
              key={days}
              type="submit"
              name="days"
              value={days}
              className="button button-outline button-small"
              aria-label={`Snooze ${person.name} for ${days} days`}
            >
              {`${days} days`}
            </button>
          ))}
        </form>
        <details className="worklist-contacted">
          <summary className="button button-outline button-small">Mark contacted</summary>
          <form method="post" action={action} className="form">
            <input type="hidden" name="userId" value={person.userId} />
            <input type="hidden" name="state" value="contacted" />
            <div className="field">
              <label htmlFor={noteId}>Private note (optional, admins only)</label>
              <textarea id={noteId} name="note" rows={2} maxLength={NOTE_MAX} />
            </div>
            <button type="submit" className="button button-primary button-small">{`Mark ${person.name} contacted`}</button>
          </form>
        </details>
        {/* The nudge's template follows the person's most urgent reason (or the list's filter). */}
        <a
          className="button button-outline button-small worklist-nudge"
          href={adminNudgePath(person.userId, person.reason)}
          aria-label={`Send a nudge to ${person.name}`}
        >
          Send a nudge
        </a>
      </div>
    </li>
  );
}

export function CoachWorklist({ cohortId, people, counts, reason, page, pageCount }: WorklistProps) {
  const back = `${reason ? `&reason=${reason}` : ''}${page > 1 ? `&page=${page}` : ''}`;
  return (
    <>
      <Counts cohortId={cohortId} counts={counts} reason={reason} />
      {people.length === 0 ? (
        <p className="muted">
          {reason
            ? `Nobody on the list for this reason right now.`
            : 'Nobody right now: everyone is checking in and moving on, or handled.'}
        </p>
      ) : (
        <ol className="worklist">
          {people.map((person) => (
            <Person key={person.userId} cohortId={cohortId} person={person} back={back} />
          ))}
        </ol>
      )}
      {pageCount > 1 && (
        <nav className="worklist-pages" aria-label="Worklist pages">
          {page > 1 && <a href={listPath(cohortId, reason, page - 1)}>Previous</a>}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount && <a href={listPath(cohortId, reason, page + 1)}>Next</a>}
        </nav>
      )}
    </>
  );
}
