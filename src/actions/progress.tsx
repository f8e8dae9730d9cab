// Saving a session: the JSON API (POST /api/progress, the session is read from the payload) and
// each session page's form post (POST /sessions/N). Sessions save in order (409 otherwise).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { progressRecord, saveSession } from '../data/progress';
import { progressPayloadSchema, session3FormSchema, SESSION_SCHEMAS, sessionOfPayload, type ProgressPayload } from '../domain/progress-schemas';
import { isSessionCompleted, isSessionNumber, type SessionNumber } from '../domain/session-status';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { setFlash, type Toast } from '../server/flash';
import { keepTickedRows } from '../server/form-lists';
import { currentAuth } from '../server/guards';
import { readInput, type InputMode } from '../server/input';
import { formPage } from '../server/form-replay';
import { reject, type Failure } from '../server/respond';
import { renderSessionPage } from '../views/session-page';
import { forgetPageReads, userProgress } from '../server/page-reads';

const SAVED_TOASTS: Record<SessionNumber, Toast> = {
  1: { title: 'Session 1 completed!', description: 'Your progress has been saved.' },
  2: { title: 'Session 2 Complete!', description: 'Your progress has been saved.' },
  3: { title: 'Session 3 Complete!', description: 'Your progress has been saved.' },
  4: { title: 'Session 4 Complete!', description: 'Your progress has been saved.' },
};

/** Which session an old-style form post saves: `?session=N`. */
export function formSession(c: Context<AppEnv>): SessionNumber {
  const session = Number(c.req.query('session'));
  if (!isSessionNumber(session)) throw new HttpError(400, 'Say which session the form saves (?session=1 to 4)');
  return session;
}

export const INVALID_FORM_TITLE = 'Please fix the highlighted fields';

/** A mistake in the form says what to fix; only a refused save reads as a failed save. */
export function failureToast(session: SessionNumber, failure: Failure): Toast {
  if (failure.status === 400) return { title: INVALID_FORM_TITLE, description: failure.message, variant: 'destructive' };
  if (failure.status === 409) return { title: 'Error', description: failure.message, variant: 'destructive' };
  return session === 1
    ? { title: 'Error saving progress', description: 'Please try again.', variant: 'destructive' }
    : { title: 'Error', description: 'Failed to save session. Please try again.', variant: 'destructive' };
}

const sessionFormPage = (session: SessionNumber) =>
  formPage(`session-${session}`, (c, failure) => renderSessionPage(c, session, { failure, toast: failureToast(session, failure) }));
/** One per session, declared once so a kept failure finds its page after the redirect. */
const SESSION_FORM_PAGES = { 1: sessionFormPage(1), 2: sessionFormPage(2), 3: sessionFormPage(3), 4: sessionFormPage(4) };

/** Saves one session: `posted` names it for a form post; a JSON body names it by its fields. */
export async function saveProgress(c: Context<AppEnv>, posted: SessionNumber | null): Promise<Response> {
  const input = posted
    ? await readInput(c, SESSION_SCHEMAS[posted], {
        formSchema: posted === 3 ? session3FormSchema : undefined,
        prepareForm: (form) => keepTickedRows(keepTickedRows(form, 'blockers', 'name'), 'accelerators', 'name'),
      })
    : await readInput(c, progressPayloadSchema);
  if (!input.ok) return reject(c, input, SESSION_FORM_PAGES[posted ?? 1], { status: 400 });
  const session = posted ?? sessionOfPayload(input.value);
  const row = await userProgress(c);
  if (session > 1 && !isSessionCompleted(row, (session - 1) as SessionNumber)) {
    return reject(c, input, SESSION_FORM_PAGES[session], { status: 409, message: `Complete Session ${session - 1} first` });
  }
  return storeSession(c, session, input.value, input.mode);
}

/** Stores a valid session and answers: the record as JSON, or a 303 to /sessions, with the toast. */
export async function storeSession(c: Context<AppEnv>, session: SessionNumber, value: ProgressPayload, mode: InputMode): Promise<Response> {
  const row = await saveSession(c.get('db'), currentAuth(c).user.id, session, value);
  forgetPageReads(c);
  // The toast rides on the next page: a form post's redirect, or the island's own navigation.
  setFlash(c, SAVED_TOASTS[session]);
  if (mode === 'json') return c.json({ progress: progressRecord(row) });
  return c.redirect(PATHS.sessions, 303);
}
