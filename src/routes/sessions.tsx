// The 4-week challenge (docs/product.md#session-order-and-status): /sessions, each session's page /sessions/1..4
// whose form posts to its own address, and the JSON API /api/progress. A session opens when its
// gate says so (sessionGate: in order, and under weekly pacing on its day and with a seat; decision
// 36): a closed page redirects to /sessions with a toast saying why, and a save of a closed session
// is a 409 with the same words. Session 1 without JavaScript goes step by step (src/routes/session1-steps.tsx).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { markMilestone, progressForApi, saveSession } from '../data/progress';
import { type ClosedGate, gateMessage, sessionGate } from '../domain/cohorts';
import {
  isMilestoneWeek,
  milestoneMarkSchema,
  PROGRESS_MESSAGES,
  type ProgressPayload,
  progressPayloadSchema,
  SESSION_SCHEMAS,
  session3FormSchema,
  session4FormSchema,
  sessionOfPayload,
} from '../domain/progress-schemas';
import { isSessionNumber, type SessionNumber, sessionInfo } from '../domain/session-status';
import { SESSION_SAVED_TOASTS, sessionFailureToast } from '../domain/toasts';
import { API, PATHS, sessionPath } from '../paths';
import { HttpError } from '../server/errors';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { keepTickedRows } from '../server/form-lists';
import { currentAuth, requireUserApi, requireUserPage } from '../server/guards';
import { type InputMode, isFormRequest, readInput } from '../server/input';
import { upcomingWebinars, userProgress } from '../server/page-reads';
import { accept, reject } from '../server/respond';
import { sessionClock } from '../server/session-clock';
import { readDraft } from '../server/session1-draft';
import { FRAMEWORK_ID } from '../views/MilestoneFramework';
import { renderPage } from '../views/render-page';
import { SessionPage } from '../views/SessionPage';
import { EDIT_PARAM, RETAKE_PARAM } from '../views/SessionReview';
import { SessionsPage } from '../views/SessionsPage';

const page = requireUserPage({ access: 'challenge', reads: ['progress'] });

function sessionOf(c: Context<AppEnv>): SessionNumber | null {
  const session = Number(c.req.param('n'));
  return isSessionNumber(session) ? session : null;
}

async function renderSessionPage(c: Context<AppEnv>, session: SessionNumber, failure: Failure | null): Promise<Response> {
  const auth = currentAuth(c);
  const [row, webinars] = await Promise.all([userProgress(c), upcomingWebinars(c)]);
  const hasDraft = session === 1 && (await readDraft(c, auth.user.id)) !== null;
  return renderPage(
    c,
    <SessionPage
      auth={auth}
      webinars={webinars}
      session={session}
      row={row}
      failure={failure}
      hasDraft={hasDraft}
      editRequested={c.req.query(EDIT_PARAM) !== undefined}
      retakeRequested={c.req.query(RETAKE_PARAM) !== undefined}
      today={sessionClock(c).today}
    />,
    { title: sessionInfo(session).pageTitle, status: failure?.status, toast: failure && sessionFailureToast(session, failure) },
  );
}

/** A refused milestone mark is said in a toast; the Legacy Map form keeps what was saved. */
async function renderMilestoneFailure(c: Context<AppEnv>, failure: Failure): Promise<Response> {
  const auth = currentAuth(c);
  const [row, webinars] = await Promise.all([userProgress(c), upcomingWebinars(c)]);
  return renderPage(
    c,
    <SessionPage
      auth={auth}
      webinars={webinars}
      session={4}
      row={row}
      failure={null}
      hasDraft={false}
      editRequested={false}
      today={sessionClock(c).today}
    />,
    {
      title: sessionInfo(4).pageTitle,
      status: failure.status,
      toast: { title: 'Error', description: failure.message, variant: 'destructive' },
    },
  );
}

/**
 * Marks a milestone of a completed Session 4 done or pending again (docs/product.md#the-12-week-framework):
 * `POST /sessions/4?form=milestone` from the page, `POST /api/progress/milestones` as JSON.
 */
async function markMilestoneDone(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, milestoneMarkSchema);
  if (!input.ok) return reject(c, input, renderMilestoneFailure, { status: 400 });
  const { week, status } = input.value;
  if (!isMilestoneWeek(week)) return reject(c, input, renderMilestoneFailure, { status: 400, message: PROGRESS_MESSAGES.milestoneWeek });
  const marked = await markMilestone(c.get('db'), currentAuth(c).user.id, week, status === 'done');
  if (!marked) return reject(c, input, renderMilestoneFailure, { status: 409, message: 'Complete Session 4 first' });
  return accept(c, input.mode, {
    json: { week, status },
    redirect: `${sessionPath(4)}#${FRAMEWORK_ID}`,
    flash:
      status === 'done'
        ? { title: 'Milestone done', description: `Day ${week} milestone reached. Well done!` }
        : { title: 'Milestone pending again', description: `Day ${week} milestone is back to pending.` },
  });
}

