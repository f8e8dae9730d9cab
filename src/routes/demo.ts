// POST /api/demo/reset ('Reset Demo Data'): clears the signed-in user's own progress, wheel
// history and check-ins on the server, and the browser's Session 1 drafts (the no-JavaScript
// cookie and, by Clear-Site-Data, the questionnaire's localStorage draft). It exists only outside
// production (decision 30, docs/product.md#reset-demo-data). Sent with fetch it answers JSON and
// the page reloads itself a second later (decision 2); a plain form post comes back with 303 to
// the page it was sent from (`returnTo`, a same-site path), else the dashboard.
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../app-env';
import { resetDemoData } from '../data/progress';
import { DEMO_RESET_TOAST } from '../domain/toast-words';
import { isDevelopment } from '../env';
import { PATHS, safeReturnPath } from '../paths';
import { HttpError } from '../server/errors';
import { setFlash } from '../server/flash';
import { currentAuth, requireUserApi } from '../server/guards';
import { isFormRequest, readInput } from '../server/input';
import { forgetDraft } from '../server/session1-draft';

/** The form's one field: the page the menu was opened on. */
const resetFormSchema = z.object({ returnTo: z.optional(z.string().check(z.maxLength(2000))) });

export const demoRoutes = new Hono<AppEnv>().post('/reset', requireUserApi(), async (c) => {
  if (!isDevelopment(c.env)) throw new HttpError(404, 'Not found');
  const html = isFormRequest(c);
  // Read before anything changes: a form that cannot be read is refused with nothing reset.
  const form = html && c.req.header('content-type') ? await readInput(c, resetFormSchema) : null;
  await resetDemoData(c.get('db'), currentAuth(c).user.id);
  forgetDraft(c);
  // The questionnaire keeps its unsaved answers in this origin's localStorage.
  c.header('Clear-Site-Data', '"storage"');
  if (!html) return c.json({ message: 'Demo data reset' });
  setFlash(c, { toast: DEMO_RESET_TOAST });
  return c.redirect((form?.ok ? safeReturnPath(form.value.returnTo) : null) ?? PATHS.dashboard, 303);
});
