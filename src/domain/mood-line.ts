// The mood line on the admin's page for one participant (docs/product.md#the-coachs-desk): one
// point per check-in over the days of the challenge, the line broken where a day has none, so a
// gap reads as a gap. Geometry only; the view draws it (src/views/MoodLine.tsx).
import { line } from 'd3-shape';
import { MOOD_MAX, MOOD_MIN } from './check-ins';
import { addDays, daysBetween } from './time-zone';

export const MOOD_LINE = { width: 640, height: 180, left: 28, right: 12, top: 12, bottom: 26 } as const;
/** The line spans at least four weeks (the challenge), ending today. */
export const MOOD_LINE_MIN_DAYS = 28;

export interface MoodPoint {
  date: string;
  mood: number;
  x: number;
  y: number;
}

export interface MoodLineGeometry {
  /** The path through the check-ins; a day without one breaks it. Empty when there are none. */
  d: string;
  points: MoodPoint[];
  /** Horizontal guides with their labels (moods 1, 5 and 10). */
  guides: { mood: number; y: number }[];
  /** The first and last day on the axis, with their x. */
  ticks: { date: string; x: number }[];
  from: string;
  to: string;
}

/** The geometry for these check-ins (any order), from the earlier of the first check-in and four weeks ago, to `today`. */
export function moodLine(checkIns: readonly { date: string; mood: number }[], today: string): MoodLineGeometry {
  const { width, height, left, right, top, bottom } = MOOD_LINE;
  const sorted = [...checkIns].filter((c) => c.date <= today).sort((a, b) => a.date.localeCompare(b.date));
  const earliest = addDays(today, -(MOOD_LINE_MIN_DAYS - 1));
  const from = sorted[0] && sorted[0].date < earliest ? sorted[0].date : earliest;
  const span = Math.max(1, daysBetween(from, today));
  const x = (date: string) => round(left + (daysBetween(from, date) / span) * (width - left - right));
  const y = (mood: number) => round(top + ((MOOD_MAX - mood) / (MOOD_MAX - MOOD_MIN)) * (height - top - bottom));
  const byDay = new Map(sorted.map((c) => [c.date, c.mood]));
  const days = Array.from({ length: span + 1 }, (_, i) => addDays(from, i));
  const path = line<string>()
    .defined((day) => byDay.has(day))
    .x((day) => x(day))
    .y((day) => y(byDay.get(day) ?? MOOD_MIN));
  return {
    d: sorted.length > 0 ? (path(days) ?? '') : '',
    points: sorted.map((c) => ({ date: c.date, mood: c.mood, x: x(c.date), y: y(c.mood) })),
    guides: [MOOD_MIN, 5, MOOD_MAX].map((mood) => ({ mood, y: y(mood) })),
    ticks: [
      { date: from, x: x(from) },
      { date: today, x: x(today) },
    ],
    from,
    to: today,
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
