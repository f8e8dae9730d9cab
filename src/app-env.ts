// Hono's typing for this app: bindings plus what middleware puts on the context.
import type { Db } from './db/client';
import type { Env } from './env';
import type { Auth } from './server/auth-session';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    auth: Auth | null;
  };
}
