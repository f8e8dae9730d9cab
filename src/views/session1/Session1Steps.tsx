// The page of a no-JavaScript Session 1 step (/sessions/1?step=...): the session header and one
// step. NoScriptQuestionnaire sits in <noscript> on /sessions/1 itself: it leads to the first step
// (the island, whose server HTML does nothing without JavaScript, is hidden by the <noscript> style
// in the head, src/views/Document.tsx). The long form is not inlined there, because every render
// of /sessions/1 would pay for its 700 radio buttons.
import type { ReactNode } from 'react';
import { sessionInfo } from '../../domain/session-status';
import { session1StepPath } from '../../domain/session1-steps';
import { RETAKE_PARAM } from '../SessionReview';

function Session1Header() {
  const info = sessionInfo(1);
  return (
    <header className="session-header">
      <span className="badge">{info.badge}</span>
      <h1 className="page-title">{info.pageTitle}</h1>
      <p className="page-subtitle">{info.summary}</p>
    </header>
  );
}

export function Session1StepLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <Session1Header />
      <div className="s1-step">{children}</div>
    </>
  );
}

/** `retake`: the dashboard's retake (decision 39): the long form starts empty, not filled with the saved wheel. */
export function NoScriptQuestionnaire({ hasDraft, retake = false }: { hasDraft: boolean; retake?: boolean }) {
  return (
    <noscript>
      <div className="s1-step card">
        <p>Without JavaScript the 70 questions come as one long form, a rating from 1 to 10 for each.</p>
        <a className="button button-primary" href={retake ? `${session1StepPath('answers')}&${RETAKE_PARAM}` : session1StepPath('answers')}>
          {hasDraft ? 'Continue Answering' : 'Answer the Questions'}
        </a>
      </div>
    </noscript>
  );
}
