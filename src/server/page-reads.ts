// What a page reads about its signed-in user besides the session. On the paths below these come
// with the session lookup, in one D1 batch (one round trip); anywhere else, or after the request
// changed them, they are read here.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { PageRead } from '../data/auth-sessions';
import { listCheckInDays, listCheckIns } from '../data/check-ins';
import { listWheelSnapshots, readProgress, wheelHistoryOf, type WheelHistoryEntry } from '../data/progress';
import type { CheckInRow, ProgressRow } from '../db/schema';
import { RECENT_CHECK_INS } from '../domain/check-ins';
import { currentAuth } from './guards';

/** Which reads each page and GET API makes (checked against the handlers by test/round-trips.test.ts). */
const READS_BY_PATH: readonly [RegExp, readonly PageRead[]][] = [
  [/^\/(dashboard|sessions)(\/|$)/, ['progress']],
  [/^\/summary\/?$/, ['progress', 'wheelSnapshots', 'checkInDays']],
  [/^\/api\/progress(\/|$)/, ['progress']],
  [/^\/(api\/)?check-ins\/?$/, ['recentCheckIns', 'checkInDays']],
];

export function pageReadsFor(path: string): readonly PageRead[] {
  return READS_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? [];
}

export async function userProgress(c: Context<AppEnv>): Promise<ProgressRow | null> {
  const { reads, user } = currentAuth(c);
  return reads.progress !== undefined ? reads.progress : readProgress(c.get('db'), user.id);
}

export async function userRecentCheckIns(c: Context<AppEnv>): Promise<CheckInRow[]> {
  const { reads, user } = currentAuth(c);
  return reads.recentCheckIns ?? listCheckIns(c.get('db'), user.id, RECENT_CHECK_INS);
}

export async function userCheckInDays(c: Context<AppEnv>): Promise<string[]> {
  const { reads, user } = currentAuth(c);
  return reads.checkInDays ?? listCheckInDays(c.get('db'), user.id);
}

export async function userWheelHistory(c: Context<AppEnv>): Promise<WheelHistoryEntry[]> {
  const { reads, user } = currentAuth(c);
  return wheelHistoryOf(reads.wheelSnapshots ?? (await listWheelSnapshots(c.get('db'), user.id)));
}

/** After a save, what was read with the session is stale. */
export function forgetPageReads(c: Context<AppEnv>): void {
  const auth = c.get('auth');
  if (auth) c.set('auth', { ...auth, reads: {} });
}
