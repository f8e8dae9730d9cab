// The mood calendar on /check-ins (docs/product.md#check-ins): a table whose columns are the
// weekdays, Monday first, so each keeps its place; each day coloured by its mood band with a legend
// and the mood in words for screen readers; days before joining shown as such. The layout is
// src/domain/mood-calendar.ts.
import {
  type MoodCalendar as Calendar,
  type CalendarCell,
  describeCell,
  MOOD_BANDS,
  moodCalendarCount,
  WEEKDAYS,
} from '../domain/mood-calendar';

function cellClass(cell: CalendarCell): string {
  const kind = cell.kind === 'mood' ? `mood-day mood-band-${cell.band.band}` : `mood-day mood-${cell.kind}`;
  return cell.isToday ? `${kind} mood-today` : kind;
}

function Day({ cell, currentYear }: { cell: CalendarCell; currentYear: string }) {
  return (
    <td className={cellClass(cell)}>
      <span className="mood-day-box" aria-hidden="true">
        {cell.month && <span className="mood-month">{cell.month}</span>}
        <span className="mood-date">{Number(cell.date.slice(8, 10))}</span>
      </span>
      <span className="visually-hidden">{describeCell(cell, currentYear)}</span>
    </td>
  );
}

export function MoodCalendar({ calendar, today }: { calendar: Calendar; today: string }) {
  const currentYear = today.slice(0, 4);
  return (
    <figure className="mood-calendar">
      <figcaption className="mood-calendar-caption">
        {`Checked in: ${moodCalendarCount(calendar)}. `}
        <span className="muted">Weeks start on Monday.</span>
      </figcaption>
      <table className="mood-calendar-grid">
        <caption className="visually-hidden">Your mood each day of the last four weeks, a week to a row, Monday first</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day.short} scope="col">
                <abbr title={day.long}>{day.short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {calendar.weeks.map((week) => (
            <tr key={week[0]!.date}>
              {week.map((cell) => (
                <Day key={cell.date} cell={cell} currentYear={currentYear} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mood-legend" aria-label="Legend">
        {MOOD_BANDS.map((band) => (
          <li key={band.band}>
            <span className={`mood-swatch mood-band-${band.band}`} aria-hidden="true" />
            {`${band.from}–${band.to} ${band.words}`}
          </li>
        ))}
        <li>
          <span className="mood-swatch mood-missed" aria-hidden="true" />
          No check-in
        </li>
        <li>
          <span className="mood-swatch mood-before-joining" aria-hidden="true" />
          Before you joined
        </li>
      </ul>
    </figure>
  );
}
