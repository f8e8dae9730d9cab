// A new cohort's webinar series (decision 37, docs/product.md#cohorts): four webinars, one in each
// of the cohort's four weeks, on the weekday and at the time the coach chose, in the coaches' zone
// (DST-aware), an hour long, with the weekly titles and descriptions of the default series. The
// coach edits them afterwards on /admin/webinars like any other. Pure.
import type { WebinarSlot } from './cohort-schema';
import { COHORT_WEEKS } from './cohorts';
import { addDays } from './time-zone';
import { coachLocalToUtc, WEBINAR_LOCATION, WEEK_DESCRIPTIONS, webinarTitle } from './webinars';

const HOUR_MS = 3_600_000;

/** A webinar row of a new cohort, without its id. */
export interface CohortWebinar {
  title: string;
  description: string;
  location: string;
  startTime: string;
  endTime: string;
}

/** 0 Sunday .. 6 Saturday: the weekday of a calendar day. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The day of week `week` (1 to 4) of a cohort starting on `startDate` that falls on `weekday`. */
export function webinarDay(startDate: string, week: number, weekday: number): string {
  return addDays(startDate, 7 * (week - 1) + ((weekday - weekdayOf(startDate) + 7) % 7));
}

/** The four webinars, week 1 to 4, as UTC times. */
export function cohortWebinarSeries(startDate: string, slot: WebinarSlot, coachZone: string): CohortWebinar[] {
  return Array.from({ length: COHORT_WEEKS }, (_, i) => {
    const day = webinarDay(startDate, i + 1, slot.weekday);
    const start = coachLocalToUtc(`${day}T${slot.time}`, coachZone);
    if (start === null) throw new RangeError(`Not a webinar time: ${day} ${slot.time}`);
    return {
      title: webinarTitle(i + 1),
      description: WEEK_DESCRIPTIONS[i % WEEK_DESCRIPTIONS.length]!,
      location: WEBINAR_LOCATION,
      startTime: start,
      endTime: new Date(Date.parse(start) + HOUR_MS).toISOString(),
    };
  });
}
