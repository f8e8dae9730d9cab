import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { cohortChangeSchema, cohortEditFormSchema, moveToCohortSchema, newCohortFormSchema, newCohortSchema } from './cohort-schema';
import { issuesToFieldErrors } from './field-errors';

const valid = { name: '  January 2027 ', startDate: '2027-01-04', pacing: 'weekly', enrolmentOpen: true };
const errors = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : issuesToFieldErrors(parsed.error.issues);
};

describe('a new cohort', () => {
  it('takes the fields of the API, trimmed, with no limit and not the default unless said', () => {
    expect(newCohortSchema.parse(valid)).toEqual({
      name: 'January 2027',
      startDate: '2027-01-04',
      capacity: null,
      pacing: 'weekly',
      enrolmentOpen: true,
      defaultForSignUps: false,
      webinars: undefined,
    });
    expect(
      newCohortSchema.parse({ ...valid, capacity: 2, defaultForSignUps: true, webinars: { weekday: 2, time: '18:00' } }),
    ).toMatchObject({
      capacity: 2,
      defaultForSignUps: true,
      webinars: { weekday: 2, time: '18:00' },
    });
  });

  it('refuses each bad field with its message', () => {
    expect(errors(newCohortSchema, { ...valid, startDate: '2027-02-30' })).toEqual({
      startDate: ['Enter the start date as a calendar date, like 2027-01-04'],
    });
    expect(Object.keys(errors(newCohortSchema, { ...valid, startDate: 'next monday' }))).toEqual(['startDate']);
    expect(errors(newCohortSchema, { ...valid, name: 'x'.repeat(81) })).toEqual({ name: ['Name must be at most 80 characters'] });
    expect(errors(newCohortSchema, { ...valid, name: '   ' })).toEqual({ name: ['Name is required'] });
    expect(errors(newCohortSchema, { ...valid, pacing: 'monthly' })).toEqual({ pacing: ['Pacing must be weekly or self-paced'] });
    for (const capacity of [0, -1, 1.5, 100_001, '2'])
      expect(Object.keys(errors(newCohortSchema, { ...valid, capacity })), String(capacity)).toEqual(['capacity']);
    expect(Object.keys(errors(newCohortSchema, { ...valid, webinars: { weekday: 7, time: '24:00' } }))).toEqual([
      'webinars.weekday',
      'webinars.time',
    ]);
    expect(Object.keys(errors(newCohortSchema, { name: 'x' }))).toEqual(['startDate', 'pacing', 'enrolmentOpen']);
  });

  it('reads the create form: blank capacity is no limit, ticks are true, no weekday is no webinars', () => {
    expect(
      newCohortFormSchema.parse({ name: 'Jan', startDate: '2027-01-04', capacity: '', pacing: 'weekly', webinars: { time: '18:00' } }),
    ).toEqual({ name: 'Jan', startDate: '2027-01-04', capacity: null, pacing: 'weekly', enrolmentOpen: false, defaultForSignUps: false });
    expect(
      newCohortFormSchema.parse({
        name: 'Jan',
        startDate: '2027-01-04',
        capacity: '2',
        pacing: 'self-paced',
        enrolmentOpen: 'on',
        defaultForSignUps: 'on',
        webinars: { weekday: '2', time: '18:30' },
      }),
    ).toMatchObject({ capacity: 2, enrolmentOpen: true, defaultForSignUps: true, webinars: { weekday: 2, time: '18:30' } });
    expect(Object.keys(errors(newCohortFormSchema, { name: 'Jan', startDate: '2027-01-04', capacity: 'lots', pacing: 'weekly' }))).toEqual([
      'capacity',
    ]);
  });
});

describe('a change to a cohort', () => {
  it('takes any of the fields, null capacity removing the limit, and refuses nothing at all', () => {
    expect(cohortChangeSchema.parse({ capacity: null })).toEqual({ capacity: null });
    expect(cohortChangeSchema.parse({ enrolmentOpen: false })).toEqual({ enrolmentOpen: false });
    expect(errors(cohortChangeSchema, {})).toEqual({ '': ['Send at least one field to change'] });
    expect(Object.keys(errors(cohortChangeSchema, { pacing: 'x', startDate: '2027-13-01' }))).toEqual(['startDate', 'pacing']);
  });

  it('reads the edit form as every field sent', () => {
    expect(cohortEditFormSchema.parse({ name: 'Jan', startDate: '2027-01-04', pacing: 'weekly' })).toEqual({
      name: 'Jan',
      startDate: '2027-01-04',
      capacity: null,
      pacing: 'weekly',
      enrolmentOpen: false,
      defaultForSignUps: false,
    });
  });

  it('moves need a cohort id', () => {
    expect(errors(moveToCohortSchema, { cohortId: ' ' })).toEqual({ cohortId: ['Choose a cohort'] });
    expect(moveToCohortSchema.parse({ cohortId: 'abc' })).toEqual({ cohortId: 'abc' });
  });
});
