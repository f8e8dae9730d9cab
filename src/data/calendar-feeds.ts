// The private calendar feed (docs/product.md#reminders-and-mail): its address's version per user,
// and what the feed shows, read in one batch.
import { eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Membership, memberships, users } from '../db/schema';
import { calendarFeeds } from '../db/schema-reminders';
import { userCancelledWebinarsQuery, userUpcomingWebinarsQuery } from './webinars';

/** The feed address's version row (none until the first reset: version 1), as a query to await or batch. */
export function feedVersionQuery(db: Db, userId: string | Placeholder) {
  return db.select({ version: calendarFeeds.version }).from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
}

/** The feed address's current version (1 until the first reset). */
export async function feedVersion(db: Db, userId: string): Promise<number> {
  const [row] = await feedVersionQuery(db, userId);
  return row?.version ?? 1;
}

/** 'Reset link': a new version, so every older address stops working. Answers the new version. */
export async function resetFeed(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, version: 2 })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { version: sql`${calendarFeeds.version} + 1`, updatedAt: new Date().toISOString() },
    })
    .returning({ version: calendarFeeds.version });
  return row!.version;
}

export interface FeedContent {
  version: number;
  membership: Membership | null;
  upcoming: Awaited<ReturnType<typeof userUpcomingWebinarsQuery>>;
  cancelled: Awaited<ReturnType<typeof userCancelledWebinarsQuery>>;
}

/**
 * The user's feed version and membership with their current cohort's sessions, upcoming and
 * cancelled (decision 37), or null when the user is gone. One round trip.
 */
export async function feedContent(db: Db, userId: string, now = new Date()): Promise<FeedContent | null> {
  const [user, feed, upcoming, cancelled] = await db.batch([
    db
      .select({ id: users.id, membership: memberships })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    feedVersionQuery(db, userId),
    userUpcomingWebinarsQuery(db, userId, now.toISOString()),
    userCancelledWebinarsQuery(db, userId, now.toISOString()),
  ]);
  if (!user[0]) return null;
  return { version: feed[0]?.version ?? 1, membership: user[0].membership, upcoming, cancelled };
}
