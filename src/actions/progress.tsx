// Saving a session: the JSON API (POST /api/progress, the session is read from the payload) and
// each session page's form post (POST /sessions/N). Sessions save in order (409 otherwise).
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { progressRecord, saveSession } from '../data/progress';
import { progressPayloadSchema, SESSION_SCHEMAS, sessionOfPayload } from '../domain/progress-schemas';
import { isSessionCompleted, isSessionNumber, type SessionNumber } from '../domain/session-status';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { setFlash, type Toast } from '../server/flash';
import { keepTickedRows } from '../server/form-lists';
import { currentAuth } from '../server/guards';
import { readInput } from '../server/input';
import { formPage } from '../server/form-replay';
import { reject } from '../server/respond';
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

const sessionFormPage = (session: SessionNumber) =>
  formPage(`session-${session}`, (c, failure) =>
    renderSessionPage(c, session, {
      failure,
      toast:
        failure.status === 409
          ? { title: 'Error', description: failure.message, variant: 'destructive' }
          : session === 1
            ? { title: 'Error saving progress', description: 'Please try again.', variant: 'destructive' }
            : { title: 'Error', description: 'Failed to save session. Please try again.', variant: 'destructive' },
    }),
  );
/** One per session, declared once so a kept failure finds its page after the redirect. */
const SESSION_FORM_PAGES = { 1: sessionFormPage(1), 2: sessionFormPage(2), 3: sessionFormPage(3), 4: sessionFormPage(4) };

/** Saves one session: `posted` names it for a form post; a JSON body names it by its fields. */
export async function saveProgress(c: Context<AppEnv>, posted: SessionNumber | null): Promise<Response> {
  const input = posted
    ? await readInput(c, SESSION_SCHEMAS[posted], {
        prepareForm: (form) => keepTickedRows(keepTickedRows(form, 'blockers', 'name'), 'accelerators', 'name'),
      })
    : await readInput(c, progressPayloadSchema);
  if (!input.ok) return reject(c, input, SESSION_FORM_PAGES[posted ?? 1], { status: 400 });
  const session = posted ?? sessionOfPayload(input.value);
  const db = c.get('db');
  const { user } = currentAuth(c);
  const row = await userProgress(c);
  if (session > 1 && !isSessionCompleted(row, (session - 1) as SessionNumber)) {
    return reject(c, input, SESSION_FORM_PAGES[session], { status: 409, message: `Complete Session ${session - 1} first` });
  }
  const saved = await saveSession(db, user.id, session, input.value);
  forgetPageReads(c);
  // The toast rides on the next page: a form post's redirect, or the island's own navigation.
  setFlash(c, SAVED_TOASTS[session]);
  if (input.mode === 'json') return c.json({ progress: progressRecord(saved) });
  return c.redirect(PATHS.sessions, 303);
}
