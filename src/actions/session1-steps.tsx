// Session 1 without JavaScript (docs/product.md#session-1-without-javascript): three steps, each
// at its own address so a failed post comes back to it (Post/Redirect/Get).
//   answers:     the 70 ratings, posted as one form; kept as a sealed draft cookie (session1-draft.ts)
//   results:     the wheel and the Keystone choice (a GET form: choosing stores nothing)
//   reflections: the three reflections, posted with the Keystone; saved with the draft answers
//                through the same save as the JSON API, then 303 to /sessions.
import type { Context } from 'hono';
import type { ReactNode } from 'react';
import type { AppEnv } from '../app-env';
import { listUpcomingWebinars } from '../data/webinars';
import { session1AnswersSchema, session1FinishSchema, session1Schema } from '../domain/progress-schemas';
import { QUESTION_IDS, RATING_MAX, RATING_MIN } from '../domain/questions';
import { arenaScores, defaultKeystone } from '../domain/scoring';
import { keystoneOf, session1StepPath, type Session1Step } from '../domain/session1-steps';
import { setFlash, type Toast } from '../server/flash';
import { formPage } from '../server/form-replay';
import { currentAuth } from '../server/guards';
import { readInput } from '../server/input';
import { userProgress } from '../server/page-reads';
import { reject, type Failure } from '../server/respond';
import { renderPage } from '../views/render';
import { AnswersForm } from '../views/session1/AnswersForm';
import { ReflectionsStep } from '../views/session1/ReflectionsStep';
import { ResultsStep } from '../views/session1/ResultsStep';
import { Session1StepLayout } from '../views/session1/Session1Steps';
import { Shell } from '../views/Shell';
import { failureToast, storeSession } from './progress';
import { forgetDraft, keepDraft, readDraft } from './session1-draft';

const PAGE_TITLE = 'Wheel of Truth';

async function renderStep(c: Context<AppEnv>, step: ReactNode, failure?: Failure, toast?: Toast): Promise<Response> {
  const webinars = await listUpcomingWebinars(c.get('db'));
  return renderPage(
    c,
    <Shell auth={currentAuth(c)} webinars={webinars} active="sessions">
      <Session1StepLayout>{step}</Session1StepLayout>
    </Shell>,
    { title: PAGE_TITLE, status: failure?.status, toast },
  );
}

/** The questions a posted (or kept) set of answers leaves without a rating from 1 to 10. */
export function unansweredQuestions(values: Readonly<Record<string, unknown>>): string[] {
  return QUESTION_IDS.filter((id) => {
    const value = Number(values[id]);
    return !(Number.isInteger(value) && value >= RATING_MIN && value <= RATING_MAX);
  });
}

function postedAnswers(failure: Failure): Record<string, unknown> {
  const posted = failure.reply.initialValue;
  return typeof posted === 'object' && posted !== null ? (posted as Record<string, unknown>) : {};
}

const ANSWERS_PAGE = formPage('session-1-answers', (c, failure) => {
  const values = postedAnswers(failure);
  return renderStep(c, <AnswersForm values={values} missing={unansweredQuestions(values)} />, failure, failureToast(1, failure));
});

const REFLECTIONS_PAGE = formPage('session-1-reflections', async (c, failure) => {
  const keystone = keystoneOf(c.req.query('keystone')) ?? keystoneOf(postedKeystone(failure));
  if (!keystone) return c.redirect(session1StepPath('results'), 303);
  const editing = Boolean((await userProgress(c))?.session1CompletedAt);
  return renderStep(c, <ReflectionsStep keystone={keystone} failure={failure} editing={editing} />, failure, failureToast(1, failure));
});

function postedKeystone(failure: Failure): unknown {
  return (failure.reply.initialValue as { keystoneArena?: unknown } | null | undefined)?.keystoneArena;
}

/**
 * GET /sessions/1?step=...: a step needs the draft answers, and reflections a Keystone too.
 * `editing`: Session 1 was completed before, so the last step saves changes (review mode).
 */
export async function showSession1Step(c: Context<AppEnv>, step: Session1Step, savedAnswers: Record<string, number> | null, editing = false): Promise<Response> {
  const draft = await readDraft(c, currentAuth(c).user.id);
  if (step === 'answers') return renderStep(c, <AnswersForm values={draft ?? savedAnswers ?? {}} missing={[]} />);
  if (!draft) return c.redirect(session1StepPath('answers'), 303);
  const scores = arenaScores(draft);
  const keystone = keystoneOf(c.req.query('keystone'));
  if (step === 'results') return renderStep(c, <ResultsStep scores={scores} keystone={keystone ?? defaultKeystone(scores)} />);
  if (!keystone) return c.redirect(session1StepPath('results'), 303);
  return renderStep(c, <ReflectionsStep keystone={keystone} editing={editing} />);
}

/** POST /sessions/1?step=answers or ?step=reflections. */
export async function postSession1Step(c: Context<AppEnv>, step: Session1Step): Promise<Response> {
  const { user } = currentAuth(c);
  if (step === 'answers') {
    const input = await readInput(c, session1AnswersSchema);
    if (!input.ok) return reject(c, input, ANSWERS_PAGE, { status: 400 });
    await keepDraft(c, user.id, input.value);
    return c.redirect(session1StepPath('results'), 303);
  }
  if (step === 'reflections') {
    const input = await readInput(c, session1FinishSchema);
    if (!input.ok) return reject(c, input, REFLECTIONS_PAGE, { status: 400 });
    const draft = await readDraft(c, user.id);
    if (!draft) {
      // The week-long draft ran out (or was written by another account on this browser).
      setFlash(c, { title: 'Your answers were not kept', description: 'Please answer the questions again.', variant: 'destructive' });
      return c.redirect(session1StepPath('answers'), 303);
    }
    const payload = session1Schema.parse({ questionResponses: draft, ...input.value });
    forgetDraft(c);
    return storeSession(c, 1, payload, 'form');
  }
  // The results step has no form post (its Keystone choice is a GET form).
  return c.notFound();
}
