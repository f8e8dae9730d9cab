// The signed-in user's progress row, read once per request. On the paths that show progress it
// comes with the session lookup (one D1 batch, one round trip); anywhere else it is read here.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { readProgress } from '../data/progress';
import type { ProgressRow } from '../db/schema';
import { currentAuth } from './guards';

/** The pages and GET APIs whose handlers read the user's progress. */
const PROGRESS_PATHS = /^\/(dashboard|sessions|summary|api\/progress)(\/|$)/;

export function pathReadsProgress(path: string): boolean {
  return PROGRESS_PATHS.test(path);
}

export async function userProgress(c: Context<AppEnv>): Promise<ProgressRow | null> {
  const auth = currentAuth(c);
  if (auth.progress !== undefined) return auth.progress;
  return readProgress(c.get('db'), auth.user.id);
}

/** After a save the row read with the session is stale. */
export function forgetReadProgress(c: Context<AppEnv>): void {
  const auth = c.get('auth');
  if (auth) c.set('auth', { ...auth, progress: undefined });
}
