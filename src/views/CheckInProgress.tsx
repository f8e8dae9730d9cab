// Progress over time on /check-ins (docs/product.md#check-ins): the consistency score beside the
// strict streak, and the 28-day calendar of check-ins (four rows of seven days, today last).
import type { CalendarDay } from '../domain/consistency';
import { formatCalendarDay } from '../domain/time-zone';

const WEEKDAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'narrow' });
const DAY_OF_MONTH = (day: string): string => String(Number(day.slice(8, 10)));

function weekdayInitial(day: string): string {
  return WEEKDAY.format(new Date(`${day}T00:00:00Z`));
}

export function ConsistencyMeter({ score }: { score: number }) {
  return (
    <div className="consistency">
      <p className="consistency-value">
        <span className="consistency-number">{score}</span>
        <span className="muted"> / 100 consistency</span>
      </p>
      <meter
        className="consistency-meter"
        min={0}
        max={100}
        low={40}
        high={70}
        optimum={100}
        value={score}
        aria-label="Consistency score"
      />
      <p className="muted small">Builds up with each day you check in; a missed day dents it rather than starting you over.</p>
    </div>
  );
}

export function CheckInCalendar({ days }: { days: CalendarDay[] }) {
  const checked = days.filter((d) => d.checkedIn).length;
  return (
    <figure className="calendar">
      <figcaption className="muted small">{`${checked} of the last ${days.length} days checked in`}</figcaption>
      <ol className="calendar-grid">
        {days.slice(0, 7).map((day) => (
          <li key={`head-${day.date}`} className="calendar-weekday" aria-hidden="true">
            {weekdayInitial(day.date)}
          </li>
        ))}
        {days.map((day) => (
          <li key={day.date} className={`calendar-day${day.checkedIn ? ' calendar-checked' : ''}${day.isToday ? ' calendar-today' : ''}`}>
            <span aria-hidden="true">{DAY_OF_MONTH(day.date)}</span>
            <span className="visually-hidden">{`${formatCalendarDay(day.date)}${day.isToday ? ' (today)' : ''}: ${day.checkedIn ? 'checked in' : 'no check-in'}`}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}
