// 'Upcoming Sessions': a native popover, so it opens without JavaScript.
import { googleCalendarUrl, outlookCalendarUrl, webinarDay, webinarTime, type Webinar } from '../domain/webinars';
import { CALENDAR_FILE_PATH } from '../paths';

export const WEBINAR_DIALOG_ID = 'webinar-dialog';

export function WebinarSchedule({ webinars }: { webinars: Webinar[] }) {
  const google = googleCalendarUrl(webinars);
  const outlook = outlookCalendarUrl(webinars);
  return (
    <>
      <ul className="webinar-list">
        {webinars.map((webinar) => (
          <li key={webinar.id}>
            <span className="webinar-day">{webinarDay(webinar.startTime)}</span>
            <span className="webinar-time">{webinarTime(webinar.startTime)}</span>
          </li>
        ))}
      </ul>
      {webinars.length > 0 && (
        <div className="calendar-buttons" aria-label="Add to calendar" role="group">
          {google && (
            <a className="button button-outline button-small" href={google} target="_blank" rel="noopener noreferrer">
              Google
            </a>
          )}
          <a className="button button-outline button-small" href={CALENDAR_FILE_PATH} download>
            Apple
          </a>
          {outlook && (
            <a className="button button-outline button-small" href={outlook} target="_blank" rel="noopener noreferrer">
              Outlook
            </a>
          )}
          <a className="button button-outline button-small" href={CALENDAR_FILE_PATH} download>
            Download
          </a>
        </div>
      )}
    </>
  );
}

export function WebinarDialog({ webinars }: { webinars: Webinar[] }) {
  const joinUrl = webinars.find((w) => w.joinUrl)?.joinUrl ?? null;
  return (
    <div id={WEBINAR_DIALOG_ID} popover="auto" role="dialog" aria-labelledby="webinar-dialog-title" className="dialog">
      <h2 id="webinar-dialog-title" className="dialog-title">
        Upcoming Sessions
      </h2>
      <p className="dialog-subtitle">Join us for our weekly coaching webinars</p>
      <WebinarSchedule webinars={webinars} />
      <div className="dialog-actions">
        {joinUrl ? (
          <a className="button button-primary" href={joinUrl} target="_blank" rel="noopener noreferrer">
            Join Now
          </a>
        ) : (
          <p className="muted">The meeting link will be posted here before the first session.</p>
        )}
        <button type="button" className="button button-ghost" popoverTarget={WEBINAR_DIALOG_ID} popoverTargetAction="hide">
          Close
        </button>
      </div>
    </div>
  );
}
