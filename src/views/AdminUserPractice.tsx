// A participant's daily practice on the coach's page (/admin/users/:id; decision 38,
// docs/product.md#the-daily-practice): each of their three Session 3 actions with its streak and
// habit strength, as the participant sees them, in the participant's zone.
import type { ParticipantRecord } from '../data/participant';
import { practiceOf, practiceProgress } from '../domain/practice';
import { toClientView } from '../domain/progress-view';
import { PracticeNote, PracticeProgress } from './PracticeProgress';

export function AdminUserPractice({ record, today }: { record: ParticipantRecord; today: string }) {
  const practice = practiceOf(toClientView(record.progress));
  return (
    <div className="admin-practice">
      <h3 id="practice" className="card-title">
        Daily actions
      </h3>
      {practice ? (
        <>
          <PracticeProgress progress={practiceProgress(practice, record.actionAnswers, today)} headingId="practice" />
          <PracticeNote />
        </>
      ) : (
        <p className="muted">Their daily actions start once Session 3 is complete.</p>
      )}
    </div>
  );
}
