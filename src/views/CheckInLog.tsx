// A participant's check-ins on the coach's page: the mood line over the challenge and the same
// check-ins as a table, with what they wrote.
import { MoodLine } from '../components/MoodLine';
import { describeDay, formatMood } from '../domain/check-ins';
import { sinceFirstCheckIn } from '../domain/mood-line';
import { TableHead } from './TableHead';

export interface LoggedCheckIn {
  date: string;
  mood: number;
  drift: string;
  win: string;
}

/** Newest first in the table: what happened lately is what a coach reads first. */
export function CheckInLog({ checkIns, today }: { checkIns: LoggedCheckIn[]; today: string }) {
  if (checkIns.length === 0) return <p className="muted">No check-ins yet.</p>;
  return (
    <>
      <MoodLine moods={sinceFirstCheckIn(checkIns, today)} tableNote="'Check-ins as a table' below lists each one." />
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
