// The weekly coaching webinar (docs/product.md#webinars): which sessions are upcoming or past, how
// their times read, and the default weekly schedule (the add-to-calendar links are in
// webinar-schedule.ts). Times are stored in UTC and shown in the viewer's own zone with its name
// (decision 26); the admin schedule is typed and shown in the coaches' zone (COACH_TIME_ZONE,
// America/Los_Angeles unless set; src/server/config.ts).
// Pure: no D1, Hono or React here.
import { PRODUCT_NAME } from './product';
import { normalizeTimeZone } from './time-zone';

/** The coaches' zone when COACH_TIME_ZONE is not set (decision 35). */
export const DEFAULT_COACH_TIME_ZONE = 'America/Los_Angeles';

/**
 * The coaches' zone (decision 35, docs/product.md#cohorts) from the COACH_TIME_ZONE setting:
 * cohort start dates are days in it, and the webinar schedule is typed and shown in it. The
 * Worker refuses to serve with a zone the runtime does not know (src/server/config.ts).
 */
export function coachTimeZone(setting: string | undefined): string {
  return (setting && normalizeTimeZone(setting)) || DEFAULT_COACH_TIME_ZONE;
}

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

/** The default series: Tuesdays, 18:00-19:00 in the coaches' zone. */
const WEBINAR_WEEKDAY = 2;
const WEBINAR_START_HOUR = 18;
const WEBINAR_END_HOUR = 19;
export const WEBINAR_LOCATION = 'Online (Zoom link TBD)';
export const WEEK_DESCRIPTIONS = [
  'Wheel of Truth: score your seven arenas and choose your Keystone.',
  'Break the Chains: name what holds you back.',
  'Fuel & Accelerate: pick the habits that carry you forward.',
  `The ${PRODUCT_NAME} Path: write your 90-day Legacy Map and commit.`,
];

// ---- Formatters -------------------------------------------------------------------------------
// Building an Intl.DateTimeFormat costs far more than using one (a dashboard render used to build
// 24), so each is built once per isolate, on first use, and shared by every call.

// Formatters per zone: the coaches' zone for the admin schedule, the viewer's own for everyone else
// (decision 26). Zones come from user data, so the map is emptied past ZONES_MAX, not grown.
const ZONES_MAX = 50;
const zoneFormatters = new Map<string, ZoneFormatters>();

interface ZoneFormatters {
  parts: Intl.DateTimeFormat;
  /** A session's day and time with the zone's short name: both labels from one formatting. */
  label: Intl.DateTimeFormat;
  long: Intl.DateTimeFormat;
}

function formattersFor(timeZone: string): ZoneFormatters {
  let formatters = zoneFormatters.get(timeZone);
  if (formatters) return formatters;
  if (zoneFormatters.size >= ZONES_MAX) zoneFormatters.clear();
  formatters = {
    // Every calendar field of an instant in the zone, 24-hour clock.
    parts: new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
    label: new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      weekday: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    }),
    long: new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'long' }),
  };
  zoneFormatters.set(timeZone, formatters);
  return formatters;
}

/** A zone Intl does not know (a stale stored value) falls back to the coaches' zone. */
export function knownZone(timeZone: string): string {
  try {
    formattersFor(timeZone);
    return timeZone;
  } catch {
    return DEFAULT_COACH_TIME_ZONE;
  }
}

interface ZonedFields {
  weekday: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function zonedFields(instant: Date, timeZone: string = DEFAULT_COACH_TIME_ZONE): ZonedFields {
  const fields: ZonedFields = { weekday: '', year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formattersFor(knownZone(timeZone)).parts.formatToParts(instant)) {
    if (part.type === 'weekday') fields.weekday = part.value;
    else if (part.type in fields) (fields as unknown as Record<string, number>)[part.type] = Number(part.value);
  }
  return fields;
}

const pad2 = (value: number): string => String(value).padStart(2, '0');

const HOUR_MS = 3_600_000;

/**
 * The year of `instant` in `timeZone`. No zone is more than 14 hours from UTC, so away from New
 * Year it is the UTC year, and only near it is the zone asked (formatting is what a page's webinar
 * labels spend their time on).
 */
export function yearIn(instant: Date, timeZone: string): number {
  const utcYear = instant.getUTCFullYear();
  const fromNewYear = Math.min(instant.getTime() - Date.UTC(utcYear, 0, 1), Date.UTC(utcYear + 1, 0, 1) - instant.getTime());
  return fromNewYear > 14 * HOUR_MS ? utcYear : zonedFields(instant, timeZone).year;
}

const OFFSET_NAME = /^(GMT|UTC)([+\-\u2212]|$)/;
const NARROW_SPACE = /\u202f/g;

export interface WebinarLabels {
  /** 'Tue 11/11', or 'Tue 11/11/2025' when the session is not in the current year (in the zone). */
  day: string;
  /**
   * '6:00 PM PST' ('PDT' in summer) in the coaches' zone, or in the viewer's own: the zone's
   * abbreviation where English has one ('EST', 'GMT'), else its long name ('3:00 AM Central
   * European Standard Time'), never a bare offset ('GMT+1').
   */
  time: string;
}

/** How a session's start reads in `timeZone` (decision 26): its day and its time. */
export function webinarLabels(startTime: string, now: Date = new Date(), timeZone: string = DEFAULT_COACH_TIME_ZONE): WebinarLabels {
  const zone = knownZone(timeZone);
  const formatters = formattersFor(zone);
  const instant = new Date(startTime);
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatters.label.formatToParts(instant)) part[type] = value;
  const day = `${part.weekday} ${part.month}/${part.day}`;
  const name = part.timeZoneName ?? '';
  // A plain space before AM/PM (newer ICU writes a narrow no-break space in its own formats).
  const time =
    OFFSET_NAME.test(name) && name !== 'GMT' && name !== 'UTC'
      ? formatters.long.format(instant).replace(NARROW_SPACE, ' ')
      : `${part.hour}:${part.minute} ${part.dayPeriod} ${name}`;
  return { day: Number(part.year) === yearIn(now, zone) ? day : `${day}/${part.year}`, time };
}

