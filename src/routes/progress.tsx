// /api/progress: read and save the signed-in member's own progress record. A form post here
// names its session with ?session=N; the session pages post to /sessions/N instead.
import { Hono } from 'hono';
import { formSession, saveProgress } from '../actions/progress';
import type { AppEnv } from '../app-env';
import { progressRecord, readProgress } from '../data/progress';
import { currentAuth, requireAccessApi } from '../server/guards';
import { isFormRequest } from '../server/input';

export const progressRoutes = new Hono<AppEnv>()
  .use('*', requireAccessApi('challenge'))

  .get('/', async (c) => {
    const row = await readProgress(c.get('db'), currentAuth(c).user.id);
    return c.json({ progress: row ? progressRecord(row) : null });
  })

  .post('/', (c) => saveProgress(c, isFormRequest(c) ? formSession(c) : null));
