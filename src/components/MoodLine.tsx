// The mood line, drawn on the server (the summary's last four weeks, the coach's whole challenge).
// The drawing is one image with its label for assistive technology; its axis labels are HTML
// around it, so they keep their size however narrow the card is. Each page lists the same
// check-ins as a table beside it.
import { MOOD_MAX, MOOD_MIN } from '../domain/check-ins';
import { MOOD_LINE, type MoodWindow, moodLine, moodLineLabel } from '../domain/mood-line';
import { formatCalendarDay } from '../domain/time-zone';

/** `tableNote` tells a screen reader where the same check-ins are listed one by one. */
export function MoodLine({ moods, tableNote }: { moods: MoodWindow; tableNote: string }) {
  const g = moodLine(moods);
  return (
    <div className="mood-line">
      <span className="mood-axis mood-axis-y" aria-hidden="true">
        <span>{MOOD_MAX}</span>
        <span>{MOOD_MIN}</span>
      </span>
      <svg viewBox={`0 0 ${MOOD_LINE.width} ${MOOD_LINE.height}`} role="img" aria-label={`${moodLineLabel(moods)} ${tableNote}`}>
        {g.guides.map((y) => (
          <line key={y} x1={MOOD_LINE.pad} x2={MOOD_LINE.width - MOOD_LINE.pad} y1={y} y2={y} className="mood-guide" />
        ))}
        <path d={g.d} className="mood-path" fill="none" />
        {g.points.map((p) => (
          <circle key={p.date} cx={p.x} cy={p.y} r={4} className="mood-point" />
        ))}
      </svg>
      <span className="mood-axis mood-axis-x" aria-hidden="true">
        <span>{formatCalendarDay(moods.from, moods.to.slice(0, 4))}</span>
        <span>Today</span>
      </span>
    </div>
  );
}
