// The upcoming webinar series as an iCalendar file (Apple and Download in the webinar dialog).
// Times go out in UTC ('...Z'), as they are stored, so every calendar app converts them itself.
import { createEvents, type DateArray, type EventAttributes } from 'ics';
import type { Webinar } from './webinars';

export interface CalendarFileOptions {
  productName: string;
  productSlug: string;
}

function utcDateArray(iso: string): DateArray {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new Error(`Invalid webinar time: ${iso}`);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
}

/** The iCalendar text for `upcoming` (pass only sessions that have not ended). Throws on bad data. */
export function calendarFile(upcoming: readonly Webinar[], options: CalendarFileOptions): string {
  const events: EventAttributes[] = upcoming.map((webinar) => ({
    // Stable per session, so re-importing the file updates events instead of duplicating them.
    uid: `${webinar.id}@${options.productSlug}`,
    title: webinar.title,
    description: webinar.description,
    location: webinar.location,
    ...(webinar.joinUrl ? { url: webinar.joinUrl } : {}),
    start: utcDateArray(webinar.startTime),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcDateArray(webinar.endTime),
    endInputType: 'utc',
    endOutputType: 'utc',
  }));
  const { error, value } = createEvents(events, {
    productId: `${options.productName}/webinars`,
    method: 'PUBLISH',
    calName: `${options.productName} Coaching Webinars`,
  });
  if (error || !value) throw new Error(`Could not build the calendar file: ${error?.message ?? 'no output'}`);
  return value;
}
