// Progress over time beside the strict streak (docs/product.md#check-ins): a consistency score in
// the manner of Loop Habit Tracker's habit strength. (The calendar is src/domain/mood-calendar.ts.)
// Pure: days are 'YYYY-MM-DD' strings in the user's zone.
import { addDays, daysBetween, isCalendarDay } from './time-zone';

/**
 * How much of each day's check-in (or miss) the score takes in: Loop Habit Tracker's multiplier
 * for a daily habit, 0.5^(1/13), so a day's weight halves after 13 days.
 */
export const CONSISTENCY_DECAY = 0.5 ** (1 / 13);

/**
 * The consistency score, 0 to 100: an exponential moving average of check-in days, from the first
 * check-in to the last day that can count. Each day, score = score × decay + (checked ? 1 − decay : 0),
 * so a missed day dents it and does not wipe it, and a run of days builds it up slowly (a week of
 * daily check-ins gives 31; four weeks, 78). Today counts once it has a check-in; until then the score
 * runs to yesterday, so it does not drop each morning (as the streak survives a day).
 * `days` may be in any order and repeat; days after `today` are ignored.
 */
export function consistencyScore(days: readonly string[], today: string): number {
  if (!isCalendarDay(today)) return 0;
  const checked = new Set(days.filter((day) => isCalendarDay(day) && day <= today));
  if (checked.size === 0) return 0;
  const first = [...checked].sort()[0]!;
  const last = checked.has(today) ? today : addDays(today, -1);
  // Each check-in as its day's number from the first, so the walk over the days counts integers.
  const offsets = new Set([...checked].map((day) => daysBetween(first, day)));
  let score = 0;
  for (let i = 0, n = daysBetween(first, last); i <= n; i++) {
    score = score * CONSISTENCY_DECAY + (offsets.has(i) ? 1 - CONSISTENCY_DECAY : 0);
  }
  return Math.round(score * 100);
}

/** The newest check-ins the summary's mood line and the /check-ins calendar read: four weeks. */
export const CALENDAR_DAYS = 28;