const isMilestoneForm = (c: Context<AppEnv>) => c.req.query('form') === 'milestone';

/** Stores a valid session and answers: the record as JSON, or a 303 to /sessions; the toast rides on the next page. */
async function storeSession(c: Context<AppEnv>, session: SessionNumber, value: ProgressPayload, mode: InputMode): Promise<Response> {
  const row = await saveSession(c.get('db'), currentAuth(c).user.id, session, value);
  setFlash(c, { toast: SESSION_SAVED_TOASTS[session] });
  if (mode === 'json') return c.json({ progress: progressForApi(row) });
  return c.redirect(PATHS.sessions, 303);
}

/** Saves one session: `posted` names it for a form post; a JSON body names it by its fields. */
async function saveProgress(c: Context<AppEnv>, posted: SessionNumber | null): Promise<Response> {
  const input = posted
    ? await readInput(c, SESSION_SCHEMAS[posted], {
        formSchema: posted === 3 ? session3FormSchema : posted === 4 ? session4FormSchema : undefined,
        prepareForm: (form) => keepTickedRows(keepTickedRows(form, 'blockers', 'name'), 'accelerators', 'name'),
      })
    : await readInput(c, progressPayloadSchema);
  const session = input.ok ? (posted ?? sessionOfPayload(input.value)) : (posted ?? 1);
  const render = (cc: Context<AppEnv>, failure: Failure) => renderSessionPage(cc, session, failure);
  if (!input.ok) return reject(c, input, render, { status: 400 });
  const { place, today } = sessionClock(c);
  const gate = sessionGate(await userProgress(c), session, place, today);
  if (!gate.open) return reject(c, input, render, { status: 409, message: gateMessage(gate, session, today) });
  return storeSession(c, session, input.value, input.mode);
}

/** Why a closed session's page sent the participant back to /sessions: 'Session 3 is locked', 'Session 2 is not open yet'. */
function closedToast(session: SessionNumber, gate: ClosedGate, today: string) {
  const title = gate.reason === 'previous' ? `Session ${session} is locked` : `Session ${session} is not open yet`;
  return { title, description: `${gateMessage(gate, session, today)}.`, variant: 'destructive' as const };
}

/** Which session a legacy form post to /api/progress saves: `?session=N`. */
function formSession(c: Context<AppEnv>): SessionNumber {
  const session = Number(c.req.query('session'));
  if (!isSessionNumber(session)) throw new HttpError(400, 'Say which session the form saves (?session=1 to 4)');
  return session;
}

export const sessionRoutes = new Hono<AppEnv>()
  .get(PATHS.sessions, page, async (c) => {
    const [row, webinars] = await Promise.all([userProgress(c), upcomingWebinars(c)]);
    return renderPage(c, <SessionsPage auth={currentAuth(c)} webinars={webinars} completions={row} clock={sessionClock(c)} />, {
      title: '4-Week Challenge',
    });
  })

  .get(`${PATHS.sessions}/:n{[0-9]+}`, page, async (c) => {
    const session = sessionOf(c);
    if (!session) return c.notFound();
    // A refused save (409: the session's gate is closed) comes back to its page with the message.
    const failure = takeFailure(c);
    if (failure) return session === 4 && isMilestoneForm(c) ? renderMilestoneFailure(c, failure) : renderSessionPage(c, session, failure);
    const { place, today } = sessionClock(c);
    const gate = sessionGate(await userProgress(c), session, place, today);
    if (!gate.open) {
      setFlash(c, { toast: closedToast(session, gate, today) });
      return c.redirect(PATHS.sessions, 303);
    }
    return renderSessionPage(c, session, null);
  })

  .post(`${PATHS.sessions}/:n{[0-9]+}`, requireUserPage({ access: 'challenge' }), (c) => {
    const session = sessionOf(c);
    if (session === 4 && isMilestoneForm(c)) return markMilestoneDone(c);
    return session ? saveProgress(c, session) : c.notFound();
  })

  .post(API.milestones, requireUserApi({ access: 'challenge' }), markMilestoneDone)

  .get(API.progress, requireUserApi({ access: 'challenge', reads: ['progress'] }), async (c) => {
    const row = await userProgress(c);
    return c.json({ progress: row ? progressForApi(row) : null });
  })

  .post(API.progress, requireUserApi({ access: 'challenge' }), (c) => saveProgress(c, isFormRequest(c) ? formSession(c) : null));
