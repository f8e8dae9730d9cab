// Fixed-window throttling kept in D1 (rate_limits), so it holds across Worker isolates.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
  /**
   * A gate (a client-wide limit) is counted first, and the other keys only while every gate has
   * room: a client past its limit adds no row, however many addresses it names.
   */
  gate?: boolean;
}

function windowStart(limit: Limit, now: number): number {
  return Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
}

export interface Exceeded {
  limit: Limit;
  /** Seconds until the exceeded window ends (the Retry-After header). */
  retryAfterSeconds: number;
  /** The keys of every limit the attempt went over (`limit` is the one with the longest wait). */
  keys: string[];
}

function attemptStatements(db: Db, limits: readonly Limit[], now: number) {
  const gates = limits.filter((limit) => limit.gate);
  const room =
    gates.length === 0
      ? sql`1`
      : sql.join(
          gates.map(
            (gate) =>
              sql`(select ${rateLimits.count} from ${rateLimits} where ${rateLimits.key} = ${gate.key} and ${rateLimits.windowStart} = ${windowStart(gate, now)}) <= ${gate.max}`,
          ),
          sql` and `,
        );
  return limits.flatMap((limit) => {
    const start = windowStart(limit, now);
    const upsert = { target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } };
    const count = limit.gate
      ? db
          .insert(rateLimits)
          .values({ key: limit.key, windowStart: start, count: 1 })
          .onConflictDoUpdate(upsert)
          .returning({ count: rateLimits.count })
      : // INSERT … SELECT … WHERE: no row at all unless every gate has room.
        db
          .insert(rateLimits)
          .select(sql`select ${limit.key}, ${start}, 1 where ${room}`)
          .onConflictDoUpdate(upsert)
          .returning({ count: rateLimits.count });
    // Old windows of the key go as we pass (the daily cron removes the ones nobody passes again).
    const prune = db.delete(rateLimits).where(and(eq(rateLimits.key, limit.key), lt(rateLimits.windowStart, start)));
    return [count, prune] as const;
  });
}

function exceededOf(limits: readonly Limit[], results: readonly unknown[], now: number): Exceeded | null {
  let exceeded: Exceeded | null = null;
  const keys: string[] = [];
  limits.forEach((limit, i) => {
    const rows = results[i * 2] as { count: number }[];
    if ((rows[0]?.count ?? 1) <= limit.max) return;
    keys.push(limit.key);
    const retryAfterSeconds = Math.max(1, windowStart(limit, now) + limit.windowSeconds - Math.floor(now / 1000));
    if (!exceeded || retryAfterSeconds > exceeded.retryAfterSeconds) exceeded = { limit, retryAfterSeconds, keys };
  });
  return exceeded;
}

/**
 * Counts one attempt against every limit in one batch (an upsert that answers the new count),
 * before the work it guards: parallel attempts each get their own count, so no burst slips under
 * a limit. Answers the limit the attempt went over, with the longest wait, or null. `read`, when
 * given, rides in the same batch (sign-in looks the account up in the same round trip).
 */
/** A read that rides in the throttle's batch (one D1 round trip for the count and the facts it guards). */
export type BatchedRead<R> = BatchItem<'sqlite'> & PromiseLike<R>;

export async function countAttempt(db: Db, limits: readonly Limit[], now?: number): Promise<Exceeded | null>;
export async function countAttempt<R>(
  db: Db,
  limits: readonly Limit[],
  now: number | undefined,
  read: BatchedRead<R>,
): Promise<[Exceeded | null, R]>;
export async function countAttempt(db: Db, given: readonly Limit[], now = Date.now(), read?: BatchItem<'sqlite'>): Promise<unknown> {
  const limits = [...given.filter((limit) => limit.gate), ...given.filter((limit) => !limit.gate)];
  const statements: BatchItem<'sqlite'>[] = [...attemptStatements(db, limits, now), ...(read ? [read] : [])];
  if (statements.length === 0) return read ? [null, undefined] : null;
  const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  const exceeded = exceededOf(limits, results, now);
  return read ? [exceeded, results[results.length - 1]] : exceeded;
}

/** Forgets the keys' counts (a successful sign-in ends its account's lock-out). */
export async function clearHits(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, [...keys]));
}

/**
 * Claims `key` for the next `seconds` unless an earlier claim still holds it (a sliding window of
 * one), in one statement, so two claims at once cannot both win. True when this one did.
 */
export async function claimOnce(db: Db, key: string, seconds: number, now = Date.now()): Promise<boolean> {
  const at = Math.floor(now / 1000);
  const [claimed] = await db.batch([
    db
      .insert(rateLimits)
      .select(
        sql`select ${key}, ${at}, 1 where not exists (select 1 from ${rateLimits} where ${rateLimits.key} = ${key} and ${rateLimits.windowStart} > ${at - seconds})`,
      )
      .onConflictDoNothing()
      .returning({ key: rateLimits.key }),
    db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, at - seconds))),
  ]);
  return claimed.length > 0;
}
