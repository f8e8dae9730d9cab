// A session's page (/sessions/1..4): its form filled from what was posted (after a failure) or
// what was saved. Rendered by the page route and again by the save action after a failure.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { listUpcomingWebinars } from '../data/webinars';
import type { ProgressRow } from '../db/schema';
import { isArena } from '../domain/arenas';
import type { BlockerEntry } from '../domain/progress-schemas';
import { toClientView } from '../domain/progress-view';
import { sessionInfo, type SessionNumber } from '../domain/session-status';
import { API, PATHS, sessionPath } from '../paths';
import type { Toast } from '../server/flash';
import { currentAuth } from '../server/guards';
import type { Failure } from '../server/respond';
import { readDraft } from '../actions/session1-draft';
import { Island } from './islands';
import { NoScriptQuestionnaire } from './session1/Session1Steps';
import { renderPage } from './render';
import { Shell } from './Shell';
import { EDIT_PARAM, SessionReview } from './SessionReview';
import { userProgress } from '../server/page-reads';

interface SessionPageOptions {
  failure?: Failure;
  toast?: Toast;
  /** The member's progress row, when the caller has already read it. */
  row?: ProgressRow | null;
}

/** A session's page: its form filled from what was posted (after a failure) or saved. */
export async function renderSessionPage(c: Context<AppEnv>, session: SessionNumber, options: SessionPageOptions = {}): Promise<Response> {
  const auth = currentAuth(c);
  const db = c.get('db');
  const [webinars, row] = await Promise.all([
    listUpcomingWebinars(db),
    options.row !== undefined ? options.row : userProgress(c),
  ]);
  const view = toClientView(row);
  const info = sessionInfo(session);
  const action = sessionPath(session);
  const posted = (options.failure?.reply.initialValue ?? null) as Record<string, unknown> | null;
  const errors = options.failure?.fieldErrors;
  // Review mode: a completed session's form saves changes rather than completing it again.
  const editing = Boolean(view[`session${session}`]?.completedAt);
  const list = <T,>(key: string, saved: T[] | undefined): T[] => (posted ? ((posted[key] as T[] | undefined) ?? []).filter(Boolean) : (saved ?? []));

  let body;
  switch (session) {
    case 1: {
      // Without JavaScript the island's HTML does nothing: <noscript> hides it and leads to the
      // questionnaire as one form (/sessions/1?step=answers).
      const draft = await readDraft(c, auth.user.id);
      body = (
        <>
        <Island
          name="WheelOfTruth"
          props={{
            userId: auth.user.id,
            saved: view.session1?.keystoneArena
              ? { questionResponses: view.session1.questionResponses, keystoneArena: view.session1.keystoneArena, reflections: view.session1.reflections }
              : null,
            saveUrl: API.progress,
            doneUrl: PATHS.sessions,
            editing,
          }}
        />
        <NoScriptQuestionnaire hasDraft={draft !== null} />
        </>
      );
      break;
    }
    case 2:
      // A posted blocker with one ticked arena comes back as a string, not a list of one.
      const blockers = list<BlockerEntry>('blockers', view.session2?.blockers).map((b) => ({ ...b, arenas: ([] as unknown[]).concat(b.arenas ?? []).filter(isArena) }));
      body = <Island name="BlockersForm" props={{ action, cancelUrl: PATHS.sessions, initial: blockers, errors, editing }} />;
      break;
    case 3:
      body = <Island name="AcceleratorsForm" props={{ action, cancelUrl: PATHS.sessions, initial: list('accelerators', view.session3?.accelerators), errors, editing }} />;
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
            initial: { vision90Day: text('vision90Day', view.session4?.vision90Day), target90Day: text('target90Day', view.session4?.target90Day), goals },
            errors,
            editing,
          }}
        />
      );
      break;
    }
  }

  return renderPage(
    c,
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
        editing={c.req.query(EDIT_PARAM) !== undefined || Boolean(options.failure)}
        timeZone={auth.user.timeZone}
      >
        {body}
      </SessionReview>
    </Shell>,
    { title: info.pageTitle, status: options.failure?.status, toast: options.toast },
  );
}

