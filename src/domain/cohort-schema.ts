// What an admin may save as a cohort (decision 35, docs/product.md#cohorts): the JSON API's bodies
// (POST and PATCH /api/admin/cohorts, POST /api/admin/users/:id/cohort) and the /admin/cohorts
// forms, which post strings and checkboxes and are turned into the same shape before the same
// checks, so a message reads the same in both. Server-only (no island sends these), so classic zod.
import * as z from 'zod';
import { COHORT_CAPACITY_MAX, COHORT_NAME_MAX, COHORT_PACINGS } from './cohorts';
import { singleLine } from './text';
import { isCalendarDay } from './time-zone';

const COHORT_MESSAGES = {
  name: 'Name is required',
  nameMax: `Name must be at most ${COHORT_NAME_MAX} characters`,
  startDate: 'Enter the start date as a calendar date, like 2027-01-04',
  capacity: `Capacity must be a whole number from 1 to ${COHORT_CAPACITY_MAX}, or empty for no limit`,
  pacing: 'Pacing must be weekly or self-paced',
  enrolmentOpen: 'enrolmentOpen must be true or false',
  defaultForSignUps: 'defaultForSignUps must be true or false',
  weekday: 'Choose a weekday (0 is Sunday, 6 Saturday)',
  time: 'Enter a time of day like 18:00',
  empty: 'Send at least one field to change',
  cohortId: 'Choose a cohort',
} as const;

/** 'HH:MM', 00:00 to 23:59. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

const name = z
  .string({ error: COHORT_MESSAGES.name })
  .overwrite(singleLine)
  .trim()
  .min(1, COHORT_MESSAGES.name)
  .max(COHORT_NAME_MAX, COHORT_MESSAGES.nameMax);

// Years 2000 to 2099: a typo like 20277 or 0027 is no cohort anyone runs.
const startDate = z
  .string({ error: COHORT_MESSAGES.startDate })
  .trim()
  .refine((value) => isCalendarDay(value) && value >= '2000-01-01' && value <= '2099-12-31', COHORT_MESSAGES.startDate);

const capacity = z
  .number({ error: COHORT_MESSAGES.capacity })
  .int(COHORT_MESSAGES.capacity)
  .min(1, COHORT_MESSAGES.capacity)
  .max(COHORT_CAPACITY_MAX, COHORT_MESSAGES.capacity)
  .nullable();

const pacing = z.enum(COHORT_PACINGS, { error: COHORT_MESSAGES.pacing });

/** The weekly webinar a new cohort's four are made from: a weekday (0 Sunday .. 6 Saturday) and a time, in the coaches' zone. */
const webinars = z.object(
  {
    weekday: z
      .number({ error: COHORT_MESSAGES.weekday })
      .int(COHORT_MESSAGES.weekday)
      .min(0, COHORT_MESSAGES.weekday)
      .max(6, COHORT_MESSAGES.weekday),
    time: z.string({ error: COHORT_MESSAGES.time }).regex(TIME_OF_DAY, COHORT_MESSAGES.time),
  },
  { error: 'webinars must be { weekday, time }' },
);
export type WebinarSlot = z.output<typeof webinars>;

/** POST /api/admin/cohorts. */
export const newCohortSchema = z.object({
  name,
  startDate,
  capacity: capacity.optional().transform((value) => value ?? null),
  pacing,
  enrolmentOpen: z.boolean({ error: COHORT_MESSAGES.enrolmentOpen }),
  defaultForSignUps: z.boolean({ error: COHORT_MESSAGES.defaultForSignUps }).optional().default(false),
  webinars: webinars.optional(),
});
export type NewCohortInput = z.output<typeof newCohortSchema>;

/** PATCH /api/admin/cohorts/:id: any of the same fields; `capacity: null` removes the limit. */
export const cohortChangeSchema = z
  .object({
    name: name.optional(),
    startDate: startDate.optional(),
    capacity: capacity.optional(),
    pacing: pacing.optional(),
    enrolmentOpen: z.boolean({ error: COHORT_MESSAGES.enrolmentOpen }).optional(),
    defaultForSignUps: z.boolean({ error: COHORT_MESSAGES.defaultForSignUps }).optional(),
    webinars: webinars.optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), COHORT_MESSAGES.empty);
export type CohortChange = z.output<typeof cohortChangeSchema>;

// ---- The /admin/cohorts forms ----------------------------------------------------------------
// A form posts text: a blank capacity is no limit, a ticked box is 'on', an unticked one nothing,
// and 'No webinars' leaves the weekday blank. Each is read into the JSON shape, then checked by it.

const text = z.string().optional();
const numberOrBlank = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : Number(value));

const formFields = {
  name: text,
  startDate: text,
  capacity: text,
  pacing: text,
  enrolmentOpen: text,
  defaultForSignUps: text,
};

/** The create form; its webinar fields are `webinars.weekday` (blank: none) and `webinars.time`. */
export const newCohortFormSchema = z.pipe(
  z
    .object({ ...formFields, webinars: z.object({ weekday: text, time: text }).optional() })
    // unknown: the checks that follow type it.
    .transform((form): unknown => ({
      name: form.name ?? '',
      startDate: form.startDate ?? '',
      capacity: numberOrBlank(form.capacity),
      pacing: form.pacing,
      enrolmentOpen: form.enrolmentOpen === 'on',
      defaultForSignUps: form.defaultForSignUps === 'on',
      webinars:
        form.webinars?.weekday === undefined || form.webinars.weekday === ''
          ? undefined
          : { weekday: Number(form.webinars.weekday), time: form.webinars.time ?? '' },
    })),
  newCohortSchema,
);

/** A cohort's edit form: every field is sent, so an unticked box is false and a blank capacity no limit. */
export const cohortEditFormSchema = z.pipe(
  z.object(formFields).transform((form): unknown => ({
    name: form.name ?? '',
    startDate: form.startDate ?? '',
    capacity: numberOrBlank(form.capacity),
    pacing: form.pacing,
    enrolmentOpen: form.enrolmentOpen === 'on',
    defaultForSignUps: form.defaultForSignUps === 'on',
  })),
  cohortChangeSchema,
);

/** 'Close enrolment' / 'Open enrolment': one hidden field. */
export const enrolmentFormSchema = z.pipe(
  z
    .object({ enrolment: z.enum(['open', 'closed'], { error: 'Say open or closed' }) })
    .transform((form): unknown => ({ enrolmentOpen: form.enrolment === 'open' })),
  cohortChangeSchema,
);

/** POST /api/admin/users/:id/cohort, and the participant page's 'Move to cohort' form. */
export const moveToCohortSchema = z.object({
  cohortId: z.string({ error: COHORT_MESSAGES.cohortId }).trim().min(1, COHORT_MESSAGES.cohortId).max(64, COHORT_MESSAGES.cohortId),
});
