// /admin/webinars (docs/product.md#webinars): one cohort's sessions at a time (decision 37), a
// selector to pick the cohort, and add, edit and remove. Plain form posts to this page's own
// address, so it works without JavaScript; times are the coaches' wall clock.

import { use } from 'react';
import type { ScheduleCohort } from '../data/webinars';
import { standingText } from '../domain/cohorts';
import type { FieldErrors } from '../domain/field-errors';
import { calendarDay, formatCalendarDay } from '../domain/time-zone';
import { utcToCoachLocal, type Webinar, webinarLabels } from '../domain/webinars';
import { PATHS } from '../paths';
import { AdminShell } from './AdminShell';
import { CohortPicker } from './CohortPicker';
import { FrameContext } from './frame-context';

/** Which form a failure belongs to, with what was typed and the messages. */
export interface WebinarFormFailure {
  form: 'create' | string;
  values: Record<string, unknown>;
  fieldErrors: FieldErrors;
}

/** The schedule of one cohort (none: the one shown first). */
export function scheduleAddress(cohortId: string | null): string {
  return cohortId ? `${PATHS.adminWebinars}?${new URLSearchParams({ cohort: cohortId })}` : PATHS.adminWebinars;
}

const FIELDS: { name: string; label: string; type: 'text' | 'textarea' | 'datetime-local' | 'url'; required?: boolean }[] = [
  { name: 'title', label: 'Title', type: 'text', required: true },
  { name: 'description', label: 'Description', type: 'textarea' },
  { name: 'location', label: 'Location', type: 'text', required: true },
  { name: 'startTime', label: 'Starts', type: 'datetime-local', required: true },
  { name: 'endTime', label: 'Ends', type: 'datetime-local', required: true },
  { name: 'joinUrl', label: 'Join link', type: 'url' },
  { name: 'recordingUrl', label: 'Recording link', type: 'url' },
];

/** A form's address: its intent, the session it edits, and the cohort shown (a refused form comes back to it). */
const action = (intent: string, cohortId: string, id?: string) =>
  `${PATHS.adminWebinars}?${new URLSearchParams(id ? { intent, id, cohort: cohortId } : { intent, cohort: cohortId })}`;

type ScheduledWebinar = Webinar & { cohortId: string | null };

function storedValues(webinar: ScheduledWebinar, coachZone: string): Record<string, string> {
  return {
    cohortId: webinar.cohortId ?? '',
    title: webinar.title,
    description: webinar.description,
    location: webinar.location,
    startTime: utcToCoachLocal(webinar.startTime, coachZone),
    endTime: utcToCoachLocal(webinar.endTime, coachZone),
    joinUrl: webinar.joinUrl ?? '',
    recordingUrl: webinar.recordingUrl ?? '',
  };
}

/** 'January 2027 · starts Tue, Jan 12': a cohort as the selectors name it. */
function cohortLabel(cohort: ScheduleCohort, currentYear: string): string {
  return `${cohort.name} · starts ${formatCalendarDay(cohort.startDate, currentYear)}`;
}

function WebinarFields({
  prefix,
  values,
  errors,
  cohorts,
  currentYear,
}: {
  prefix: string;
  values: Record<string, unknown>;
  errors: FieldErrors;
  cohorts: ScheduleCohort[];
  currentYear: string;
}) {
  const described = (name: string) => {
    const id = `${prefix}-${name}`;
    const message = errors[name]?.[0];
    return {
      id,
      message,
      common: {
        id,
        name,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': message ? `${id}-error` : undefined,
      },
    };
  };
  const error = (id: string, message: string | undefined) =>
    message && (
      <p className="field-error" id={`${id}-error`}>
        {message}
      </p>
    );
  const cohort = described('cohortId');
  const { coachZone } = use(FrameContext);
  return (
    <>
      <div className="field webinar-cohort-field">
        <label htmlFor={cohort.id}>Cohort</label>
        <select {...cohort.common} required defaultValue={typeof values.cohortId === 'string' ? values.cohortId : ''}>
          {cohorts.map((item) => (
            <option key={item.id} value={item.id}>
              {cohortLabel(item, currentYear)}
            </option>
          ))}
        </select>
        {error(cohort.id, cohort.message)}
      </div>
      {FIELDS.map((field) => {
        const { id, message, common } = described(field.name);
        const value = typeof values[field.name] === 'string' ? (values[field.name] as string) : '';
        const props = { ...common, defaultValue: value, required: field.required };
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>{field.type === 'datetime-local' ? `${field.label} (${coachZone})` : field.label}</label>
            {field.type === 'textarea' ? <textarea rows={2} maxLength={2000} {...props} /> : <input type={field.type} {...props} />}
            {error(id, message)}
          </div>
        );
      })}
    </>
  );
}

