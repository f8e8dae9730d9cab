// Settings: mail from the coach, nudges and announcements (decision 40), on unless turned off here
// or by a one-click unsubscribe. A plain form post; the dashboard's 'From your coach' cards stay.
import { COACH_MAIL_SETTINGS_PATH } from '../paths';

export function CoachMailCard({ on }: { on: boolean }) {
  return (
    <section className="card" id="coach-mail" aria-labelledby="coach-mail-title">
      <h2 id="coach-mail-title" className="card-title">
        From your coach
      </h2>
      <form method="post" action={COACH_MAIL_SETTINGS_PATH} className="form">
        <label className="checkbox">
          <input type="checkbox" name="coachMail" defaultChecked={on} aria-describedby="coach-mail-hint" />
          <span>Email me messages from my coach</span>
        </label>
        <p id="coach-mail-hint" className="muted small">
          A nudge now and then, and announcements to your cohort. Announcements show on your dashboard either way.
        </p>
        <button type="submit" className="button button-outline">
          Save
        </button>
      </form>
    </section>
  );
}
