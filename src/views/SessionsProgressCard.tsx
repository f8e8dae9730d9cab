// Dashboard card 'Sessions Progress'. Before anything is completed its button reads 'Start Session 1'
// (decision 33, docs/product.md#words-for-a-first-visit).
import {
  ALL_SESSIONS_DONE,
  completedCount,
  progressPercent,
  resumeTarget,
  SESSION_COUNT,
  type SessionCompletions,
} from '../domain/session-status';
import { PATHS, sessionPath } from '../paths';

export function SessionsProgressCard({ completions }: { completions: SessionCompletions | null }) {
  const done = completedCount(completions);
  const target = resumeTarget(completions);
  return (
    <section className="card" aria-labelledby="sessions-progress-title">
      <h2 id="sessions-progress-title" className="card-title">
        Sessions Progress
      </h2>
      <p className="progress-count">{`${done} / ${SESSION_COUNT} sessions`}</p>
      <progress
        className="progress"
        max={100}
        value={progressPercent(completions)}
        aria-label={`${done} of ${SESSION_COUNT} sessions completed`}
      />
      {target === ALL_SESSIONS_DONE ? (
        <div role="status">
          <p className="card-title">Challenge Complete!</p>
          <p>
            <a href={PATHS.nextSteps}>Check out Next Steps for what's next</a>
          </p>
        </div>
      ) : (
        <a className="button button-primary" href={sessionPath(target)}>
          {done === 0 ? 'Start Session 1' : 'Resume where you left off'}
        </a>
      )}
    </section>
  );
}
