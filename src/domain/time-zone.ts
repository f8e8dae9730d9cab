// Calendar days in a user's time zone (docs/product.md#check-ins: one check-in per calendar day where
// the user lives). Days travel as 'YYYY-MM-DD' strings; arithmetic on them never involves a zone,
// so a 23- or 25-hour day at a daylight-saving change cannot skip or repeat a date.
import * as z from 'zod/mini';

/** Used when a user has no valid zone of their own: the coaches' zone. */
export const DEFAULT_TIME_ZONE = 'America/Los_Angeles';

/** IANA names are short ('America/Argentina/ComodRivadavia' is among the longest). */
const TIME_ZONE_MAX = 64;
/** Letters first, then the characters IANA names use: refuses offsets ('+05:00') and junk. */
const TIME_ZONE_PATTERN = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

// Building an Intl.DateTimeFormat costs far more than using one, so each zone's is kept; zones
// come from user data, so the map is emptied past FORMATTERS_MAX rather than growing.
const FORMATTERS_MAX = 50;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Throws RangeError for a zone Intl does not know. */
function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (formatter) return formatter;
  if (dayFormatters.size >= FORMATTERS_MAX) dayFormatters.clear();
  formatter = newDayFormatter(timeZone);
  dayFormatters.set(timeZone, formatter);
  return formatter;
}

function newDayFormatter(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    calendar: 'gregory',
    numberingSystem: 'latn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
}

/** The kept formatter of a zone Intl knows, in any spelling; null for anything else. */
function knownZoneFormatter(value: unknown): Intl.DateTimeFormat | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > TIME_ZONE_MAX || !TIME_ZONE_PATTERN.test(value)) return null;
  try {
    return dayFormatter(value);
  } catch {
    return null;
  }
}

/**
 * The zone's canonical IANA name ('america/new_york' → 'America/New_York'), or null when the value
 * is not a zone Intl knows. Store this rather than what the browser sent.
 */
export function normalizeTimeZone(value: unknown): string | null {
  return knownZoneFormatter(value)?.resolvedOptions().timeZone ?? null;
}

/** A zone Intl knows, in any spelling ('america/new_york' too). Kept formatters make a repeat cheap. */
export function isTimeZone(value: unknown): value is string {
  return knownZoneFormatter(value) !== null;
}

/** The zone a user's days are counted in: the one their browser last sent, else the coaches' zone. */
export function userTimeZone(stored: string | null | undefined): string {
  return isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}

/** A real Gregorian date written 'YYYY-MM-DD' ('2026-02-30' is not one). */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && !Number.isNaN(dayMs(value));
}

/** The UTC midnight of a 'YYYY-MM-DD' day, or NaN when the text is not a real date. */
function dayMs(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) return NaN;
  const y = Number(match[1]);
  const m = Number(match[2]);
  const d = Number(match[3]);
  const ms = Date.UTC(y, m - 1, d);
  const date = new Date(ms);
  // Date.UTC rolls '02-30' over into March, and maps years 0-99 to 1900-1999: both fail here.
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? ms : NaN;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

// Formatting a day costs a fraction of a millisecond (formatToParts) and a page asks for the same
// zone's day several times, so each zone's last answer is kept for its minute. Every zone's day
// starts on a whole minute since 1972 (offsets have been whole minutes since Liberia's -0:44:30
// ended that year), so an instant in the same minute has the same day; older instants are
// worked out every time.
const MINUTE_MS = 60 * 1000;
const WHOLE_MINUTE_OFFSETS_FROM = Date.UTC(1973, 0, 1);
const lastDays = new Map<string, { minute: number; day: string }>();

/**
 * The calendar day ('YYYY-MM-DD') that `instant` falls on in `timeZone`.
 * Throws RangeError for an invalid date or an unknown zone (check zones with isTimeZone first).
 */
export function calendarDay(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  if (Number.isNaN(ms)) throw new RangeError('Invalid date');
  const minute = Math.floor(ms / MINUTE_MS);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  const day = formatDay(instant, timeZone);
  if (ms >= WHOLE_MINUTE_OFFSETS_FROM) {
    if (lastDays.size >= FORMATTERS_MAX) lastDays.clear();
    lastDays.set(timeZone, { minute, day });
  }
  return day;
}

