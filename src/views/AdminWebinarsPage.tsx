// /admin/webinars (docs/product.md#webinars): add, edit and remove sessions. Plain form posts to
// this page's own address, so it works without JavaScript; times are the coaches' wall clock.
import type { FieldErrors } from '../domain/field-errors';
import { utcToCoachLocal, WEBINAR_TIME_ZONE, type Webinar, webinarLabels } from '../domain/webinars';
import { PATHS } from '../paths';
import { AdminShell } from './AdminShell';

/** Which form a failure belongs to, with what was typed and the messages. */
export interface WebinarFormFailure {
  form: 'create' | string;
  values: Record<string, unknown>;
  fieldErrors: FieldErrors;
}

const FIELDS: { name: string; label: string; type: 'text' | 'textarea' | 'datetime-local' | 'url'; required?: boolean }[] = [
  { name: 'title', label: 'Title', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'location', label: 'Location', type: 'text', required: true },
  { name: 'startTime', label: `Starts (${WEBINAR_TIME_ZONE})`, type: 'datetime-local', required: true },
  { name: 'endTime', label: `Ends (${WEBINAR_TIME_ZONE})`, type: 'datetime-local', required: true },
  { name: 'joinUrl', label: 'Join link', type: 'url' },
  { name: 'recordingUrl', label: 'Recording link', type: 'url' },
];

const action = (intent: string, id?: string) => `${PATHS.adminWebinars}?${new URLSearchParams(id ? { intent, id } : { intent })}`;

function storedValues(webinar: Webinar): Record<string, string> {
  return {
    title: webinar.title,
    description: webinar.description,
    location: webinar.location,
    startTime: utcToCoachLocal(webinar.startTime),
    endTime: utcToCoachLocal(webinar.endTime),
    joinUrl: webinar.joinUrl ?? '',
    recordingUrl: webinar.recordingUrl ?? '',
  };
}

function WebinarFields({ prefix, values, errors }: { prefix: string; values: Record<string, unknown>; errors: FieldErrors }) {
  return (
    <>
      {FIELDS.map((field) => {
        const id = `${prefix}-${field.name}`;
        const message = errors[field.name]?.[0];
        const value = typeof values[field.name] === 'string' ? (values[field.name] as string) : '';
        const common = {
          id,
          name: field.name,
          defaultValue: value,
          required: field.required,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': message ? `${id}-error` : undefined,
        };
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>{field.label}</label>
            {field.type === 'textarea' ? <textarea rows={2} maxLength={2000} {...common} /> : <input type={field.type} {...common} />}
            {message && (
              <p className="field-error" id={`${id}-error`}>
                {message}
              </p>
            )}
          </div>
        );
      })}
    </>
  );
}

/** 'Tue 11/11 · 6:00 PM PST' in the coaches' zone: day and time from one formatting. */
function SessionStart({ startTime, now }: { startTime: string; now: Date }) {
  const { day, time } = webinarLabels(startTime, now);
  return `${day} · ${time}`;
}

export function AdminWebinarsPage({
  webinars,
  failure,
  now = new Date(),
}: {
  webinars: Webinar[];
  failure?: WebinarFormFailure;
  now?: Date;
}) {
  const errorsFor = (form: string) => (failure?.form === form ? failure.fieldErrors : {});
  const valuesFor = (form: string, fallback: Record<string, unknown>) => (failure?.form === form ? failure.values : fallback);
  return (
    <AdminShell active="webinars">
      <h1 className="page-title">Webinars</h1>
      <p className="muted">
        Times are in {WEBINAR_TIME_ZONE}. Upcoming sessions show on the dashboard, in the webinar dialog and in the calendar file; past ones
        on Replays.
      </p>
      <details className="card" open={failure?.form === 'create' || webinars.length === 0}>
        <summary className="card-title">Add a session</summary>
        <form method="post" action={action('create')} className="form">
          <WebinarFields prefix="new" values={valuesFor('create', { location: 'Online (Zoom link TBD)' })} errors={errorsFor('create')} />
          <button type="submit" className="button button-primary">
            Add Session
          </button>
        </form>
      </details>
      {webinars.length === 0 && <p>No sessions yet.</p>}
      <ul className="webinar-admin-list">
        {webinars.map((webinar) => (
          <li key={webinar.id} className="card">
            <details open={failure?.form === webinar.id}>
              <summary>
                <strong>
                  <SessionStart startTime={webinar.startTime} now={now} />
                </strong>{' '}
                — {webinar.title}
                {Date.parse(webinar.endTime) <= now.getTime() && <span className="badge">Past</span>}
              </summary>
              <form method="post" action={action('update', webinar.id)} className="form">
                <WebinarFields
                  prefix={`w-${webinar.id}`}
                  values={valuesFor(webinar.id, storedValues(webinar))}
                  errors={errorsFor(webinar.id)}
                />
                <button type="submit" className="button button-primary">
                  Save Session
                </button>
              </form>
              <form method="post" action={action('delete', webinar.id)} className="form remove-form">
                <label className="checkbox">
                  <input type="checkbox" name="confirm" value="remove" required /> Yes, remove this session
                </label>
                <button type="submit" className="button button-destructive">
                  Remove Session
                </button>
              </form>
            </details>
          </li>
        ))}
      </ul>
    </AdminShell>
  );
}
