// The mood calendar on /check-ins (docs/product.md#check-ins): the last four weeks as rows of
// seven days, Monday first, so each weekday keeps its column; a month's name where it begins; each
// day its mood's band, 'missed', 'before you joined' or 'to come'. Pure: days are 'YYYY-MM-DD' in
// the participant's zone (their calendar days).
import { MOOD_MAX } from './check-ins';
import { addDays, daysBetween, formatCalendarDay, isCalendarDay } from './time-zone';

/** Rows shown: this week and the three before it. */
export const MOOD_CALENDAR_WEEKS = 4;

/** The column headers, Monday first (weeks start on Monday). */
export const WEEKDAYS = [
  { short: 'Mon', long: 'Monday' },
  { short: 'Tue', long: 'Tuesday' },
  { short: 'Wed', long: 'Wednesday' },
  { short: 'Thu', long: 'Thursday' },
  { short: 'Fri', long: 'Friday' },
  { short: 'Sat', long: 'Saturday' },
  { short: 'Sun', long: 'Sunday' },
] as const;

/** The moods in five bands, each with its words: the colour never says it alone. */
export const MOOD_BANDS = [
  { band: 1, from: 1, to: 2, words: 'very low' },
  { band: 2, from: 3, to: 4, words: 'low' },
  { band: 3, from: 5, to: 6, words: 'okay' },
  { band: 4, from: 7, to: 8, words: 'good' },
  { band: 5, from: 9, to: 10, words: 'great' },
] as const;

export type MoodBand = (typeof MOOD_BANDS)[number];

export type CalendarCell =
  | { date: string; kind: 'mood'; mood: number; band: MoodBand; isToday: boolean; month: string | null }
  | { date: string; kind: 'missed' | 'before-joining' | 'to-come'; isToday: boolean; month: string | null };

export interface MoodCalendar {
  /** MOOD_CALENDAR_WEEKS rows of seven days, Monday to Sunday, oldest first. */
  weeks: CalendarCell[][];
  /** Days checked in among the counted ones. */
  checkedIn: number;
  /** Days that count: from the first day shown (or the day they joined, if later) to today. */
  counted: number;
  /** They joined after the first day shown: the count is 'since you joined'. */
  joinedInView: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The band of a whole mood 1..10; null for anything else. */
export function moodBand(mood: number): MoodBand | null {
  if (!Number.isInteger(mood) || mood < 1 || mood > MOOD_MAX) return null;
  return MOOD_BANDS.find((b) => mood >= b.from && mood <= b.to) ?? null;
}

/** 0 for Monday .. 6 for Sunday. */
function weekdayIndex(day: string): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The calendar for `today`. `checkIns` may be in any order and hold days outside the view;
 * `joinedOn` is the day they joined (their account's first day, in their zone): days before it are
 * not missed. A check-in before `joinedOn` moves it back.
 */
export function moodCalendar(checkIns: readonly { date: string; mood: number }[], today: string, joinedOn: string | null): MoodCalendar {
  if (!isCalendarDay(today)) throw new RangeError('today must be a calendar day');
  const first = addDays(today, -weekdayIndex(today) - 7 * (MOOD_CALENDAR_WEEKS - 1));
  const moods = new Map<string, number>();
  for (const { date, mood } of checkIns) if (isCalendarDay(date) && moodBand(mood)) moods.set(date, mood);
  const earliest = [...moods.keys()].filter((d) => d <= today).sort()[0];
  let joined = joinedOn && isCalendarDay(joinedOn) ? joinedOn : first;
  if (earliest && earliest < joined) joined = earliest;
  // The first day that counts: the first shown, or the day they joined when later.
  let start = first;
  if (joined > first) start = joined;

  let checkedIn = 0;
  const weeks: CalendarCell[][] = [];
  for (let w = 0; w < MOOD_CALENDAR_WEEKS; w++) {
    const row: CalendarCell[] = [];
    for (let d = 0; d < 7; d++) {
      const date = addDays(first, w * 7 + d);
      const month = date === first || date.endsWith('-01') ? MONTHS[Number(date.slice(5, 7)) - 1]! : null;
      const isToday = date === today;
      const mood = moods.get(date);
      if (date > today) row.push({ date, kind: 'to-come', isToday, month });
      else if (mood !== undefined) {
        if (date >= start) checkedIn++;
        row.push({ date, kind: 'mood', mood, band: moodBand(mood)!, isToday, month });
      } else row.push({ date, kind: date < joined ? 'before-joining' : 'missed', isToday, month });
    }
    weeks.push(row);
  }
  const counted = start > today ? 0 : daysBetween(start, today) + 1;
  return { weeks, checkedIn, counted, joinedInView: joined > first };
}

/** '3 of the 5 days since you joined' or '12 of the last 24 days': the count under the calendar. */
export function moodCalendarCount({ checkedIn, counted, joinedInView }: MoodCalendar): string {
  const days = counted === 1 ? 'day' : 'days';
  if (joinedInView)
    return counted === 1 ? `${checkedIn} of 1 day since you joined` : `${checkedIn} of the ${counted} ${days} since you joined`;
  return `${checkedIn} of the last ${counted} ${days}`;
}

/** What a screen reader hears for a day: 'Mon, Nov 23 (today): mood 7 of 10, good'. */
export function describeCell(cell: CalendarCell, currentYear: string): string {
  const day = `${formatCalendarDay(cell.date, currentYear)}${cell.isToday ? ' (today)' : ''}`;
  switch (cell.kind) {
    case 'mood':
      return `${day}: mood ${cell.mood} of ${MOOD_MAX}, ${cell.band.words}`;
    case 'missed':
      return cell.isToday ? `${day}: no check-in yet` : `${day}: no check-in`;
    case 'before-joining':
      return `${day}: before you joined`;
    case 'to-come':
      return `${day}: still to come`;
  }
}
