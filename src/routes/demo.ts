// POST /api/demo/reset ('Reset Demo Data'): clears the signed-in user's own progress, wheel
// history and check-ins on the server, and the browser's Session 1 drafts (the no-JavaScript
// cookie and, by Clear-Site-Data, the questionnaire's localStorage draft). It exists only outside
// production (decision 30, docs/product.md#reset-demo-data).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { resetDemoData } from '../data/progress';
import { isDevelopment } from '../env';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { setFlash } from '../server/flash';
import { currentAuth, requireUserApi } from '../server/guards';
import { isFormRequest } from '../server/input';
import { forgetDraft } from '../server/session1-draft';

export const demoRoutes = new Hono<AppEnv>().post('/reset', requireUserApi(), async (c) => {
  if (!isDevelopment(c.env)) throw new HttpError(404, 'Not found');
  await resetDemoData(c.get('db'), currentAuth(c).user.id);
  forgetDraft(c);
  // The questionnaire keeps its unsaved answers in this origin's localStorage.
  c.header('Clear-Site-Data', '"storage"');
  if (!isFormRequest(c)) return c.json({ message: 'Demo data reset' });
  setFlash(c, { toast: { title: 'Demo data reset', description: 'Your progress and check-ins were cleared.' } });
  return c.redirect(PATHS.dashboard, 303);
});
