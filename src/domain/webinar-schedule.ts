// The webinar schedule as a page shows it (docs/product.md#webinars): each upcoming session's day
// and time in the viewer's zone, and the add-to-calendar links, made without a server call
// (docs/product.md#json-api). Pure: no D1, Hono or React here.
import { knownZone, type Webinar, type WebinarLabels, webinarLabels, yearIn } from './webinars';

// ---- Calendar links ----------------------------------------------------------------------------

/** '20251112T020000Z': the UTC form calendar links expect. */
function compactUtc(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** One event stands for the whole weekly series, so it drops the 'Week N' suffix. */
function seriesTitle(webinar: Webinar): string {
  return webinar.title.replace(/ - Week \d+$/, '');
}

/** Google Calendar: the first upcoming session, repeating weekly once per upcoming session. */
export function googleCalendarUrl(upcoming: readonly Webinar[]): string | null {
  const first = upcoming[0];
  if (!first) return null;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: seriesTitle(first),
    dates: `${compactUtc(first.startTime)}/${compactUtc(first.endTime)}`,
    details: first.description,
    location: first.location,
    recur: `RRULE:FREQ=WEEKLY;COUNT=${upcoming.length}`,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Outlook: a prefilled compose link for the first upcoming session. */
export function outlookCalendarUrl(upcoming: readonly Webinar[]): string | null {
  const first = upcoming[0];
  if (!first) return null;
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: seriesTitle(first),
    startdt: new Date(first.startTime).toISOString(),
    enddt: new Date(first.endTime).toISOString(),
    body: first.description,
    location: first.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}

// ---- The schedule as a page shows it ---------------------------------------------------------

export interface WebinarScheduleView {
  /** Each upcoming session's labels in the viewer's zone, soonest first. */
  sessions: ({ id: string } & WebinarLabels)[];
  google: string;
  outlook: string;
}

// Every page's frame shows the schedule (the webinar dialog) and the dashboard shows it twice, and
// its labels cost an Intl formatting each: the view is kept per isolate for the same sessions,
// zone and year. The key holds everything the view is made of, so an admin's edit is a new key;
// keys come from user data (the zone), so the map is emptied past SCHEDULES_MAX, not grown.
const SCHEDULES_MAX = 50;
const schedules = new Map<string, WebinarScheduleView | null>();

/** The upcoming sessions' labels and calendar links, or null when none is upcoming. */
export function webinarSchedule(upcoming: readonly Webinar[], now: Date, timeZone: string): WebinarScheduleView | null {
  const zone = knownZone(timeZone);
  const key = JSON.stringify([
    zone,
    yearIn(now, zone),
    upcoming.map((w) => [w.id, w.title, w.description, w.location, w.startTime, w.endTime]),
  ]);
  let view = schedules.get(key);
  if (view !== undefined) return view;
  const google = googleCalendarUrl(upcoming);
  const outlook = outlookCalendarUrl(upcoming);
  view =
    google && outlook ? { sessions: upcoming.map((w) => ({ id: w.id, ...webinarLabels(w.startTime, now, zone) })), google, outlook } : null;
  if (schedules.size >= SCHEDULES_MAX) schedules.clear();
  schedules.set(key, view);
  return view;
}
