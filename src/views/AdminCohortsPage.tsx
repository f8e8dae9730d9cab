// /admin/cohorts (docs/product.md#cohorts): every cohort with its dates, state, seats, waitlist and
// figures; 'New cohort' with its weekly webinar; each cohort's edit form and 'Close enrolment' /
// 'Open enrolment'. Plain form posts to this page's own address, so it works without JavaScript.
import type { AdminCohort } from '../data/cohort-admin';
import { COHORT_CAPACITY_MAX, COHORT_NAME_MAX, cohortLastDay } from '../domain/cohorts';
import type { FieldErrors } from '../domain/field-errors';
import { formatCalendarDay } from '../domain/time-zone';
import { WEBINAR_TIME_ZONE, webinarLabels } from '../domain/webinars';
import { PATHS } from '../paths';
import { AdminShell } from './AdminShell';
import { FieldMessage } from './FieldMessage';
import { TableHead } from './TableHead';

/** Which form a failure belongs to ('create' or a cohort's id), with what was typed and the messages. */
export interface CohortFormFailure {
  form: string;
  values: Record<string, unknown>;
  fieldErrors: FieldErrors;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const STATE_WORDS = { upcoming: 'Upcoming', running: 'Running', finished: 'Finished' } as const;
const STATE_BADGES = { upcoming: 'badge', running: 'badge badge-success', finished: 'badge badge-neutral' } as const;

const cohortFormAction = (intent: 'create' | 'update' | 'enrolment', id?: string) =>
  `${PATHS.adminCohorts}?${new URLSearchParams(id ? { intent, id } : { intent })}`;

const text = (values: Record<string, unknown>, name: string, fallback = '') => {
  const value = values[name];
  return typeof value === 'string' ? value : fallback;
};

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

function CohortFields({ prefix, values, errors }: { prefix: string; values: Record<string, unknown>; errors: FieldErrors }) {
  const field = (name: string) => ({
    id: `${prefix}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${prefix}-${name}-error` : undefined,
  });
  const ticked = (name: string) => values[name] === 'on' || values[name] === true;
  return (
    <>
      <div className="field">
        <label htmlFor={`${prefix}-name`}>Name</label>
        <input
          {...field('name')}
          type="text"
          defaultValue={text(values, 'name')}
          required
          maxLength={COHORT_NAME_MAX}
          placeholder="January 2027"
        />
        <FieldMessage id={`${prefix}-name-error`} messages={errors.name} />
      </div>
      <div className="cohort-form-row">
        <div className="field">
          <label htmlFor={`${prefix}-startDate`}>Start date ({WEBINAR_TIME_ZONE})</label>
          <input {...field('startDate')} type="date" defaultValue={text(values, 'startDate')} required />
          <FieldMessage id={`${prefix}-startDate-error`} messages={errors.startDate} />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-capacity`}>Capacity (empty: no limit)</label>
          <input
            {...field('capacity')}
            type="number"
            min={1}
            max={COHORT_CAPACITY_MAX}
            step={1}
            inputMode="numeric"
            defaultValue={text(values, 'capacity')}
          />
          <FieldMessage id={`${prefix}-capacity-error`} messages={errors.capacity} />
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-pacing`}>Pacing</label>
          <select {...field('pacing')} defaultValue={text(values, 'pacing', 'weekly')}>
            <option value="weekly">Weekly: a session a week</option>
            <option value="self-paced">Self-paced</option>
          </select>
          <FieldMessage id={`${prefix}-pacing-error`} messages={errors.pacing} />
        </div>
      </div>
      <label className="checkbox">
        <input type="checkbox" name="enrolmentOpen" defaultChecked={ticked('enrolmentOpen')} /> Enrolment open
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="defaultForSignUps"
          defaultChecked={ticked('defaultForSignUps')}
          aria-describedby={errors.defaultForSignUps ? `${prefix}-defaultForSignUps-error` : undefined}
        />{' '}
        Default for new sign-ups
      </label>
      <FieldMessage id={`${prefix}-defaultForSignUps-error`} messages={errors.defaultForSignUps} />
    </>
  );
}

