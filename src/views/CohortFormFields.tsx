// The fields of /admin/cohorts' forms (docs/product.md#cohorts): a cohort's own (name, start date,
// capacity, pacing, enrolment, default for sign-ups) and the new cohort's weekly webinar.
import { use } from 'react';
import { COHORT_CAPACITY_MAX, COHORT_NAME_MAX } from '../domain/cohorts';
import type { FieldErrors } from '../domain/field-errors';
import { FieldMessage } from './FieldMessage';
import { FrameContext } from './frame-context';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const text = (values: Record<string, unknown>, name: string, fallback = '') => {
  const value = values[name];
  return typeof value === 'string' ? value : fallback;
};

export function CohortFields({ prefix, values, errors }: { prefix: string; values: Record<string, unknown>; errors: FieldErrors }) {
  const { coachZone } = use(FrameContext);
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
          <label htmlFor={`${prefix}-startDate`}>Start date ({coachZone})</label>
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

export function WebinarFields({ values, errors }: { values: Record<string, unknown>; errors: FieldErrors }) {
  const webinars = (values.webinars ?? {}) as Record<string, unknown>;
  const weekdayError = errors['webinars.weekday']?.[0];
  const timeError = errors['webinars.time']?.[0];
  const { coachZone } = use(FrameContext);
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
          <label htmlFor="new-webinar-time">Time ({coachZone})</label>
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
