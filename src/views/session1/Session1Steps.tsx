// The page of a no-JavaScript Session 1 step (/sessions/1?step=...): the session header and one
// step. NoScriptQuestionnaire is the same first step inside <noscript> on /sessions/1 itself,
// where it hides the island (whose server HTML does nothing without JavaScript).
import type { ReactNode } from 'react';
import { ISLAND_ATTR } from '../../constants';
import { sessionInfo } from '../../domain/session-status';
import { AnswersForm, type AnswersFormProps } from './AnswersForm';

export function Session1Header() {
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

export function NoScriptQuestionnaire(props: AnswersFormProps) {
  return (
    <noscript>
      <style>{`[${ISLAND_ATTR.name}=WheelOfTruth]{display:none}`}</style>
      <div className="s1-step">
        <AnswersForm {...props} />
      </div>
    </noscript>
  );
}