function WebinarFields({ values, errors }: { values: Record<string, unknown>; errors: FieldErrors }) {
  const webinars = (values.webinars ?? {}) as Record<string, unknown>;
  const weekdayError = errors['webinars.weekday']?.[0];
  const timeError = errors['webinars.time']?.[0];
  return (
    <fieldset className="cohort-webinars">
      <legend>Weekly webinar</legend>
      <p className="muted">Four webinars, one in each week of the cohort; edit them afterwards on the Webinars page.</p>
      <div className="cohort-form-row">
        <div className="field">
          <label htmlFor="new-webinar-weekday">Weekday</label>
          <select
            id="new-webinar-weekday"
            name="webinars.weekday"
            defaultValue={text(webinars, 'weekday', '2')}
            aria-invalid={weekdayError ? true : undefined}
            aria-describedby={weekdayError ? 'new-webinar-weekday-error' : undefined}
          >
            <option value="">No webinars</option>
            {WEEKDAYS.map((day, i) => (
              <option key={day} value={String(i)}>
                {day}
              </option>
            ))}
          </select>
          <FieldMessage id="new-webinar-weekday-error" messages={errors['webinars.weekday']} />
        </div>
        <div className="field">
          <label htmlFor="new-webinar-time">Time ({WEBINAR_TIME_ZONE})</label>
          <input
            id="new-webinar-time"
            name="webinars.time"
            type="time"
            defaultValue={text(webinars, 'time', '18:00')}
            aria-invalid={timeError ? true : undefined}
            aria-describedby={timeError ? 'new-webinar-time-error' : undefined}
          />
          <FieldMessage id="new-webinar-time-error" messages={errors['webinars.time']} />
        </div>
      </div>
    </fieldset>
  );
}

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
                  <a href={`#cohort-${cohort.id}`} className="break-anywhere">
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
                <EnrolmentButton cohort={cohort} />
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
  failure,
}: {
  cohorts: AdminCohort[];
  /** The coaches' day. */
  today: string;
  now?: Date;
  failure?: CohortFormFailure;
}) {
  const year = today.slice(0, 4);
  const errorsFor = (form: string) => (failure?.form === form ? failure.fieldErrors : {});
  const valuesFor = (form: string, fallback: Record<string, unknown>) => (failure?.form === form ? failure.values : fallback);
  return (
    <AdminShell active="cohorts">
      <div className="page-header">
        <div>
          <h1 className="page-title">Cohorts</h1>
          <p className="page-subtitle">
            Dates are days in {WEBINAR_TIME_ZONE}. A cohort is upcoming before its start, running for its four weeks, then finished. Seats
            and the waitlist count everyone in it now; Session 4 and the wheel gain count its participants (latest wheel total minus the
            first, averaged over those with two wheels).
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
      <h2 className="section-title cohort-edit-title">Edit a cohort</h2>
      <ul className="webinar-admin-list">
        {cohorts.map((cohort) => (
          <li key={cohort.id} className="card" id={`cohort-${cohort.id}`}>
            <details open={failure?.form === cohort.id}>
              <summary>
                <strong className="break-anywhere">{cohort.name}</strong>{' '}
                <span className="muted">
                  · <Dates cohort={cohort} year={year} />
                </span>
              </summary>
              <form method="post" action={cohortFormAction('update', cohort.id)} className="form cohort-form">
                <CohortFields prefix={`c-${cohort.id}`} values={valuesFor(cohort.id, storedValues(cohort))} errors={errorsFor(cohort.id)} />
                <div>
                  <button type="submit" className="button button-primary">
                    Save Cohort
                  </button>
                </div>
              </form>
              <p className="muted cohort-webinar-line">
                {cohort.webinars.length === 0
                  ? 'No webinars.'
                  : `Webinars: ${cohort.webinars
                      .map((w) => {
                        const { day, time } = webinarLabels(w.startTime, now);
                        return `${day} ${time}`;
                      })
                      .join(' · ')}`}{' '}
                <a href={PATHS.adminWebinars}>Edit on the Webinars page</a>
              </p>
            </details>
          </li>
        ))}
      </ul>
    </AdminShell>
  );
}
