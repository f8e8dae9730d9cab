// The weekly coaching webinar: how its times read and the add-to-calendar links.
// Times are stored in UTC and shown in the coaches' zone, America/Los_Angeles.
export const WEBINAR_TIME_ZONE = 'America/Los_Angeles';

export interface Webinar {
  id: string;
  title: string;
  description: string;
  location: string;
  startTime: string;
  endTime: string;
  joinUrl: string | null;
  recordingUrl: string | null;
}

/** 'Tue 11/11' */
export function webinarDay(startTime: string): string {
  const date = new Date(startTime);
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: WEBINAR_TIME_ZONE }).format(date);
  const day = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', timeZone: WEBINAR_TIME_ZONE }).format(date);
  return `${weekday} ${day}`;
}

/** '6:00 PM PST' */
export function webinarTime(startTime: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: WEBINAR_TIME_ZONE,
    timeZoneName: 'short',
  }).format(new Date(startTime));
}

function compactUtc(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Google Calendar: the first session, repeating weekly for every session in the series. */
export function googleCalendarUrl(series: readonly Webinar[]): string | null {
  const first = series[0];
  if (!first) return null;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: first.title.replace(/ - Week \d+$/, ''),
    dates: `${compactUtc(first.startTime)}/${compactUtc(first.endTime)}`,
    details: first.description,
    location: first.location,
    recur: `RRULE:FREQ=WEEKLY;COUNT=${series.length}`,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Outlook: a prefilled compose link for the first session. */
export function outlookCalendarUrl(series: readonly Webinar[]): string | null {
  const first = series[0];
  if (!first) return null;
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: first.title.replace(/ - Week \d+$/, ''),
    startdt: new Date(first.startTime).toISOString(),
    enddt: new Date(first.endTime).toISOString(),
    body: first.description,
    location: first.location,
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}
