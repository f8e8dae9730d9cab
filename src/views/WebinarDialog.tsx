// 'Upcoming Sessions': the weekly coaching webinar. The dialog is a native modal <dialog> opened by
// invoker commands (components/dialog-invoker.ts), so it opens without JavaScript; the schedule is shared with the dashboard card. Callers pass only upcoming
// sessions (upcomingWebinars), soonest first (docs/product.md#webinars).
import type { ReactElement } from 'react';
import { closesDialog, MODAL_DIALOG } from '../components/dialog-invoker';
import { type WebinarScheduleView, webinarSchedule } from '../domain/webinar-schedule';
import { DEFAULT_COACH_TIME_ZONE, type Webinar, type WebinarLabels } from '../domain/webinars';
import { CALENDAR_FILE_PATH } from '../paths';

export const WEBINAR_DIALOG_ID = 'webinar-dialog';
const JOIN_NOTE_ID = 'webinar-join-note';

const NO_UPCOMING_SESSIONS = 'No upcoming sessions are scheduled yet. Check back soon.';

interface ScheduleProps {
  webinars: Webinar[];
  /** For the 'current year' rule of the day labels; defaults to the present. */
  now?: Date;
  /** The viewer's own zone: times show in it, with its name (decision 26). */
  timeZone?: string;
}

/** The session list and the add-to-calendar buttons, or a friendly line when nothing is upcoming. */
export function WebinarSchedule({ webinars, now = new Date(), timeZone = DEFAULT_COACH_TIME_ZONE }: ScheduleProps): ReactElement {
  return <ScheduleList schedule={webinarSchedule(webinars, now, timeZone)} />;
}

function ScheduleList({ schedule }: { schedule: WebinarScheduleView | null }): ReactElement {
  if (!schedule) return <p className="muted">{NO_UPCOMING_SESSIONS}</p>;
  const { sessions, google, outlook } = schedule;
  return (
    <>
      <ul className="webinar-list">
        {sessions.map(({ id, day, time }) => (
          <li key={id}>
            <span className="webinar-day">{day}</span>
            <span className="webinar-time">{time}</span>
          </li>
        ))}
      </ul>
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of links, not form fields; a fieldset is for form controls and brings its own border and padding */}
      <div className="calendar-buttons" aria-label="Add to calendar" role="group">
        <a className="button button-outline button-small" href={google} target="_blank" rel="noopener noreferrer">
          Google
        </a>
        {/* Apple Calendar opens .ics files, so Apple and Download are the same file. */}
        <a className="button button-outline button-small" href={CALENDAR_FILE_PATH} download>
          Apple
        </a>
        <a className="button button-outline button-small" href={outlook} target="_blank" rel="noopener noreferrer">
          Outlook
        </a>
        <a className="button button-outline button-small" href={CALENDAR_FILE_PATH} download>
          Download
        </a>
      </div>
    </>
  );
}

/**
 * 'Join Now' for the next session; until its link is set, disabled, with the reason beside it and
 * when to come back: the link is posted before the session starts, and the calendar buttons above
 * keep the date meanwhile (docs/product.md#webinars).
 */
function JoinNow({ next, when }: { next: Webinar; when: WebinarLabels }): ReactElement {
  if (next.joinUrl) {
    return (
      <a className="button button-primary" href={next.joinUrl} target="_blank" rel="noopener noreferrer">
        Join Now
      </a>
    );
  }
  return (
    <>
      <p className="muted join-note">
        <span id={JOIN_NOTE_ID}>Link posted before the session</span>
        <span className="join-note-when">
          {`It will be here before ${when.day}, ${when.time}: add the sessions to your calendar meanwhile.`}
        </span>
      </p>
      <button type="button" className="button button-primary" disabled aria-describedby={JOIN_NOTE_ID}>
        Join Now
      </button>
    </>
  );
}

export function WebinarDialog({ webinars, now = new Date(), timeZone = DEFAULT_COACH_TIME_ZONE }: ScheduleProps): ReactElement {
  const next = webinars[0];
  const schedule = webinarSchedule(webinars, now, timeZone);
  const when = schedule?.sessions[0];
  return (
    <dialog id={WEBINAR_DIALOG_ID} {...MODAL_DIALOG} aria-labelledby="webinar-dialog-title" className="dialog">
      <h2 id="webinar-dialog-title" className="dialog-title">
        Upcoming Sessions
      </h2>
      <p className="dialog-subtitle">Join us for our weekly coaching webinars</p>
      <ScheduleList schedule={schedule} />
      <div className="dialog-actions">
        {next && when && <JoinNow next={next} when={when} />}
        <button type="button" className="button button-ghost" {...closesDialog(WEBINAR_DIALOG_ID)}>
          Close
        </button>
      </div>
    </dialog>
  );
}
