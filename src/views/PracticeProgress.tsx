// Each daily action's progress (decision 38, docs/product.md#the-daily-practice): its streak and
// its habit strength from 0 to 100 (src/domain/practice.ts), on /check-ins, the dashboard's card,
// the summary and the coach's page for the participant.
import { ScoreMeter } from '../components/ScoreMeter';
import type { ActionProgress } from '../domain/practice';

function streakWords(streak: number): string {
  return streak > 0 ? `🔥 ${streak}-day streak` : 'No streak yet';
}

export function PracticeProgress({ progress, headingId }: { progress: readonly ActionProgress[]; headingId?: string }) {
  return (
    <ul className="practice-progress" aria-labelledby={headingId}>
      {progress.map((action) => (
        <li key={action.accelerator} className="practice-item">
          <p className="practice-item-name">
            <strong>{action.accelerator}</strong>
            <span className="muted small">{action.dailyAction}</span>
          </p>
          <p className="practice-item-figures">
            <span className={action.streak > 0 ? 'streak-active' : 'muted'}>{streakWords(action.streak)}</span>
            <span>
              <span className="practice-strength">{action.strength}</span>
              <span className="muted"> / 100 habit strength</span>
            </span>
          </p>
          <ScoreMeter value={action.strength} label={`${action.accelerator} habit strength`} />
        </li>
      ))}
    </ul>
  );
}

/** The words under the list: what the strength means. */
export function PracticeNote() {
  return <p className="muted small">Habit strength rises with each day an action is done and fades slowly on the days it is not.</p>;
}
