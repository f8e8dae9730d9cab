// Session 1 without JavaScript (docs/product.md#session-1-without-javascript): three steps, each
// at its own address so a failed post comes back to it (Post/Redirect/Get).
//   answers:     the 70 ratings, posted as one form; kept as a sealed draft cookie (src/server/session1-draft.ts)
//   results:     the wheel and the Keystone choice (a GET form: choosing stores nothing)
//   reflections: the three reflections, posted with the Keystone; saved with the draft answers
//                through the same save as the JSON API, then 303 to /sessions.
import { type Context, Hono } from 'hono';
import type { ReactNode } from 'react';
import type { AppEnv } from '../app-env';
import { saveSession } from '../data/progress';
import { session1AnswersSchema, session1FinishSchema, session1Schema } from '../domain/progress-schemas';
import { toClientView } from '../domain/progress-view';
import { arenaScores, defaultKeystone } from '../domain/scoring';
import { isSession1Step, keystoneOf, type Session1Step, session1StepPath, unansweredQuestions } from '../domain/session1-steps';
import { SESSION_SAVED_TOASTS, sessionFailureToast } from '../domain/toasts';
import { PATHS, sessionPath } from '../paths';
import { type Failure, setFlash, takeFailure } from '../server/flash';
import { currentAuth, requireUserPage } from '../server/guards';
import { readInput } from '../server/input';
import { upcomingWebinars, userProgress } from '../server/page-reads';
import { reject } from '../server/respond';
import { forgetDraft, keepDraft, readDraft } from '../server/session1-draft';
import { renderPage } from '../views/render-page';
import { RETAKE_PARAM } from '../views/SessionReview';
import { Shell } from '../views/Shell';
import { AnswersForm } from '../views/session1/AnswersForm';
import { ReflectionsStep } from '../views/session1/ReflectionsStep';
import { ResultsStep } from '../views/session1/ResultsStep';
import { Session1StepLayout } from '../views/session1/Session1Steps';

const PAGE_TITLE = 'Wheel of Truth';

async function renderStep(c: Context<AppEnv>, step: ReactNode, failure?: Failure): Promise<Response> {
  return renderPage(
    c,
    <Shell auth={currentAuth(c)} webinars={await upcomingWebinars(c)} active="sessions">
      <Session1StepLayout>{step}</Session1StepLayout>
    </Shell>,
    { title: PAGE_TITLE, status: failure?.status, toast: failure && sessionFailureToast(1, failure) },
  );
}

function postedAnswers(failure: Failure): Record<string, unknown> {
  const posted = failure.reply.initialValue;
  return typeof posted === 'object' && posted !== null ? (posted as Record<string, unknown>) : {};
}

function renderAnswersFailure(c: Context<AppEnv>, failure: Failure): Promise<Response> {
  const values = postedAnswers(failure);
  return renderStep(c, <AnswersForm values={values} missing={unansweredQuestions(values)} />, failure);
}

async function renderReflectionsFailure(c: Context<AppEnv>, failure: Failure): Promise<Response> {
  const keystone = keystoneOf(c.req.query('keystone')) ?? keystoneOf(postedKeystone(failure));
  if (!keystone) return c.redirect(session1StepPath('results'), 303);
  const editing = Boolean((await userProgress(c))?.session1CompletedAt);
  return renderStep(c, <ReflectionsStep keystone={keystone} failure={failure} editing={editing} />, failure);
}

function postedKeystone(failure: Failure): unknown {
  return (failure.reply.initialValue as { keystoneArena?: unknown } | null | undefined)?.keystoneArena;
}

/**
 * GET /sessions/1?step=...: a step needs the draft answers, and reflections a Keystone too.
 * `editing`: Session 1 was completed before, so the last step saves changes (review mode).
 */
async function showSession1Step(c: Context<AppEnv>, step: Session1Step): Promise<Response> {
  const saved = toClientView(await userProgress(c)).session1;
  const savedAnswers = saved?.questionResponses ?? null;
  const editing = Boolean(saved?.completedAt);
  const draft = await readDraft(c, currentAuth(c).user.id);
  // A retake (the dashboard's `?retake`, decision 39) starts from empty answers, not the saved wheel's.
  const retake = c.req.query(RETAKE_PARAM) !== undefined;
  if (step === 'answers') return renderStep(c, <AnswersForm values={draft ?? (retake ? null : savedAnswers) ?? {}} missing={[]} />);
  if (!draft) return c.redirect(session1StepPath('answers'), 303);
  const scores = arenaScores(draft);
  const keystone = keystoneOf(c.req.query('keystone'));
  if (step === 'results') return renderStep(c, <ResultsStep scores={scores} keystone={keystone ?? defaultKeystone(scores)} />);
  if (!keystone) return c.redirect(session1StepPath('results'), 303);
  return renderStep(c, <ReflectionsStep keystone={keystone} editing={editing} />);
}

/** POST /sessions/1?step=answers or ?step=reflections. */
async function postSession1Step(c: Context<AppEnv>, step: Session1Step): Promise<Response> {
  const { user } = currentAuth(c);
  if (step === 'answers') {
    const input = await readInput(c, session1AnswersSchema);
    if (!input.ok) return reject(c, input, renderAnswersFailure, { status: 400 });
    await keepDraft(c, user.id, input.value);
    return c.redirect(session1StepPath('results'), 303);
  }
  if (step === 'reflections') {
    const input = await readInput(c, session1FinishSchema);
    if (!input.ok) return reject(c, input, renderReflectionsFailure, { status: 400 });
    const draft = await readDraft(c, user.id);
    if (!draft) {
      // The week-long draft ran out (or was written by another account on this browser).
      setFlash(c, {
        toast: { title: 'Your answers were not kept', description: 'Please answer the questions again.', variant: 'destructive' },
      });
      return c.redirect(session1StepPath('answers'), 303);
    }
    const payload = session1Schema.parse({ questionResponses: draft, ...input.value });
    forgetDraft(c);
    await saveSession(c.get('db'), user.id, 1, payload);
    setFlash(c, { toast: SESSION_SAVED_TOASTS[1] });
    return c.redirect(PATHS.sessions, 303);
  }
  // The results step has no form post (its Keystone choice is a GET form).
  return c.notFound();
}

/** A step of Session 1 without JavaScript: `/sessions/1?step=...`; without a step, the session page (src/routes/sessions.tsx). */
function stepOf(c: Context<AppEnv>): Session1Step | 'none' | null {
  const step = c.req.query('step');
  if (step === undefined) return 'none';
  return isSession1Step(step) ? step : null;
}

const session1Path = sessionPath(1);

export const session1StepRoutes = new Hono<AppEnv>()
  .get(session1Path, requireUserPage({ access: 'challenge', reads: ['progress'] }), async (c, next) => {
    const step = stepOf(c);
    if (step === 'none') return next();
    if (!step) return c.notFound();
    const failure = takeFailure(c);
    if (failure && step === 'answers') return renderAnswersFailure(c, failure);
    if (failure && step === 'reflections') return renderReflectionsFailure(c, failure);
    return showSession1Step(c, step);
  })
  .post(session1Path, requireUserPage({ access: 'challenge' }), async (c, next) => {
    const step = stepOf(c);
    if (step === 'none') return next();
    return step ? postSession1Step(c, step) : c.notFound();
  });
