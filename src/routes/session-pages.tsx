// /sessions and /sessions/1..4. Locked sessions are not served: they redirect to /sessions.
// Each session's form posts to its own address (POST /sessions/N); Session 1 without JavaScript
// has a step in its address (/sessions/1?step=answers|results|reflections).
import { Hono } from 'hono';
import { saveProgress } from '../actions/progress';
import { postSession1Step, showSession1Step } from '../actions/session1-steps';
import { toClientView } from '../domain/progress-view';
import { isSession1Step } from '../domain/session1-steps';
import type { AppEnv } from '../app-env';
import { renderSessionPage } from '../views/session-page';
import { isSessionNumber, sessionStatus } from '../domain/session-status';
import { PATHS } from '../paths';
import { setFlash } from '../server/flash';
import { currentAuth, requireUserPage, requireAccessPage } from '../server/guards';
import { listUpcomingWebinars } from '../data/webinars';
import { renderPage } from '../views/render';
import { SessionsPage } from '../views/SessionsPage';
import { userProgress } from '../server/page-reads';

export const sessionPageRoutes = new Hono<AppEnv>()
  .use('*', requireUserPage, requireAccessPage('challenge', 'Sessions'))

  .get('/', async (c) => {
    const auth = currentAuth(c);
    const db = c.get('db');
    const [webinars, row] = await Promise.all([listUpcomingWebinars(db), userProgress(c)]);
    return renderPage(c, <SessionsPage auth={auth} webinars={webinars} completions={row} />, { title: '4-Week Challenge' });
  })

  .get('/:n{[0-9]+}', async (c) => {
    const session = Number(c.req.param('n'));
    if (!isSessionNumber(session)) return c.notFound();
    const row = await userProgress(c);
    if (sessionStatus(row, session) === 'locked') {
      setFlash(c, { title: `Session ${session} is locked`, description: `Complete Session ${session - 1} first.`, variant: 'destructive' });
      return c.redirect(PATHS.sessions, 303);
    }
    const step = c.req.query('step');
    if (session === 1 && step !== undefined) {
      if (!isSession1Step(step)) return c.notFound();
      const saved = toClientView(row).session1;
      return showSession1Step(c, step, saved?.questionResponses ?? null, Boolean(saved?.completedAt));
    }
    return renderSessionPage(c, session, { row });
  })

  .post('/:n{[0-9]+}', async (c) => {
    const session = Number(c.req.param('n'));
    if (!isSessionNumber(session)) return c.notFound();
    // Session 1 without JavaScript posts step by step (src/actions/session1-steps.tsx).
    const step = c.req.query('step');
    if (session === 1 && step !== undefined) {
      if (!isSession1Step(step)) return c.notFound();
      return postSession1Step(c, step);
    }
    return saveProgress(c, session);
  });
