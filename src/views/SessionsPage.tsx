// /sessions, '4-Week Challenge': the four session cards and the completion panel. Under weekly
// pacing (decision 36) the page says how the sessions open, and a closed card says when it opens.

import type { Auth } from '../data/auth-sessions';
import { gateLabel } from '../domain/cohorts';
import { pacingText, type SessionClock, sessionStatus, waitlistText } from '../domain/pacing';
import { isChallengeComplete, SESSIONS, type SessionCompletions } from '../domain/session-status';
import type { Webinar } from '../domain/webinars';
import { PATHS, sessionPath } from '../paths';
import { Shell } from './Shell';

export interface SessionsPageProps {
  auth: Auth;
  webinars: Webinar[];
  completions: SessionCompletions | null;
  /** The participant's cohort and today in their zone: what opens each session. */
  clock: SessionClock;
}

export function SessionsPage({ auth, webinars, completions, clock }: SessionsPageProps) {
  const pacing = pacingText(clock.place);
  const waitlist = waitlistText(clock.place);
  return (
    <Shell auth={auth} webinars={webinars} active="sessions">
      <div className="page-header">
        <div>
          <h1 className="page-title">4-Week Challenge</h1>
          <p className="page-subtitle">Four weekly sessions, done in order.</p>
          {pacing && <p className="pacing-note">{pacing}</p>}
          {waitlist && <p className="pacing-note">{waitlist}</p>}
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
          const state = sessionStatus(completions, session.number, clock);
          const label = state.status === 'completed' ? 'Review Session' : 'Start Session';
          const closedBy = state.status === 'locked' ? state.gate.reason : null;
          return (
            <li key={session.number} className={`card session-card session-${state.status}`}>
              <div className="session-card-head">
                <span className="badge">{session.badge}</span>
                <span className={`status status-${state.status}`}>
                  {state.status === 'completed'
                    ? 'Completed'
                    : state.status === 'available'
                      ? 'Available'
                      : closedBy === 'previous'
                        ? 'Locked'
                        : 'Not open yet'}
                </span>
              </div>
              <h2 className="card-title">{session.title}</h2>
              <p className="card-subtitle">{session.summary}</p>
              {state.status === 'locked' ? (
                // Not a link: a closed session's page would only send them back here. The button is
                // there to be read (and skipped by Tab); what it waits for is its description.
                <>
                  <button type="button" className="button button-outline" disabled aria-describedby={`locked-${session.number}`}>
                    {label}
                  </button>
                  <p id={`locked-${session.number}`} className={closedBy === 'previous' ? 'muted small' : 'session-opens small'}>
                    {gateLabel(state.gate, clock.today)}
                  </p>
                </>
              ) : (
                <a
                  className={`button session-card-link ${state.status === 'completed' ? 'button-outline' : 'button-primary'}`}
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
