// Session 1 without JavaScript keeps its 70 answers between steps in a cookie, not in D1: the
// answers are a draft until the reflections are saved, so they must not touch the progress row
// (a draft is not a completed Session 1). The cookie is sealed (src/server/sealed-cookie.ts:
// encrypted under a key derived from JWT_SECRET, bound to the user id as `sub`): nobody can read
// or forge it, and it opens only for the user who wrote it (another account on the same browser
// sees no draft). HttpOnly, Secure, limited to /sessions/1, a week long, and read only when under
// COOKIE_MAX characters.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { QuestionId } from '../domain/questions';
import { answersFromList, answersToList } from '../domain/session1-steps';
import { WHEEL_DRAFT_COOKIE } from '../paths';
import { sealedCookie } from './sealed-cookie';

/** A sealed draft is 360 to 450 characters; anything much longer is not one of ours. */
const COOKIE_MAX = 1024;

const cookie = sealedCookie({
  name: WHEEL_DRAFT_COOKIE,
  path: '/sessions/1',
  sameSite: 'Lax',
  maxAgeSeconds: 7 * 24 * 60 * 60,
  maxLength: COOKIE_MAX,
  purpose: 'wheel draft',
});

/** Keeps the answers as the signed-in user's draft. */
export async function keepDraft(c: Context<AppEnv>, userId: string, responses: Readonly<Record<string, number>>): Promise<void> {
  await cookie.keep(c, { subject: userId }, answersToList(responses));
}

/** The user's draft answers, or null when there is none (or it is someone else's, damaged or expired). */
export async function readDraft(c: Context<AppEnv>, userId: string): Promise<Record<QuestionId, number> | null> {
  return answersFromList(await cookie.read(c, { subject: userId }));
}

export function forgetDraft(c: Context<AppEnv>): void {
  cookie.forget(c);
}
