// A participant's check-ins on the coach's page: the mood line over the challenge (one image for
// assistive technology, its label saying what it shows) and the same check-ins as a table.
import { describeDay, formatMood } from '../domain/check-ins';
import { MOOD_LINE, moodLine } from '../domain/mood-line';
import { formatCalendarDay } from '../domain/time-zone';
import { TableHead } from './TableHead';

export interface MoodCheckIn {
  date: string;
  mood: number;
  drift: string;
  win: string;
}

/** Newest first in the table: what happened lately is what a coach reads first. */
export function MoodLine({ checkIns, today }: { checkIns: MoodCheckIn[]; today: string }) {
  if (checkIns.length === 0) return <p className="muted">No check-ins yet.</p>;
  const g = moodLine(checkIns, today);
  const year = today.slice(0, 4);
  const average = checkIns.reduce((sum, c) => sum + c.mood, 0) / checkIns.length;
  const label = `Mood line from ${formatCalendarDay(g.from, year)} to ${formatCalendarDay(g.to, year)}: ${checkIns.length} check-ins, average mood ${average.toFixed(1)} of 10. 'Check-ins as a table' below lists each one.`;
  return (
    <>
      <svg className="mood-line" viewBox={`0 0 ${MOOD_LINE.width} ${MOOD_LINE.height}`} role="img" aria-label={label}>
        {g.guides.map((guide) => (
          <g key={guide.mood}>
            <line x1={MOOD_LINE.left} x2={MOOD_LINE.width - MOOD_LINE.right} y1={guide.y} y2={guide.y} className="mood-guide" />
            <text x={MOOD_LINE.left - 6} y={guide.y + 4} textAnchor="end" className="mood-axis">
              {guide.mood}
            </text>
          </g>
        ))}
        {g.ticks.map((tick, i) => (
          <text key={tick.date} x={tick.x} y={MOOD_LINE.height - 6} textAnchor={i === 0 ? 'start' : 'end'} className="mood-axis">
            {formatCalendarDay(tick.date, year)}
          </text>
        ))}
        <path d={g.d} className="mood-path" fill="none" />
        {g.points.map((p) => (
          <circle key={p.date} cx={p.x} cy={p.y} r={3.5} className="mood-point" />
        ))}
      </svg>
      {/* Folded: on a phone, a month of check-ins as cards is a long scroll before the memberships. */}
      <details className="mood-table">
        <summary>Check-ins as a table ({checkIns.length})</summary>
        <div className="table-wrap">
          <table className="table table-cards table-plain">
            <caption className="muted">Check-ins, newest first</caption>
            <TableHead columns={['Day', 'Mood', 'Drift Moments', 'Win of the Day']} />
            <tbody>
              {[...checkIns].reverse().map((c) => (
                <tr key={c.date}>
                  <td data-label="Day" className="nowrap">
                    <time dateTime={c.date}>{describeDay(c.date, today)}</time>
                  </td>
                  <td data-label="Mood">{formatMood(c.mood)}</td>
                  <td data-label="Drift Moments">{c.drift || '—'}</td>
                  <td data-label="Win of the Day">{c.win || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
