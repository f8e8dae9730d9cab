// Fixed-window throttling kept in D1 (rate_limits), so it holds across Worker isolates.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

function windowStart(limit: Limit, now: number): number {
  return Math.floor(now / 1000 / limit.windowSeconds) * limit.windowSeconds;
}

/** Whether the key has used up its current window. */
export async function isLimited(db: Db, limit: Limit, now = Date.now()): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, windowStart(limit, now))));
  return (row?.count ?? 0) >= limit.max;
}

/** Counts one hit and answers whether the key is now over its limit. */
export async function hit(db: Db, limit: Limit, now = Date.now()): Promise<boolean> {
  const start = windowStart(limit, now);
  // One round trip: count this hit, and drop the key's old windows as we go.
  const [[row]] = await db.batch([
    db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: start, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
      .returning({ count: rateLimits.count }),
    db.delete(rateLimits).where(and(eq(rateLimits.key, limit.key), lt(rateLimits.windowStart, start))),
  ]);
  return (row?.count ?? 1) > limit.max;
}

export async function clearHits(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
