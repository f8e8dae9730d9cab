// The mood of the last 28 days as a line (docs/product.md#summary-and-data-export), drawn on the
// server with d3-shape; a day without a check-in is a gap. The drawing is decoration for sighted
// readers: the same moods are a table for screen readers, so nothing is lost without the picture.
import { curveMonotoneX, line } from 'd3-shape';
import { CALENDAR_DAYS, type MoodPoint } from '../domain/consistency';
import { MOOD_MAX, MOOD_MIN } from '../domain/check-ins';
import { formatCalendarDay } from '../domain/time-zone';

const WIDTH = 560;
const HEIGHT = 160;
// Labels are HTML around the drawing, so they keep their size however wide the card is.
const PAD = { top: 8, right: 8, bottom: 8, left: 8 };

const x = (index: number): number => PAD.left + (index / (CALENDAR_DAYS - 1)) * (WIDTH - PAD.left - PAD.right);
const y = (mood: number): number => PAD.top + ((MOOD_MAX - mood) / (MOOD_MAX - MOOD_MIN)) * (HEIGHT - PAD.top - PAD.bottom);

/** The path of the points, in day order, broken where a day has no check-in. */
export function moodPath(points: readonly MoodPoint[]): string {
  const byDay: (MoodPoint | null)[] = Array.from({ length: CALENDAR_DAYS }, (_, i) => points.find((p) => p.index === i) ?? null);
  const draw = line<MoodPoint | null>()
    .defined((p) => p !== null)
    .x((p) => Math.round(x(p!.index) * 10) / 10)
    .y((p) => Math.round(y(p!.mood) * 10) / 10)
    .curve(curveMonotoneX);
  return draw(byDay) ?? '';
}

export function MoodLine({ points, title }: { points: MoodPoint[]; title: string }) {
  return (
    <figure className="mood-line">
      <div className="mood-chart" aria-hidden="true">
        <span className="mood-axis mood-axis-y">
          <span>{MOOD_MAX}</span>
          <span>{MOOD_MIN}</span>
        </span>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} focusable="false">
          {[MOOD_MIN, 5.5, MOOD_MAX].map((mood) => (
            <line key={mood} x1={PAD.left} x2={WIDTH - PAD.right} y1={y(mood)} y2={y(mood)} className="mood-grid" />
          ))}
          <path d={moodPath(points)} className="mood-path" fill="none" />
          {points.map((p) => (
            <circle key={p.date} cx={x(p.index)} cy={y(p.mood)} r={4} className="mood-dot" />
          ))}
        </svg>
        <span className="mood-axis mood-axis-x">
          <span>4 weeks ago</span>
          <span>Today</span>
        </span>
      </div>
      {/* A table does not shrink to the 1 px of .visually-hidden: its box does. */}
      <div className="visually-hidden">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Mood (1 to 10)</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{formatCalendarDay(p.date)}</th>
              <td>{p.mood}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}
