// /admin/cohorts (docs/product.md#cohorts): every cohort with its dates, state, seats, waitlist and
// figures; 'New cohort' with its weekly webinar; 'Close enrolment' / 'Open enrolment' and 'Edit' on
// each, the edit form of the one asked (?edit=ID) below the table. Plain form posts to this page's
// own address, so it works without JavaScript.
import { use } from 'react';
import type { AdminCohort } from '../data/cohort-admin';
import { cohortLastDay } from '../domain/cohorts';
import type { FieldErrors } from '../domain/field-errors';
import { formatCalendarDay } from '../domain/time-zone';
import { webinarLabels } from '../domain/webinars';
import { deskPath, PATHS } from '../paths';
import { AdminShell } from './AdminShell';
import { CohortFields, WebinarFields } from './CohortFormFields';
import { FrameContext } from './frame-context';
import { TableHead } from './TableHead';

/** Which form a failure belongs to ('create' or a cohort's id), with what was typed and the messages. */
export interface CohortFormFailure {
  form: string;
  values: Record<string, unknown>;
  fieldErrors: FieldErrors;
}

const STATE_WORDS = { upcoming: 'Upcoming', running: 'Running', finished: 'Finished' } as const;
const STATE_BADGES = { upcoming: 'badge', running: 'badge badge-success', finished: 'badge badge-neutral' } as const;

const cohortFormAction = (intent: 'create' | 'update' | 'enrolment', id?: string) =>
  `${PATHS.adminCohorts}?${new URLSearchParams(id ? { intent, id } : { intent })}`;

/** The page with one cohort's edit form open (`#edit-cohort`: where it is). */
const cohortEditPath = (id: string) => `${PATHS.adminCohorts}?${new URLSearchParams({ edit: id })}#edit-cohort`;

/** 'Mon, Jan 4 – Sun, Jan 31', the year added where it is not this one. */
function Dates({ cohort, year }: { cohort: AdminCohort; year: string }) {
  return (
    <span>
      <span className="nowrap">{formatCalendarDay(cohort.startDate, year)} –</span>{' '}
      <span className="nowrap">{formatCalendarDay(cohortLastDay(cohort.startDate), year)}</span>
    </span>
  );
}

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
const signed = (gain: number | null) => (gain === null ? '—' : `${gain > 0 ? '+' : ''}${gain.toFixed(1)}`);

function storedValues(cohort: AdminCohort): Record<string, unknown> {
  return {
    name: cohort.name,
    startDate: cohort.startDate,
    capacity: cohort.capacity === null ? '' : String(cohort.capacity),
    pacing: cohort.pacing,
    enrolmentOpen: cohort.enrolmentOpen,
    defaultForSignUps: cohort.defaultForSignUps,
  };
}

function EnrolmentButton({ cohort }: { cohort: AdminCohort }) {
  return (
    <form method="post" action={cohortFormAction('enrolment', cohort.id)}>
      <input type="hidden" name="enrolment" value={cohort.enrolmentOpen ? 'closed' : 'open'} />
      <button
        type="submit"
        className="button button-outline button-small nowrap"
        aria-label={`${cohort.enrolmentOpen ? 'Close' : 'Open'} enrolment of ${cohort.name}`}
      >
        {cohort.enrolmentOpen ? 'Close enrolment' : 'Open enrolment'}
      </button>
    </form>
  );
}

