// The upcoming webinar series as an iCalendar file (Apple and Download in the webinar dialog).
// Times go out in UTC ('...Z'), as they are stored, so every calendar app converts them itself.
import { createEvents, type DateArray, type EventAttributes, isValidURL } from 'ics';
import { plainText, singleLine, withoutControls } from './text';
import type { Webinar } from './webinars';

// `ics` exports the URL check it applies (its own pattern) but leaves it out of its types.
declare module 'ics' {
  export function isValidURL(url: string): boolean;
}

export interface CalendarFileOptions {
  productName: string;
  productSlug: string;
}

function utcDateArray(iso: string): DateArray {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new Error(`Invalid webinar time: ${iso}`);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];
}

/**
 * The join link as a URL property: only a web address, serialised by the URL parser (which drops
 * tabs and line ends and escapes the other controls), and only one `ics` accepts, so an odd link
 * costs its URL line, never the whole file.
 */
function webAddress(link: string | null): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(withoutControls(link).trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return isValidURL(url.href) ? url.href : null;
}

function eventOf(
  webinar: Pick<Webinar, 'id' | 'title' | 'description' | 'location' | 'startTime' | 'endTime' | 'joinUrl'>,
  options: CalendarFileOptions,
): EventAttributes {
  const url = webAddress(webinar.joinUrl);
  return {
    // Stable per session, so re-importing the file updates events instead of duplicating them.
    uid: `${webinar.id}@${options.productSlug}`,
    // `ics` escapes LF (and ; , \) but would write a bare CR, VT, NEL, U+2028… as they are: every
    // text is cleaned here too, whatever the schema let in before (src/domain/text.ts).
    title: singleLine(webinar.title),
    description: plainText(webinar.description).replace(/\t/g, ' '),
    location: singleLine(webinar.location),
    ...(url ? { url } : {}),
    start: utcDateArray(webinar.startTime),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcDateArray(webinar.endTime),
    endInputType: 'utc',
    endOutputType: 'utc',
  };
}

/** The iCalendar text for `upcoming` (pass only sessions that have not ended). Throws on bad times. */
export function calendarFile(upcoming: readonly Webinar[], options: CalendarFileOptions): string {
  const events: EventAttributes[] = upcoming.map((webinar) => eventOf(webinar, options));
  const { error, value } = createEvents(events, {
    productId: `${options.productName}/webinars`,
    method: 'PUBLISH',
    calName: `${options.productName} Coaching Webinars`,
  });
  if (error || !value) throw new Error(`Could not build the calendar file: ${error?.message ?? 'no output'}`);
  return value;
}

/** A session as the private feed knows it: the admin's edits counted (SEQUENCE) and dated. */
export interface FeedWebinar extends Webinar {
  sequence: number;
  updatedAt: string | null;
}

/** A removed session, remembered until it would have ended. */
export interface CancelledWebinar {
  id: string;
  title: string;
  location: string;
  startTime: string;
  endTime: string;
  sequence: number;
  cancelledAt: string;
}

/**
 * The private calendar feed (docs/product.md#reminders-and-mail): the upcoming sessions with the
 * same UIDs as the calendar file, SEQUENCE and LAST-MODIFIED from the admin's edits, and removed
 * sessions as STATUS:CANCELLED with a higher SEQUENCE, so subscribed calendars update or drop them.
 */
export function calendarFeed(
  upcoming: readonly FeedWebinar[],
  cancelled: readonly CancelledWebinar[],
  options: CalendarFileOptions,
): string {
  const modified = (iso: string | null): EventAttributes['lastModified'] => {
    const ms = iso ? Date.parse(iso) : NaN;
    return Number.isFinite(ms) ? Math.floor(ms / 1000) * 1000 : undefined;
  };
  const events: EventAttributes[] = [
    ...upcoming.map((webinar): EventAttributes => {
      const lastModified = modified(webinar.updatedAt);
      return {
        ...eventOf(webinar, options),
        sequence: webinar.sequence,
        status: 'CONFIRMED',
        ...(lastModified ? { lastModified } : {}),
      } as EventAttributes;
    }),
    ...cancelled.map((webinar): EventAttributes => {
      const lastModified = modified(webinar.cancelledAt);
      return {
        ...eventOf({ ...webinar, description: '', joinUrl: null }, options),
        title: `Cancelled: ${singleLine(webinar.title)}`,
        sequence: webinar.sequence,
        status: 'CANCELLED',
        ...(lastModified ? { lastModified } : {}),
      } as EventAttributes;
    }),
  ];
  if (events.length === 0) {
    // `ics` refuses an empty list; a calendar with no events is still a calendar.
    return [
      `BEGIN:VCALENDAR`,
      `VERSION:2.0`,
      `PRODID:${options.productName}/webinars`,
      `METHOD:PUBLISH`,
      `X-WR-CALNAME:${options.productName} Coaching Webinars`,
      `END:VCALENDAR`,
      '',
    ].join('\r\n');
  }
  const { error, value } = createEvents(events, {
    productId: `${options.productName}/webinars`,
    method: 'PUBLISH',
    calName: `${options.productName} Coaching Webinars`,
  });
  if (error || !value) throw new Error(`Could not build the calendar feed: ${error?.message ?? 'no output'}`);
  return value;
}
