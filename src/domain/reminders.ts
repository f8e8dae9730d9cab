// Reminder schedules (docs/product.md#reminders-and-mail): a daily check-in reminder at a local
// time in 15-minute steps, sent in the 15-minute window of the Cron Trigger that holds that local
// time in the participant's zone, daylight-saving changes included; webinar reminders 24 hours
// before a session. Everything is computed from the instant given (a run's scheduledTime), never
// the wall clock. Pure.
import * as z from 'zod/mini';
import { addDays, calendarDay, DEFAULT_TIME_ZONE } from './time-zone';

const REMINDER_STEP_MINUTES = 15;
const STEP_MS = REMINDER_STEP_MINUTES * 60 * 1000;
const MINUTES_PER_DAY = 24 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The check-in reminder's time until the participant picks one: 20:00. */
export const DEFAULT_CHECK_IN_MINUTE = 20 * 60;
/** How long before a webinar starts its reminder goes out. */
const WEBINAR_REMINDER_LEAD_MS = DAY_MS;

export interface ReminderWindow {
  start: Date;
  end: Date;
}

/** The 15-minute window (UTC-aligned, like the cron) that holds `at`: [start, end). */
export function reminderWindow(at: Date): ReminderWindow {
  const start = Math.floor(at.getTime() / STEP_MS) * STEP_MS;
  return { start: new Date(start), end: new Date(start + STEP_MS) };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' for minutes after midnight. */
export function formatLocalTime(minute: number): string {
  return `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`;
}

/** Minutes after midnight for 'HH:MM' on a 15-minute step, else null. */
export function parseLocalTime(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute % REMINDER_STEP_MINUTES === 0 ? minute : null;
}

/** Every choice for the Settings list: 00:00, 00:15, ... 23:45. */
export function localTimeChoices(): string[] {
  return Array.from({ length: MINUTES_PER_DAY / REMINDER_STEP_MINUTES }, (_, i) => formatLocalTime(i * REMINDER_STEP_MINUTES));
}

/** '8:00 PM' for 20:00. */
export function localTimeLabel(minute: number): string {
  const hour = Math.floor(minute / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad2(minute % 60)} ${hour < 12 ? 'AM' : 'PM'}`;
}

const LOCAL_TIME_MESSAGE = 'Choose a time on the quarter hour, like 20:00 or 07:15';

export const remindersSchema = z.object({
  checkIn: z.object({
    enabled: z.boolean({ error: 'checkIn.enabled must be true or false' }),
    localTime: z.pipe(
      z.string({ error: LOCAL_TIME_MESSAGE }),
      z.transform((value, ctx) => {
        const minute = parseLocalTime(value);
        if (minute !== null) return minute;
        ctx.issues.push({ code: 'custom', message: LOCAL_TIME_MESSAGE, input: value });
        return z.NEVER;
      }),
    ),
  }),
  webinars: z.object({ enabled: z.boolean({ error: 'webinars.enabled must be true or false' }) }),
});
export type RemindersInput = z.output<typeof remindersSchema>;

/** The Settings form: checkboxes send 'on' or nothing; the time comes from the list. */
export const remindersFormSchema = z.pipe(
  z.pipe(
    z.object({
      checkInEnabled: z.optional(z.string()),
      localTime: z.optional(z.string()),
      webinarsEnabled: z.optional(z.string()),
    }),
    z.transform((form) => ({
      checkIn: { enabled: form.checkInEnabled === 'on', localTime: form.localTime ?? formatLocalTime(DEFAULT_CHECK_IN_MINUTE) },
      webinars: { enabled: form.webinarsEnabled === 'on' },
    })),
  ),
  remindersSchema,
);

// ---- Local wall-clock times in any zone ---------------------------------------------------------

const FORMATTERS_MAX = 50;
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    if (formatters.size >= FORMATTERS_MAX) formatters.clear();
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const f: Record<string, number> = {};
  for (const part of wallFormatter(timeZone).formatToParts(new Date(instant)))
    if (part.type !== 'literal') f[part.type] = Number(part.value);
  return Date.UTC(f.year!, f.month! - 1, f.day!, f.hour!, f.minute!, f.second!);
}

/**
 * The UTC instant of local `minute` on `day` in `timeZone`. A time that does not exist (the hour
 * skipped when clocks go forward) counts as that much later (02:30 becomes 03:30), and a time that
 * happens twice (clocks go back) is the first, as calendar apps and Temporal's 'compatible' do.
 */
export function localToUtc(day: string, minute: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minute);
  // The zone's offset a day either side: at most one change lies between.
  const before = wall - (wallClock(wall - DAY_MS, timeZone) - (wall - DAY_MS));
  const after = wall - (wallClock(wall + DAY_MS, timeZone) - (wall + DAY_MS));
  const fits = [before, after].filter((instant) => wallClock(instant, timeZone) === wall);
  if (fits.length > 0) return new Date(Math.min(...fits));
  return new Date(Math.max(before, after));
}

/** The first occurrence of local `minute` at or after `from`, and the local day it falls on. */
export function nextCheckInDue(timeZone: string, minute: number, from: Date): { dueAt: Date; day: string } {
  let day = addDays(calendarDay(from, timeZone), -1);
  for (let i = 0; i < 4; i++, day = addDays(day, 1)) {
    const dueAt = localToUtc(day, minute, timeZone);
    if (dueAt.getTime() >= from.getTime()) return { dueAt, day };
  }
  throw new RangeError('No next occurrence found');
}

/**
 * The local day whose check-in reminder falls in `window`, or null when none does: the reminder
 * for day D is due at local `minute` on D, and goes out in the window that holds that instant.
 */
export function checkInDayInWindow(timeZone: string, minute: number, window: ReminderWindow): string | null {
  const today = calendarDay(window.start, timeZone);
  for (const day of [addDays(today, -1), today, addDays(today, 1)]) {
    const due = localToUtc(day, minute, timeZone).getTime();
    if (due >= window.start.getTime() && due < window.end.getTime()) return day;
  }
  return null;
}

/** The webinars whose reminder falls in `window` start in this range: 24 hours later. */
export function webinarReminderRange(window: ReminderWindow): { from: Date; to: Date } {
  return {
    from: new Date(window.start.getTime() + WEBINAR_REMINDER_LEAD_MS),
    to: new Date(window.end.getTime() + WEBINAR_REMINDER_LEAD_MS),
  };
}

/** 'Tuesday, December 1, 6:00 PM EST': a webinar's start in the participant's zone, named. */
export function startInZone(startTime: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  // Built from the parts: ICU versions join date and time differently (', ' or ' at ').
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  for (const part of format.formatToParts(new Date(startTime))) if (part.type !== 'literal') parts[part.type] = part.value;
  return `${parts.weekday}, ${parts.month} ${parts.day}, ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`;
}