function CohortTable({ cohorts, year }: { cohorts: AdminCohort[]; year: string }) {
  return (
    <div className="table-wrap">
      <table className="table table-cards table-plain cohort-table">
        <TableHead columns={['Cohort', 'Dates', 'State', 'Seats', 'Waitlist', 'Session 4', 'Wheel gain', 'Actions']} />
        <tbody>
          {cohorts.map((cohort) => (
            <tr key={cohort.id}>
              <td data-label="Cohort">
                <div className="cohort-name">
                  <a href={deskPath(cohort.id)} className="break-anywhere">
                    {cohort.name}
                  </a>
                  <span className="muted">{cohort.pacing === 'weekly' ? 'Weekly' : 'Self-paced'}</span>
                  {cohort.defaultForSignUps && <span className="badge badge-success">Default for sign-ups</span>}
                </div>
              </td>
              <td data-label="Dates">
                <Dates cohort={cohort} year={year} />
              </td>
              <td data-label="State">
                <div className="cohort-name">
                  <span className={STATE_BADGES[cohort.state]}>{STATE_WORDS[cohort.state]}</span>
                  <span className="muted">{cohort.enrolmentOpen ? 'Enrolment open' : 'Enrolment closed'}</span>
                </div>
              </td>
              <td data-label="Seats">
                <span>
                  {cohort.seated} / {cohort.capacity ?? 'no limit'}
                </span>
              </td>
              <td data-label="Waitlist">{cohort.waitlisted}</td>
              <td data-label="Session 4">
                <span>
                  {percent(cohort.session4CompletionRate)}{' '}
                  <span className="muted nowrap">
                    ({cohort.completedSession4} of {cohort.participants})
                  </span>
                </span>
              </td>
              <td data-label="Wheel gain">
                <span>
                  {signed(cohort.averageWheelGain)}
                  {cohort.withTwoWheels > 0 && <span className="muted"> ({cohort.withTwoWheels} retook)</span>}
                </span>
              </td>
              <td data-label="Actions">
                <div className="cohort-actions">
                  <EnrolmentButton cohort={cohort} />
                  <a className="button button-outline button-small" href={cohortEditPath(cohort.id)} aria-label={`Edit ${cohort.name}`}>
                    Edit
                  </a>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function AdminCohortsPage({
  cohorts,
  today,
  now = new Date(),
  edit,
  failure,
}: {
  cohorts: AdminCohort[];
  /** The cohort whose edit form is open (?edit=ID, or the one a failed save was for); its webinars are listed with it. */
  edit?: string;
  /** The coaches' day. */
  today: string;
  now?: Date;
  failure?: CohortFormFailure;
}) {
  const year = today.slice(0, 4);
  const { coachZone } = use(FrameContext);
  const errorsFor = (form: string) => (failure?.form === form ? failure.fieldErrors : {});
  const valuesFor = (form: string, fallback: Record<string, unknown>) => (failure?.form === form ? failure.values : fallback);
  const editing = edit ? cohorts.find((cohort) => cohort.id === edit) : undefined;
  return (
    <AdminShell active="cohorts">
      <div className="page-header">
        <div>
          <h1 className="page-title">Cohorts</h1>
          <p className="page-subtitle">
            Dates are days in {coachZone}. A cohort is upcoming before its start, running for its four weeks, then finished. Seats and the
            waitlist count everyone in it now; Session 4 and the wheel gain count its participants (latest wheel total minus the first,
            averaged over those with two wheels).
          </p>
        </div>
        <a className="desk-compare" href={PATHS.adminCohortCompare}>
          Compare cohorts
        </a>
      </div>
      <details className="card cohort-create" open={failure?.form === 'create' || cohorts.length === 0}>
        <summary className="card-title">New cohort</summary>
        <form method="post" action={cohortFormAction('create')} className="form cohort-form">
          <CohortFields prefix="new" values={valuesFor('create', { enrolmentOpen: true })} errors={errorsFor('create')} />
          <WebinarFields values={valuesFor('create', {})} errors={errorsFor('create')} />
          <div>
            <button type="submit" className="button button-primary">
              Create Cohort
            </button>
          </div>
        </form>
      </details>
      {cohorts.length === 0 ? <p>No cohorts yet.</p> : <CohortTable cohorts={cohorts} year={year} />}
      {editing && (
        <section className="card cohort-edit" id="edit-cohort" aria-labelledby="edit-cohort-title">
          <h2 className="card-title break-anywhere" id="edit-cohort-title">
            Edit {editing.name}
          </h2>
          <p className="muted">
            <Dates cohort={editing} year={year} />
          </p>
          <form method="post" action={cohortFormAction('update', editing.id)} className="form cohort-form">
            <CohortFields prefix={`c-${editing.id}`} values={valuesFor(editing.id, storedValues(editing))} errors={errorsFor(editing.id)} />
            <div className="form-actions">
              <button type="submit" className="button button-primary">
                Save Cohort
              </button>
              <a className="button button-outline" href={PATHS.adminCohorts}>
                Cancel
              </a>
            </div>
          </form>
          <p className="muted cohort-webinar-line">
            {editing.webinars.length === 0
              ? 'No webinars.'
              : `Webinars: ${editing.webinars
                  .map((w) => {
                    const { day, time } = webinarLabels(w.startTime, now, coachZone);
                    return `${day} ${time}`;
                  })
                  .join(' · ')}`}{' '}
            <a href={PATHS.adminWebinars}>Edit on the Webinars page</a>
          </p>
        </section>
      )}
    </AdminShell>
  );
}
