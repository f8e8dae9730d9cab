// Daily check-ins (docs/product.md#check-ins): a mood from 1 to 10, a
// Drift Moments text and a Win of the Day text, one per calendar day in the user's time zone.
// The schema validates the JSON API and, through conform (which turns form strings into numbers
// and empty fields into undefined), the HTML form post and the island.
import * as z from 'zod/mini';
import { actionsFormField, actionsJsonField } from './practice-schema';
import { addDays, browserTimeZoneField, formatCalendarDay, isCalendarDay } from './time-zone';

export const MOOD_MIN = 1;
export const MOOD_MAX = 10;
export const MOOD_DEFAULT = 5;
/** The words at the two ends of the mood row, in the app, the one-tap page and the reminder mail. */
export const MOOD_LOW_LABEL = `${MOOD_MIN} = Low`;
export const MOOD_HIGH_LABEL = `${MOOD_MAX} = High`;
/** Every mood, lowest first: the row's ten choices. */
export const MOODS: readonly number[] = Array.from({ length: MOOD_MAX - MOOD_MIN + 1 }, (_, i) => MOOD_MIN + i);
export const CHECK_IN_TEXT_MAX = 2000;
/** How many past check-ins the page lists. */
export const RECENT_CHECK_INS = 14;

export const CHECK_IN_MESSAGES = {
  mood: `Mood must be a whole number from ${MOOD_MIN} to ${MOOD_MAX}`,
  drift: 'Drift Moments must be text',
  win: 'Win of the Day must be text',
  tooLong: `Please use at most ${CHECK_IN_TEXT_MAX} characters`,
  day: 'That day is over: check in for today',
} as const;
const M = CHECK_IN_MESSAGES;

/** Optional text, stored trimmed; a missing or blank field is ''. */
function note(typeMessage: string) {
  return z._default(z.string({ error: typeMessage }).check(z.trim(), z.maxLength(CHECK_IN_TEXT_MAX, M.tooLong)), '');
}

const checkInFields = {
  // z.int refuses fractions, NaN, Infinity, strings, arrays and objects with this one message.
  mood: z.int({ error: M.mood }).check(z.gte(MOOD_MIN, M.mood), z.lte(MOOD_MAX, M.mood)),
  drift: note(M.drift),
  win: note(M.win),
  /**
   * The browser's zone. The day follows the zone saved in Settings (decision 38): a different zone
   * here is never saved; the page offers the switch instead.
   */
  timeZone: browserTimeZoneField,
  /** The day the form names (YYYY-MM-DD): today or yesterday in the saved zone (checkInDay). */
  day: z.optional(z.string({ error: M.day }).check(z.refine(isCalendarDay, M.day))),
};

/** POST /api/check-ins: `actions: [{ accelerator, done }]` once Session 3 is done (src/domain/practice.ts). */
export const checkInSchema = z.object({ ...checkInFields, actions: actionsJsonField });

/** The check-in form: a daily action's 'Not today' posts no value, which is false. */
export const checkInFormSchema = z.object({ ...checkInFields, actions: actionsFormField });

export type CheckInPayload = z.output<typeof checkInSchema>;

/**
 * The day a check-in is saved for: the day the form named when it is today or yesterday in the
 * saved zone (a form opened before midnight and sent after it), else null; without one, today.
 */
export function checkInDay(named: string | undefined, today: string): string | null {
  if (named === undefined) return today;
  return named === today || named === addDays(today, -1) ? named : null;
}

/** A check-in as the pages and the export show it. */
export interface CheckIn {
  /** Calendar day (YYYY-MM-DD) in the user's time zone. */
  date: string;
  mood: number;
  drift: string;
  win: string;
  /** The day's answers to the daily actions (decision 38), with the action's words of that day. */
  actions?: { accelerator: string; dailyAction: string; done: boolean }[];
}

/**
 * Consecutive check-in days ending today or yesterday (docs/product.md#check-ins): a streak survives
 * until the end of the day after the last check-in, so it does not read 0 each morning.
 * `days` may be in any order and repeat; days after `today` (possible after the user moves to a
 * zone further west) are ignored rather than breaking the count.
 */
export function checkInStreak(days: readonly string[], today: string): number {
  const set = new Set(days.filter(isCalendarDay));
  const yesterday = addDays(today, -1);
  let day = set.has(today) ? today : set.has(yesterday) ? yesterday : null;
  let streak = 0;
  while (day !== null && set.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** The streak line of the check-ins page and the summary. */
export function streakLabel(streak: number): string {
  return streak > 0 ? `🔥 ${streak}-day streak` : 'No streak yet — check in today to start one';
}

/** 'N days' / '1 day', as the summary shows the streak. */
export function streakDays(streak: number): string {
  return `${streak} ${streak === 1 ? 'day' : 'days'}`;
}

/** 'Today', 'Yesterday', else 'Sat, Nov 21' (with the year when it is not this year). */
export function describeDay(day: string, today: string): string {
  if (day === today) return 'Today';
  if (isCalendarDay(today) && day === addDays(today, -1)) return 'Yesterday';
  return formatCalendarDay(day, today.slice(0, 4));
}

/** 'x/10' */
export function formatMood(mood: number): string {
  return `${mood}/${MOOD_MAX}`;
}
