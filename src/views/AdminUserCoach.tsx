// A participant's page, the coach's part (decision 40, docs/product.md#the-worklist): their
// current needs-attention reasons and worklist state with its forms (contacted, snooze, back on the
// list), their private notes (admins only; the author deletes their own) and their timeline, a page
// at a time, filterable by kind. Plain forms, each posting to the page's own address.
import type { Note } from '../data/notes';
import type { AttentionOfRow } from '../data/worklist';
import { adminTime } from '../domain/admin-time';
import { TIMELINE_KIND_LABELS, TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '../domain/timeline';
import { NOTE_MAX, SNOOZE_DAYS } from '../domain/worklist';
import { adminUserPath } from '../paths';
import type { ActionFailure } from './AdminUserActions';
import { FieldMessage } from './FieldMessage';

export interface TimelinePage {
  entries: TimelineEntry[];
  page: number;
  pageCount: number;
  kind: TimelineKind | null;
}

interface CoachProps {
  userId: string;
  attention: AttentionOfRow | null;
  /** Their needs-attention reasons as of the last report, in words. */
  reasons: readonly string[];
  notes: readonly Note[];
  timeline: TimelinePage;
  currentUserId: string;
  /** The admin's zone: every time is said in it. */
  adminZone: string;
  failure: ActionFailure | null;
}

function Attention({
  userId,
  attention,
  reasons,
  adminZone,
  failure,
}: Pick<CoachProps, 'userId' | 'attention' | 'reasons' | 'adminZone' | 'failure'>) {
  const post = `${adminUserPath(userId)}?action=attention`;
  const mine = failure?.action === 'attention' ? failure : null;
  return (
    <div className="card">
      <h3 className="card-title">Needs attention</h3>
      {reasons.length === 0 ? (
        <p className="muted">No reason as of the last report.</p>
      ) : (
        <ul>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <p>
        {attention?.state === 'contacted'
          ? `Contacted, marked by ${attention.setBy} on ${adminTime(attention.setAt ?? '', adminZone)}: off the worklist until a new reason appears.`
          : attention?.state === 'snoozed'
            ? `Snoozed by ${attention.setBy} until ${adminTime(attention.until ?? '', adminZone)}, or until a new reason appears.`
            : 'On the worklist whenever they need attention.'}
      </p>
      {mine && <p className="field-error">{mine.message}</p>}
      <div className="coach-filter">
        <form method="post" action={post} className="worklist-snooze">
          <input type="hidden" name="state" value="snoozed" />
          <span className="muted">Snooze</span>
          {SNOOZE_DAYS.map((days) => (
            <button key={days} type="submit" name="days" value={days} className="button button-outline button-small">
              {days} days
            </button>
          ))}
        </form>
        <form method="post" action={post}>
          <input type="hidden" name="state" value="contacted" />
          <button type="submit" className="button button-outline button-small">
            Mark contacted
          </button>
        </form>
        {attention?.state && (
          <form method="post" action={post}>
            <input type="hidden" name="state" value="open" />
            <button type="submit" className="button button-ghost button-small">
              Back on the worklist
            </button>
          </form>
        )}
      </div>
    </div>
  );
}

function Notes({
  userId,
  notes,
  currentUserId,
  adminZone,
  failure,
}: Pick<CoachProps, 'userId' | 'notes' | 'currentUserId' | 'adminZone' | 'failure'>) {
  const mine = failure?.action === 'note' ? failure : null;
  const errors = mine?.fieldErrors.text ?? (mine ? [mine.message] : undefined);
  return (
    <div className="card">
      <h3 className="card-title" id="notes">
        Private notes
      </h3>
      <p className="muted">Only admins ever see these: never the participant, their mails or their downloads.</p>
      <form method="post" action={`${adminUserPath(userId)}?action=note`} className="form">
        <div className="field">
          <label htmlFor="note-text">New note</label>
          <textarea
            id="note-text"
            name="text"
            rows={3}
            maxLength={NOTE_MAX}
            required
            defaultValue={typeof mine?.values.text === 'string' ? mine.values.text : undefined}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? 'note-text-error' : undefined}
          />
          <FieldMessage id="note-text-error" messages={errors} />
        </div>
        <button type="submit" className="button button-primary button-small">
          Save note
        </button>
      </form>
      {notes.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="coach-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <span className="muted">
                {note.author} · <time dateTime={note.at}>{adminTime(note.at, adminZone)}</time>
              </span>
              <p className="coach-note-text">{note.text}</p>
              {note.authorId === currentUserId && (
                <form method="post" action={`${adminUserPath(userId)}?action=note-delete`}>
                  <input type="hidden" name="noteId" value={note.id} />
                  <button type="submit" className="button button-ghost button-small">
                    Delete note
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Timeline({ userId, timeline, adminZone }: Pick<CoachProps, 'userId' | 'timeline' | 'adminZone'>) {
  const { entries, page, pageCount, kind } = timeline;
  const pagePath = (n: number) => `${adminUserPath(userId)}?${kind ? `kind=${kind}&` : ''}page=${n}#timeline`;
  return (
    <>
      <form method="get" action={`${adminUserPath(userId)}#timeline`} className="coach-filter">
        <div className="field">
          <label htmlFor="timeline-kind">Show</label>
          <select id="timeline-kind" name="kind" defaultValue={kind ?? ''}>
            <option value="">Everything</option>
            {TIMELINE_KINDS.map((k) => (
              <option key={k} value={k}>
                {TIMELINE_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-outline button-small">
          Filter
        </button>
      </form>
      {entries.length === 0 ? (
        <p className="muted">Nothing {kind ? 'of this kind ' : ''}yet.</p>
      ) : (
        <ol className="timeline">
          {entries.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rendered once on the server; entries can share a time and have no id
            <li key={`${entry.at}-${i}`}>
              <time dateTime={entry.at} className="muted">
                {adminTime(entry.at, adminZone)}
              </time>
              <span className="badge badge-neutral">{TIMELINE_KIND_LABELS[entry.kind]}</span>
              <span className="timeline-text">{entry.text}</span>
            </li>
          ))}
        </ol>
      )}
      {pageCount > 1 && (
        <nav className="worklist-pages" aria-label="Timeline pages">
          {page > 1 && <a href={pagePath(page - 1)}>Newer</a>}
          <span>
            Page {page} of {pageCount}
          </span>
          {page < pageCount && <a href={pagePath(page + 1)}>Older</a>}
        </nav>
      )}
    </>
  );
}

export function AdminUserCoach(props: CoachProps) {
  return (
    <>
      <section className="admin-section" aria-labelledby="coach">
        <h2 id="coach" className="section-title">
          Worklist and notes
        </h2>
        <div className="admin-wheels">
          <Attention {...props} />
          <Notes {...props} />
        </div>
      </section>
      <section className="admin-section" aria-labelledby="timeline">
        <h2 id="timeline" className="section-title">
          Timeline
        </h2>
        <Timeline {...props} />
      </section>
    </>
  );
}
