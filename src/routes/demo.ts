// POST /api/demo/reset ('Reset Demo Data'): clears the signed-in user's own progress and
// check-ins on the server (decisions.md item 2).
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { checkIns, progress } from '../db/schema';
import { PATHS } from '../paths';
import { setFlash } from '../server/flash';
import { currentAuth, requireUserApi } from '../server/guards';
import { isFormRequest } from '../server/input';

export const demoRoutes = new Hono<AppEnv>().post('/reset', requireUserApi, async (c) => {
  const db = c.get('db');
  const { user } = currentAuth(c);
  await db.batch([db.delete(progress).where(eq(progress.userId, user.id)), db.delete(checkIns).where(eq(checkIns.userId, user.id))]);
  if (!isFormRequest(c)) return c.json({ message: 'Demo data reset' });
  setFlash(c, { title: 'Demo data reset', description: 'Your progress and check-ins were cleared.' });
  return c.redirect(PATHS.dashboard, 303);
});
