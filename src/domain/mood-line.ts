// The mood line (docs/product.md#summary-and-data-export, #the-coachs-desk): one point per
// check-in over a span of days ending today, the line broken where a day has none, so a gap reads
// as a gap. The summary shows the last four weeks; the coach's page the whole challenge. Geometry
// and words only; src/components/MoodLine.tsx draws it.
import { curveMonotoneX, line } from 'd3-shape';
import { MOOD_MAX, MOOD_MIN } from './check-ins';
import { CALENDAR_DAYS } from './consistency';
import { addDays, daysBetween, formatCalendarDay, isCalendarDay } from './time-zone';

/** The drawing's box. Its labels are HTML around it, so they keep their size however wide it is. */
export const MOOD_LINE = { width: 560, height: 160, pad: 8 } as const;

export interface MoodEntry {
  date: string;
  mood: number;
}

/** The check-ins a line shows, oldest first, and the days it spans. */
export interface MoodWindow {
  from: string;
  to: string;
  checkIns: MoodEntry[];
}

export interface MoodLineGeometry {
  /** The path through the check-ins; a day without one breaks it. Empty when there are none. */
  d: string;
  points: (MoodEntry & { x: number; y: number })[];
  /** The y of the horizontal guides: the lowest mood, the middle and the highest. */
  guides: number[];
}

/** The first of the last four weeks (the check-in calendar's 28 days), ending today. */
function fourWeeksBefore(today: string): string {
  return addDays(today, -(CALENDAR_DAYS - 1));
}

function within(checkIns: readonly MoodEntry[], from: string, to: string): MoodEntry[] {
  return checkIns
    .filter((c) => isCalendarDay(c.date) && c.date >= from && c.date <= to)
    .map(({ date, mood }) => ({ date, mood }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The last four weeks, ending today (the summary). */
export function lastFourWeeks(checkIns: readonly MoodEntry[], today: string): MoodWindow {
  const from = fourWeeksBefore(today);
  return { from, to: today, checkIns: within(checkIns, from, today) };
}

/** From the first check-in, or four weeks ago when that is later, to today (the coach's page). */
export function sinceFirstCheckIn(checkIns: readonly MoodEntry[], today: string): MoodWindow {
  const all = within(checkIns, '0000-01-01', today);
  const fourWeeks = fourWeeksBefore(today);
  const from = all[0] && all[0].date < fourWeeks ? all[0].date : fourWeeks;
  return { from, to: today, checkIns: all };
}

/** Where each check-in of the window sits in MOOD_LINE's box: mood 10 at the top, `to` at the right edge. */
export function moodLine({ from, to, checkIns }: MoodWindow): MoodLineGeometry {
  const { width, height, pad } = MOOD_LINE;
  const span = Math.max(1, daysBetween(from, to));
  const x = (date: string) => round(pad + (daysBetween(from, date) / span) * (width - 2 * pad));
  const y = (mood: number) => round(pad + ((MOOD_MAX - mood) / (MOOD_MAX - MOOD_MIN)) * (height - 2 * pad));
  const points = checkIns.map((c) => ({ ...c, x: x(c.date), y: y(c.mood) }));
  const byDay = new Map(points.map((p) => [p.date, p]));
  const days = Array.from({ length: span + 1 }, (_, i) => addDays(from, i));
  const path = line<string>()
    .defined((day) => byDay.has(day))
    .x((day) => byDay.get(day)!.x)
    .y((day) => byDay.get(day)!.y)
    .curve(curveMonotoneX);
  return {
    d: points.length > 0 ? (path(days) ?? '') : '',
    points,
    guides: [MOOD_MIN, (MOOD_MIN + MOOD_MAX) / 2, MOOD_MAX].map(y),
  };
}

/** What the drawing shows, in words, for a screen reader: 'Mood line from Thu, Oct 29 to Wed, Nov 25: 8 check-ins, average mood 6.4 of 10.' */
export function moodLineLabel({ from, to, checkIns }: MoodWindow): string {
  const year = to.slice(0, 4);
  const span = `Mood line from ${formatCalendarDay(from, year)} to ${formatCalendarDay(to, year)}`;
  if (checkIns.length === 0) return `${span}: no check-ins.`;
  const average = checkIns.reduce((sum, c) => sum + c.mood, 0) / checkIns.length;
  return `${span}: ${checkIns.length} ${checkIns.length === 1 ? 'check-in' : 'check-ins'}, average mood ${average.toFixed(1)} of ${MOOD_MAX}.`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
