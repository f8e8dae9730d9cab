// /replays, 'Webinar Replays': sessions that have ended, newest first, each with its recording
// when one is posted (docs/product.md#webinars). Upcoming sessions feed only the nav dialog.
import type { ReactElement } from 'react';
import type { Auth } from '../data/auth-sessions';
import { userTimeZone } from '../domain/time-zone';
import { type Webinar, webinarLabels } from '../domain/webinars';
import { Shell } from './Shell';

export interface ReplaysPageProps {
  auth: Auth;
  /** Upcoming sessions, for the webinar dialog in the nav bar. */
  upcoming: Webinar[];
  /** Past sessions, newest first (pastWebinars). */
  past: Webinar[];
  /** For the 'current year' rule of the day labels; defaults to the present. */
  now?: Date;
}

function Replay({ webinar, now, timeZone }: { webinar: Webinar; now: Date; timeZone: string }): ReactElement {
  const titleId = `replay-${webinar.id}`;
  const { day, time } = webinarLabels(webinar.startTime, now, timeZone);
  return (
    <li className="card">
      <h2 id={titleId} className="card-title">
        {webinar.title}
      </h2>
      <p className="card-subtitle">
        <span className="webinar-day">{day}</span> <span className="webinar-time">{time}</span>
      </p>
      <p>{webinar.description}</p>
      {webinar.recordingUrl ? (
        // Every card has this link, so its accessible name says which session it plays.
        <a
          className="button button-outline button-small"
          href={webinar.recordingUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Watch replay: ${webinar.title}`}
        >
          Watch replay
        </a>
      ) : (
        <p className="muted">Replay coming soon</p>
      )}
    </li>
  );
}

export function ReplaysPage({ auth, upcoming, past, now = new Date() }: ReplaysPageProps): ReactElement {
  return (
    <Shell auth={auth} webinars={upcoming}>
      <div className="page-header">
        <div>
          <h1 className="page-title">Webinar Replays</h1>
          <p className="page-subtitle">Catch up on past coaching webinars.</p>
        </div>
      </div>
      {past.length === 0 ? (
        <section className="card" aria-labelledby="no-replays-title">
          <h2 id="no-replays-title" className="card-title">
            No replays yet
          </h2>
          <p className="muted">Recordings of past coaching webinars will appear here after each session.</p>
        </section>
      ) : (
        <ul className="session-cards" aria-label="Past webinars">
          {past.map((webinar) => (
            <Replay key={webinar.id} webinar={webinar} now={now} timeZone={userTimeZone(auth.user.timeZone)} />
          ))}
        </ul>
      )}
    </Shell>
  );
}
