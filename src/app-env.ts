// Hono's typing for this app: bindings plus what middleware puts on the context.
import type { Auth } from './data/auth-sessions';
import type { Db } from './db/client';
import type { Env } from './env';
import type { Flash } from './server/flash';

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Who is signed in, once loadAuth (src/server/auth-session.ts) has asked; undefined before. */
    auth: Auth | null | undefined;
    /** The one-time flash this request arrived with, once read (src/server/flash.ts). */
    flash: Flash | null | undefined;
  };
}
