// Settings: the reminder choices and the private calendar feed (docs/product.md#reminders-and-mail).
// Plain form posts with native controls, so they need no JavaScript.
import { localTimeChoices, localTimeLabel, parseLocalTime } from '../domain/reminders';
import { CALENDAR_FEED_RESET_PATH, REMINDERS_SETTINGS_PATH } from '../paths';

export interface RemindersView {
  checkIn: { enabled: boolean; localTime: string };
  webinars: { enabled: boolean };
}

export function RemindersCard({ reminders, timeZone, error }: { reminders: RemindersView; timeZone: string; error?: string }) {
  return (
    <section className="card" id="reminders" aria-labelledby="reminders-title">
      <h2 id="reminders-title" className="card-title">
        Reminders
      </h2>
      {error && (
        <div className="banner banner-error" role="alert" id="reminders-error">
          {error}
        </div>
      )}
      <form method="post" action={REMINDERS_SETTINGS_PATH} className="form">
        <label className="checkbox">
          <input type="checkbox" name="checkInEnabled" defaultChecked={reminders.checkIn.enabled} />
          <span>Email me a daily check-in reminder</span>
        </label>
        <div className="field">
          <label htmlFor="reminder-time">Reminder time</label>
          <select id="reminder-time" name="localTime" defaultValue={reminders.checkIn.localTime} aria-describedby="reminder-time-hint">
            {localTimeChoices().map((value) => (
              <option key={value} value={value}>
                {localTimeLabel(parseLocalTime(value)!)}
              </option>
            ))}
          </select>
          <p id="reminder-time-hint" className="muted small">
            In your time zone ({timeZone.replaceAll('_', ' ')}). Sent only on days you have not checked in yet; you can check in from the
            email.
          </p>
        </div>
        <label className="checkbox">
          <input type="checkbox" name="webinarsEnabled" defaultChecked={reminders.webinars.enabled} />
          <span>Email me 24 hours before each webinar</span>
        </label>
        <button type="submit" className="button button-outline">
          Save Reminders
        </button>
      </form>
    </section>
  );
}

export function CalendarFeedCard({ feed }: { feed: { url: string; webcalUrl: string } }) {
  return (
    <section className="card" id="calendar-feed" aria-labelledby="calendar-feed-title">
      <h2 id="calendar-feed-title" className="card-title">
        Calendar feed
      </h2>
      <p className="muted small">
        Subscribe once and your calendar follows the coaches' schedule: moved sessions move, cancelled ones say so. This address is private;
        if it got out, reset it.
      </p>
      <p>
        <a className="button button-primary" href={feed.webcalUrl}>
          Subscribe in my calendar app
        </a>
      </p>
      <div className="field">
        <label htmlFor="calendar-feed-url">Feed address</label>
        <input id="calendar-feed-url" type="url" readOnly value={feed.url} className="feed-url" />
      </div>
      <form method="post" action={CALENDAR_FEED_RESET_PATH} className="form">
        <button type="submit" className="button button-outline">
          Reset link
        </button>
      </form>
    </section>
  );
}