/** 'Tue 11/11 · 6:00 PM PST' in the coaches' zone: day and time from one formatting. */
function SessionStart({ startTime, now }: { startTime: string; now: Date }) {
  const { day, time } = webinarLabels(startTime, now, use(FrameContext).coachZone);
  return `${day} · ${time}`;
}

export function AdminWebinarsPage({
  cohorts,
  cohort,
  webinars,
  failure,
  now = new Date(),
}: {
  /** Every cohort a session may belong to, the latest to start first. */
  cohorts: ScheduleCohort[];
  /** The cohort whose sessions are listed; null when there is none. */
  cohort: ScheduleCohort | null;
  webinars: ScheduledWebinar[];
  failure?: WebinarFormFailure;
  now?: Date;
}) {
  const errorsFor = (form: string) => (failure?.form === form ? failure.fieldErrors : {});
  const valuesFor = (form: string, fallback: Record<string, unknown>) => (failure?.form === form ? failure.values : fallback);
  const { coachZone } = use(FrameContext);
  const today = calendarDay(now, coachZone);
  const currentYear = today.slice(0, 4);
  return (
    <AdminShell active="webinars">
      <h1 className="page-title">Webinars</h1>
      <p className="muted">
        Each session belongs to a cohort: its participants see it on the dashboard, in the webinar dialog, in their calendar and in their
        reminders, and on Replays once it is over. Times are in {coachZone}.
      </p>
      {cohort === null ? (
        <p>No cohorts yet: sessions belong to a cohort, so create one first.</p>
      ) : (
        <>
          <CohortPicker
            action={PATHS.adminWebinars}
            selectId="schedule-cohort"
            className="schedule-picker"
            shownId={cohort.id}
            options={cohorts.map((item) => ({ id: item.id, label: cohortLabel(item, currentYear) }))}
          />
          <div className="schedule-cohort">
            <h2 className="section-title">{cohort.name}</h2>
            <p className="muted">{standingText({ ...cohort, pacing: 'self-paced' }, today)}</p>
          </div>
          <details className="card" open={failure?.form === 'create' || webinars.length === 0}>
            <summary className="card-title">Add a session</summary>
            <form method="post" action={action('create', cohort.id)} className="form">
              <WebinarFields
                prefix="new"
                values={valuesFor('create', { cohortId: cohort.id, location: 'Online (Zoom link TBD)' })}
                errors={errorsFor('create')}
                cohorts={cohorts}
                currentYear={currentYear}
              />
              <button type="submit" className="button button-primary">
                Add Session
              </button>
            </form>
          </details>
          {webinars.length === 0 && <p>No sessions in {cohort.name} yet.</p>}
          <ul className="webinar-admin-list" aria-label={`Sessions of ${cohort.name}`}>
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
                  <form method="post" action={action('update', cohort.id, webinar.id)} className="form">
                    <WebinarFields
                      prefix={`w-${webinar.id}`}
                      values={valuesFor(webinar.id, storedValues(webinar, coachZone))}
                      errors={errorsFor(webinar.id)}
                      cohorts={cohorts}
                      currentYear={currentYear}
                    />
                    <button type="submit" className="button button-primary">
                      Save Session
                    </button>
                  </form>
                  <form method="post" action={action('delete', cohort.id, webinar.id)} className="form remove-form">
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
        </>
      )}
    </AdminShell>
  );
}
