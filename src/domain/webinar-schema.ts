// What an admin may save as a webinar (docs/product.md#webinars): times are typed in the coaches'
// zone and stored in UTC; links must be web addresses; each belongs to a cohort (decision 37).
import * as z from 'zod';
import { plainText, singleLine, withoutControls } from './text';
import { coachLocalToUtc } from './webinars';

/** A web address a URL parser (and so a calendar app) accepts, with a host. */
function isWebAddress(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

// Every text here reaches the calendar file and the pages: controls and odd line ends are
// cleaned first (src/domain/text.ts). A link loses its invisible controls, but a line end inside
// it (read as a space) makes it no web address.
const link = z
  .string()
  .overwrite((value) => withoutControls(value.replace(/[\r\n\u0085\u2028\u2029]/g, ' ')))
  .trim()
  .max(500, 'Links must be at most 500 characters')
  .refine((value) => value === '' || isWebAddress(value), 'Enter a web address starting with https://')
  // A blank field arrives as undefined from a form (conform) and as '' from JSON: both mean none.
  .optional()
  .transform((value) => value || null);

const wallClock = (message: string, coachZone: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const utc = coachLocalToUtc(value, coachZone);
    if (utc !== null) return utc;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** Cohort ids are generated (src/data/ids.ts) or short names like 'founding'. */
const COHORT_ID_MAX = 64;

/** The webinar form, its times read in the coaches' zone (COACH_TIME_ZONE). */
export const webinarSchema = (coachZone: string) =>
  z
    .object({
      // Decision 37: every webinar belongs to a cohort; the route answers 404 for one that does not exist.
      cohortId: z.string({ error: 'Choose a cohort' }).trim().min(1, 'Choose a cohort').max(COHORT_ID_MAX, 'Choose a cohort from the list'),
      title: z
        .string({ error: 'Title is required' })
        .overwrite(singleLine)
        .trim()
        .min(1, 'Title is required')
        .max(200, 'Title must be at most 200 characters'),
      description: z.string().overwrite(plainText).trim().max(2000, 'Description must be at most 2000 characters').default(''),
      location: z
        .string({ error: 'Location is required' })
        .overwrite(singleLine)
        .trim()
        .min(1, 'Location is required')
        .max(200, 'Location must be at most 200 characters'),
      startTime: wallClock('Choose a start date and time', coachZone),
      endTime: wallClock('Choose an end date and time', coachZone),
      joinUrl: link,
      recordingUrl: link,
    })
    .refine((value) => value.endTime > value.startTime, { message: 'The end must be after the start', path: ['endTime'] });
export type WebinarInput = z.output<ReturnType<typeof webinarSchema>>;
