// Hono's typing for this app: bindings plus what middleware puts on the context.
import type { Auth } from './data/auth-sessions';
import type { Db } from './db/client';
import type { Failure } from './domain/field-errors';
import type { Toast } from './domain/toasts';
import type { Env } from './env';

/** The one-time flash: what a response tells the next page load (written and read by src/server/flash.ts). */
export interface Flash {
  toast?: Toast;
  /** Shown only by the page it was posted to, in the sign-in session that posted it. */
  failure?: Failure & { path: string; session: string | null };
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Who is signed in, once loadAuth (src/server/auth-session.ts) has asked; undefined before. */
    auth: Auth | null | undefined;
    /** The one-time flash this request arrived with, once read (src/server/flash.ts). */
    flash: Flash | null | undefined;
    /**
     * Reads (and clears) the flash's toast: set by the app for every request, called only by a
     * page render (src/views/render-page.tsx), so views reach no request code of their own.
     */
    takeToast: () => Toast | null;
  };
}