function formatDay(instant: Date, timeZone: string): string {
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of dayFormatter(timeZone).formatToParts(instant)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function dayToUtcMs(day: string): number {
  const ms = dayMs(day);
  if (Number.isNaN(ms)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return ms;
}

// A day's first instant costs a search of about 27 formatToParts, and the same few are asked for
// on every request (a cohort's end of week 4 on the dashboard); a zone's day always starts at the
// same instant, so the answers are kept, and the map emptied past DAY_STARTS_MAX.
const DAY_STARTS_MAX = 500;
const dayStarts = new Map<string, number>();

/**
 * The first instant of `day` in `timeZone` (its local midnight, or the moment a clock change
 * skipping midnight starts it). Every zone's midnight lies within 15 hours of UTC's.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const key = `${timeZone} ${day}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return new Date(known);
  let before = dayToUtcMs(day) - 15 * 60 * 60 * 1000;
  let from = dayToUtcMs(day) + 15 * 60 * 60 * 1000;
  while (from - before > 1) {
    const mid = Math.floor((before + from) / 2);
    // formatDay, not calendarDay: these instants would push the zone's current minute out of lastDays.
    if (formatDay(new Date(mid), timeZone) >= day) from = mid;
    else before = mid;
  }
  if (dayStarts.size >= DAY_STARTS_MAX) dayStarts.clear();
  dayStarts.set(key, from);
  return new Date(from);
}

/** `day` moved by `n` whole days (negative goes back): plain calendar arithmetic. */
export function addDays(day: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError('Days must be a whole number');
  const moved = new Date(dayToUtcMs(day) + n * DAY_MS);
  return `${pad(moved.getUTCFullYear(), 4)}-${pad(moved.getUTCMonth() + 1, 2)}-${pad(moved.getUTCDate(), 2)}`;
}

/** Whole days from `from` to `to` ('2026-03-07' → '2026-03-09' is 2). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayToUtcMs(to) - dayToUtcMs(from)) / DAY_MS);
}

// The names en-US gives days and months: a calendar day's label needs no zone and no Intl (a page
// labels up to 30 days, and Intl's formatting is what it would spend its time on).
const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Sun, Nov 23, 2025'; without the year when it is `currentYear` ('Mon, Nov 23'), as the
 * webinar dates read (docs/product.md#webinars). The same text as Intl's en-US format.
 */
export function formatCalendarDay(day: string, currentYear?: string): string {
  const date = new Date(dayToUtcMs(day));
  const label = `${WEEKDAY_NAMES[date.getUTCDay()]}, ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}`;
  return day.slice(0, 4) === currentYear ? label : `${label}, ${date.getUTCFullYear()}`;
}

/**
 * The day an instant (an ISO timestamp) falls on in `timeZone`, written as formatCalendarDay
 * writes it ('Tue, Nov 3'); null when the timestamp or the zone is unreadable.
 */
export function formatInstantDay(iso: string, timeZone: string, currentYear?: string): string | null {
  try {
    return formatCalendarDay(calendarDay(new Date(iso), timeZone), currentYear);
  } catch {
    return null;
  }
}

/**
 * The zone a browser reports (sign-up, check-ins): not something the user can fix, so anything that
 * is not a zone is dropped, never an error.
 */
export const browserTimeZoneField = z.catch(
  z.pipe(
    z.optional(z.string()),
    z.transform((value) => normalizeTimeZone(value) ?? undefined),
  ),
  undefined,
);

const TIME_ZONE_UNKNOWN = 'Choose a time zone from the list';

/** The zone a user picks in Settings: here a wrong value is a message. */
export const timeZoneSchema = z.object({
  timeZone: z.pipe(
    z.string({ error: TIME_ZONE_UNKNOWN }),
    z.transform((value, ctx) => {
      const zone = normalizeTimeZone(value);
      if (zone !== null) return zone;
      ctx.issues.push({ code: 'custom', message: TIME_ZONE_UNKNOWN, input: value });
      return z.NEVER;
    }),
  ),
});

let choices: string[] | undefined;

/** Every zone this runtime knows, for the Settings list (built once per isolate). */
export function timeZoneChoices(): string[] {
  choices ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC', DEFAULT_TIME_ZONE])].sort();
  return choices;
}
