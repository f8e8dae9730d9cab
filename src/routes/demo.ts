// POST /api/demo/reset ('Reset Demo Data'): clears the signed-in user's own progress, wheel
// history and check-ins on the server (docs/product.md#reset-demo-data).
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { resetDemoData } from '../data/progress';
import { PATHS } from '../paths';
import { setFlash } from '../server/flash';
import { currentAuth, requireUserApi } from '../server/guards';
import { isFormRequest } from '../server/input';

export const demoRoutes = new Hono<AppEnv>().post('/reset', requireUserApi(), async (c) => {
  await resetDemoData(c.get('db'), currentAuth(c).user.id);
  if (!isFormRequest(c)) return c.json({ message: 'Demo data reset' });
  setFlash(c, { toast: { title: 'Demo data reset', description: 'Your progress and check-ins were cleared.' } });
  return c.redirect(PATHS.dashboard, 303);
});
