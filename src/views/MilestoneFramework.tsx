// Session 4's 12-week framework (docs/product.md#the-12-week-framework): each milestone once, with
// the weeks that work on it (1-4 the day-30 milestone, 5-8 the day-60, 9-12 the day-90) and its
// status, 'Pending' until marked done ('Done on' the day). Once Session 4 is complete each shows
// its due date (30, 60 and 90 days after that day, decision 36) and has a plain form button to mark
// it done or pending again at any time, so it works without JavaScript; the server refuses it before.
import { milestoneDueDays, milestoneDueLabel } from '../domain/milestones';
import { MILESTONE_WEEKS, type Milestone, type MilestoneWeek } from '../domain/progress-schemas';
import { DEFAULT_TIME_ZONE, formatInstantDay } from '../domain/time-zone';
import { MILESTONE_FORM_PATH } from '../paths';

export const FRAMEWORK_ID = 'framework';

export interface MilestoneFrameworkProps {
  milestones: Milestone[];
  done: Partial<Record<MilestoneWeek, string>>;
  /** Session 4 is complete: the milestones can be marked. */
  markable: boolean;
  /** When Session 4 was completed (ISO): the due dates count from its day. */
  session4CompletedAt?: string | null;
  /** Today in the participant's zone ('YYYY-MM-DD'): dates of this year are written without it. */
  today: string;
  timeZone?: string;
}

/** 'Weeks 1-4' for the day-30 milestone, 'Weeks 5-8', 'Weeks 9-12'. */
export function frameworkWeeks(index: number): string {
  return `Weeks ${index * 4 + 1}-${index * 4 + 4}`;
}

export function MilestoneFramework({
  milestones,
  done,
  markable,
  session4CompletedAt,
  today,
  timeZone = DEFAULT_TIME_ZONE,
}: MilestoneFrameworkProps) {
  const due = milestoneDueDays(session4CompletedAt, timeZone);
  return (
    <section className="card session-after framework-card" aria-labelledby="framework-title" id={FRAMEWORK_ID}>
      <h2 id="framework-title" className="card-title">
        12-week framework
      </h2>
      <p className="card-subtitle">
        {markable
          ? 'Each milestone with the weeks that work toward it. Mark it done when you reach it.'
          : 'Each milestone with the weeks that work toward it.'}
      </p>
      <ol className="framework">
        {MILESTONE_WEEKS.map((week, i) => {
          const goal = milestones.find((m) => m.week === week)?.goal;
          const doneAt = done[week];
          const goalId = `framework-goal-${week}`;
          return (
            <li key={week} className={doneAt ? 'framework-done' : undefined}>
              <span className="framework-week">{frameworkWeeks(i)}</span>
              <span className="framework-goal" id={goalId}>
                <span className="muted small">
                  Day {week} milestone
                  {due && (
                    <>
                      {' · '}
                      <time dateTime={due[week]}>{milestoneDueLabel(due[week], today)}</time>
                    </>
                  )}
                </span>
                <span>{goal || `Milestone ${i + 1}`}</span>
              </span>
              <span className={`status ${doneAt ? 'status-completed' : ''}`}>
                {doneAt ? (
                  <>
                    Done on{' '}
                    <time dateTime={doneAt} className="muted small">
                      {formatInstantDay(doneAt, timeZone, today.slice(0, 4)) ?? doneAt}
                    </time>
                  </>
                ) : (
                  'Pending'
                )}
              </span>
              {markable && (
                <form method="post" action={MILESTONE_FORM_PATH} className="framework-action">
                  <input type="hidden" name="week" value={week} />
                  <input type="hidden" name="status" value={doneAt ? 'pending' : 'done'} />
                  <button
                    type="submit"
                    className={`button button-small ${doneAt ? 'button-ghost' : 'button-outline'}`}
                    aria-describedby={goalId}
                  >
                    {doneAt ? 'Mark as pending' : 'Mark done'}
                  </button>
                </form>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
