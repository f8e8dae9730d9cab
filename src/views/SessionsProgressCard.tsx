// Dashboard card 'Sessions Progress'. Before anything is completed its button reads 'Start Session 1'
// (decision 33, docs/product.md#words-for-a-first-visit). When the next session is not open yet
// (weekly pacing, decision 36) it says when it opens instead of leading to a page that would refuse.
import { gateLabel } from '../domain/cohorts';
import { type SessionClock, sessionStatus } from '../domain/pacing';
import {
  ALL_SESSIONS_DONE,
  completedCount,
  progressPercent,
  resumeTarget,
  SESSION_COUNT,
  type SessionCompletions,
} from '../domain/session-status';
import { PATHS, sessionPath } from '../paths';

export function SessionsProgressCard({ completions, clock }: { completions: SessionCompletions | null; clock: SessionClock }) {
  const done = completedCount(completions);
  const target = resumeTarget(completions);
  const next = target === ALL_SESSIONS_DONE ? null : sessionStatus(completions, target, clock);
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
      ) : next?.status === 'locked' ? (
        <>
          <p className="session-opens">{`Session ${target}: ${gateLabel(next.gate, clock.today)}`}</p>
          <a className="button button-outline" href={PATHS.sessions}>
            See your sessions
          </a>
        </>
      ) : (
        <a className="button button-primary" href={sessionPath(target)}>
          {done === 0 ? 'Start Session 1' : 'Resume where you left off'}
        </a>
      )}
    </section>
  );
}
