// /api/progress: read and save the signed-in member's own progress record. A form post here
// names its session with ?session=N; the session pages post to /sessions/N instead.
import { Hono } from 'hono';
import { formSession, saveProgress } from '../actions/progress';
import type { AppEnv } from '../app-env';
import { progressRecord } from '../data/progress';
import { requireAccessApi } from '../server/guards';
import { isFormRequest } from '../server/input';
import { userProgress } from '../server/page-reads';

export const progressRoutes = new Hono<AppEnv>()
  .use('*', requireAccessApi('challenge'))

  .get('/', async (c) => {
    const row = await userProgress(c);
    return c.json({ progress: row ? progressRecord(row) : null });
  })

  .post('/', (c) => saveProgress(c, isFormRequest(c) ? formSession(c) : null));
