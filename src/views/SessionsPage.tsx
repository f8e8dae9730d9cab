// /sessions, '4-Week Challenge': the four session cards and the completion panel.

import type { Auth } from '../data/auth-sessions';
import { isChallengeComplete, SESSIONS, type SessionCompletions, sessionStatus } from '../domain/session-status';
import type { Webinar } from '../domain/webinars';
import { PATHS, sessionPath } from '../paths';
import { Shell } from './Shell';

export function SessionsPage({ auth, webinars, completions }: { auth: Auth; webinars: Webinar[]; completions: SessionCompletions | null }) {
  return (
    <Shell auth={auth} webinars={webinars} active="sessions">
      <div className="page-header">
        <div>
          <h1 className="page-title">4-Week Challenge</h1>
          <p className="page-subtitle">Four weekly sessions, done in order.</p>
        </div>
      </div>
      {isChallengeComplete(completions) && (
        <section className="card card-highlight" aria-labelledby="challenge-complete-title">
          <h2 id="challenge-complete-title" className="card-title">
            Challenge Complete!
          </h2>
          <p>Congratulations on completing the 4-week Challenge</p>
          <a className="button button-primary" href={PATHS.nextSteps}>
            Go to Next Steps
          </a>
        </section>
      )}
      <ol className="session-cards">
        {SESSIONS.map((session) => {
          const status = sessionStatus(completions, session.number);
          const label = status === 'completed' ? 'Review Session' : 'Start Session';
          return (
            <li key={session.number} className={`card session-card session-${status}`}>
              <div className="session-card-head">
                <span className="badge">{session.badge}</span>
                <span className={`status status-${status}`}>
                  {status === 'completed' ? 'Completed' : status === 'locked' ? 'Locked' : 'Available'}
                </span>
              </div>
              <h2 className="card-title">{session.title}</h2>
              <p className="card-subtitle">{session.summary}</p>
              {status === 'locked' ? (
                <>
                  <button type="button" className="button button-outline" disabled aria-describedby={`locked-${session.number}`}>
                    {label}
                  </button>
                  <p id={`locked-${session.number}`} className="muted small">
                    Complete Session {session.number - 1} to unlock.
                  </p>
                </>
              ) : (
                <a
                  className={`button session-card-link ${status === 'completed' ? 'button-outline' : 'button-primary'}`}
                  href={sessionPath(session.number)}
                >
                  {label}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </Shell>
  );
}