// ---- Upcoming and past ------------------------------------------------------------------------

const endMs = (webinar: Webinar): number => Date.parse(webinar.endTime);
const startMs = (webinar: Webinar): number => Date.parse(webinar.startTime);

/** Sessions that have not ended yet (one in progress still counts), soonest first. */
export function upcomingWebinars(list: readonly Webinar[], now: Date): Webinar[] {
  return list.filter((w) => endMs(w) > now.getTime()).sort((a, b) => startMs(a) - startMs(b));
}

/** Sessions that have ended, newest first (the /replays page). */
export function pastWebinars(list: readonly Webinar[], now: Date): Webinar[] {
  return list.filter((w) => endMs(w) <= now.getTime()).sort((a, b) => startMs(b) - startMs(a));
}

// ---- The default weekly series ----------------------------------------------------------------

/** A weekly webinar's title: 'Life7 Coaching Webinar - Week 2'. */
export function webinarTitle(week: number): string {
  return `${PRODUCT_NAME} Coaching Webinar - Week ${week}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** How far the coaches' wall clock is ahead of UTC at `instant` (negative in America). */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const f = zonedFields(new Date(instant), timeZone);
  const wall = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of a wall-clock time in `timeZone` (DST-aware). */
function zonedToUtc(year: number, month: number, day: number, hour: number, minute = 0, timeZone = DEFAULT_COACH_TIME_ZONE): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const guess = wall - zoneOffsetMs(wall, timeZone);
  // A second pass settles the offset when the first guess fell on the other side of a DST change.
  return wall - zoneOffsetMs(guess, timeZone);
}

/**
 * The next `count` weekly sessions, Tuesdays 18:00-19:00 America/Los_Angeles, shaped like a row of
 * the webinars table. Today counts while its session has not ended (same rule as upcomingWebinars).
 */
export function nextTuesdaySessions(now: Date, count = 4): Webinar[] {
  const today = zonedFields(now);
  // Calendar arithmetic on a zone-free date (UTC midnight), so a 23- or 25-hour day cannot skew it.
  const todayMs = Date.UTC(today.year, today.month - 1, today.day);
  let ahead = (WEBINAR_WEEKDAY - WEEKDAYS.indexOf(today.weekday) + 7) % 7;
  const endsOn = (date: Date): number => zonedToUtc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), WEBINAR_END_HOUR);
  if (ahead === 0 && endsOn(new Date(todayMs)) <= now.getTime()) ahead = 7;

  return Array.from({ length: count }, (_, i) => {
    const date = new Date(todayMs + (ahead + 7 * i) * DAY_MS);
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    return {
      id: `webinar-${y}-${pad2(m)}-${pad2(d)}`,
      title: webinarTitle(i + 1),
      description: WEEK_DESCRIPTIONS[i % WEEK_DESCRIPTIONS.length]!,
      location: WEBINAR_LOCATION,
      startTime: new Date(zonedToUtc(y, m, d, WEBINAR_START_HOUR)).toISOString(),
      endTime: new Date(zonedToUtc(y, m, d, WEBINAR_END_HOUR)).toISOString(),
      joinUrl: null,
      recordingUrl: null,
    };
  });
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value ('2026-12-01T18:00') read as the wall clock of `timeZone` (the coaches'), as a UTC ISO
 * string; null when it is not a real date and time.
 */
export function coachLocalToUtc(local: string, timeZone: string): string | null {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return null;
  const [y, m, d, h, min] = match.slice(1).map(Number) as [number, number, number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d, h, min));
  if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d || h > 23 || min > 59 || y < 2000 || y > 2100) return null;
  return new Date(zonedToUtc(y, m, d, h, min, timeZone)).toISOString();
}

/** A stored UTC time as the coaches' wall clock, for a `datetime-local` field. */
export function utcToCoachLocal(iso: string, timeZone: string): string {
  const f = zonedFields(new Date(iso), timeZone);
  return `${f.year}-${pad2(f.month)}-${pad2(f.day)}T${pad2(f.hour)}:${pad2(f.minute)}`;
}
