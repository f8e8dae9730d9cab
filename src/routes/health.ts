// GET /healthz for uptime monitors: 200 when the Worker can reach its database, else 503.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { pingDatabase } from '../data/health';
import { errorFields, log } from '../server/log';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    const databaseMs = await pingDatabase(c.env.DB);
    return c.json({ status: 'ok', database: 'ok', databaseMs });
  } catch (error) {
    log('error', 'Health check failed', errorFields(error));
    return c.json({ status: 'error', database: 'unreachable', message: 'The database did not answer' }, 503);
  }
});
