// A session's page (/sessions/1..4): its form filled from what was posted (after a failure) or
// what was saved. The route (src/routes/sessions.tsx) reads what it shows.
import type { ReactNode } from 'react';
import type { Auth } from '../data/auth-sessions';
import type { ProgressRow } from '../db/schema';
import { isArena } from '../domain/arenas';
import type { Failure } from '../domain/field-errors';
import type { BlockerEntry } from '../domain/progress-schemas';
import { toClientView } from '../domain/progress-view';
import { REFLECTION_QUESTIONS } from '../domain/questions';
import { type SessionNumber, sessionInfo } from '../domain/session-status';
import { userTimeZone } from '../domain/time-zone';
import type { Webinar } from '../domain/webinars';
import { API, PATHS, sessionPath } from '../paths';
import { Island } from './islands';
import { MilestoneFramework } from './MilestoneFramework';
import { SessionReview } from './SessionReview';
import { Shell } from './Shell';
import { NoScriptQuestionnaire } from './session1/Session1Steps';

/** Session 1 in review: what the participant wrote after choosing the Keystone. */
function SavedReflections({ reflections }: { reflections: string[] }) {
  return (
    <section className="card session-after saved-reflections" aria-labelledby="saved-reflections-title">
      <h2 id="saved-reflections-title" className="card-title">
        Your reflections
      </h2>
      <dl className="answers">
        {REFLECTION_QUESTIONS.map((prompt, i) => (
          <div key={prompt}>
            <dt>{prompt}</dt>
            <dd>{reflections[i] || <span className="muted">Not answered</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface SessionPageProps {
  auth: Auth;
  webinars: Webinar[];
  session: SessionNumber;
  row: ProgressRow | null;
  /** A failed post of this page's form: its values and messages fill the form. */
  failure: Failure | null;
  /** Session 1 without JavaScript has answers kept from an earlier visit. */
  hasDraft: boolean;
  /** The review mode's 'Edit answers' was chosen (docs/product.md#review-mode). */
  editRequested: boolean;
  /** Session 1: the dashboard's 'Retake the Wheel of Truth' (`?retake`): a new wheel from question 1. */
  retakeRequested?: boolean;
  /** Today in the participant's zone: the milestones' dates. */
  today: string;
}

export function SessionPage({
  auth,
  webinars,
  session,
  row,
  failure,
  hasDraft,
  editRequested,
  retakeRequested = false,
  today,
}: SessionPageProps) {
  const view = toClientView(row);
  const info = sessionInfo(session);
  const action = sessionPath(session);
  const posted = (failure?.reply.initialValue ?? null) as Record<string, unknown> | null;
  const errors = failure?.fieldErrors;
  // Review mode: a completed session's form saves changes rather than completing it again.
  const editing = Boolean(view[`session${session}`]?.completedAt);
  const retaking = session === 1 && editing && retakeRequested && !failure;
  const list = <T,>(key: string, saved: T[] | undefined): T[] =>
    posted ? ((posted[key] as T[] | undefined) ?? []).filter(Boolean) : (saved ?? []);

  let body: ReactNode;
  switch (session) {
    case 1: {
      // Without JavaScript the island's HTML does nothing: <noscript> hides it and leads to the
      // questionnaire as one form (/sessions/1?step=answers).
      body = (
        <>
          <Island
            name="WheelOfTruth"
            props={{
              userId: auth.user.id,
              // A retake starts from question 1 (decision 39: the saved wheel stays in the history).
              saved:
                view.session1?.keystoneArena && !retaking
                  ? {
                      questionResponses: view.session1.questionResponses,
                      keystoneArena: view.session1.keystoneArena,
                      reflections: view.session1.reflections,
                    }
                  : null,
              saveUrl: API.progress,
              doneUrl: PATHS.sessions,
              editing: editing && !retaking,
            }}
          />
          <NoScriptQuestionnaire hasDraft={hasDraft} retake={retaking} />
        </>
      );
      break;
    }
    case 2: {
      // A posted blocker with one ticked arena comes back as a string, not a list of one.
      const blockers = list<BlockerEntry>('blockers', view.session2?.blockers).map((b) => ({
        ...b,
        arenas: ([] as unknown[]).concat(b.arenas ?? []).filter(isArena),
      }));
      body = <Island name="BlockersForm" props={{ action, cancelUrl: PATHS.sessions, initial: blockers, errors, editing }} />;
      break;
    }
    case 3:
      body = (
        <Island
          name="AcceleratorsForm"
          props={{ action, cancelUrl: PATHS.sessions, initial: list('accelerators', view.session3?.accelerators), errors, editing }}
        />
      );
      break;
    case 4: {
      const text = (key: string, saved: string | null | undefined) => (posted ? String(posted[key] ?? '') : (saved ?? ''));
      const goals = list<{ goal?: string }>('milestones', view.session4?.milestones).map((m) => m?.goal ?? '');
      body = (
        <Island
          name="LegacyMapForm"
          props={{
            action,
            cancelUrl: PATHS.sessions,
            keystone: view.session1?.keystoneArena ?? null,
            accelerators: view.session3?.accelerators.map((a) => a.name) ?? [],
            initial: {
              vision90Day: text('vision90Day', view.session4?.vision90Day),
              target90Day: text('target90Day', view.session4?.target90Day),
              goals,
            },
            errors,
            editing,
          }}
        />
      );
      break;
    }
  }

  return (
    <Shell auth={auth} webinars={webinars} active="sessions">
      <header className="session-header">
        <span className="badge">{info.badge}</span>
        <h1 className="page-title">{info.pageTitle}</h1>
        <p className="page-subtitle">{info.summary}</p>
      </header>
      {/* Review mode (docs/product.md#review-mode): a completed session is read-only until 'Edit answers'. */}
      <SessionReview
        completedAt={view[`session${session}`]?.completedAt}
        pagePath={action}
        editing={editRequested || Boolean(failure)}
        retaking={retaking}
        timeZone={auth.user.timeZone}
      >
        {body}
      </SessionReview>
      {session === 1 && view.session1?.completedAt && !editRequested && !retaking && !failure && (
        <SavedReflections reflections={view.session1.reflections} />
      )}
      {session === 4 && (
        <MilestoneFramework
          milestones={view.session4?.milestones ?? []}
          done={view.session4?.milestonesDone ?? {}}
          markable={Boolean(view.session4?.completedAt)}
          session4CompletedAt={view.session4?.completedAt}
          today={today}
          timeZone={userTimeZone(auth.user.timeZone)}
        />
      )}
    </Shell>
  );
}
