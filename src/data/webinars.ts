// The webinar schedule (admins edit it; the development seed fills the next Tuesdays).
import { asc, eq, gt, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webinars } from '../db/schema-cohorts';
import { cancelledWebinars } from '../db/schema-reminders';
import type { WebinarInput } from '../domain/webinar-schema';
import { pastWebinars, type Webinar } from '../domain/webinars';
import { newId } from './ids';

/** Sessions that have not ended yet, soonest first: the frame's dialog, the dashboard and the calendar file. */
/** Sessions that have not ended at `now` (an ISO instant), soonest first. */
export function upcomingWebinarsQuery(db: Db, now: string | Placeholder) {
  return db.select().from(webinars).where(gt(webinars.endTime, now)).orderBy(asc(webinars.startTime));
}

export async function listUpcomingWebinars(db: Db, now = new Date()): Promise<Webinar[]> {
  return upcomingWebinarsQuery(db, now.toISOString());
}

/** Every session, split into upcoming and past (newest first) for /replays. */
export async function listWebinarsByTime(db: Db, now = new Date()): Promise<{ upcoming: Webinar[]; past: Webinar[] }> {
  const all = await listAllWebinars(db);
  const past = pastWebinars(all, now);
  const ended = new Set(past.map((w) => w.id));
  return { upcoming: all.filter((w) => !ended.has(w.id)), past };
}

export async function listAllWebinars(db: Db): Promise<Webinar[]> {
  return db.select().from(webinars).orderBy(asc(webinars.startTime));
}

export async function createWebinar(db: Db, input: WebinarInput): Promise<Webinar> {
  const [row] = await db
    .insert(webinars)
    .values({ id: newId(), ...input, updatedAt: new Date().toISOString() })
    .returning();
  return row!;
}

/** Answers false when no webinar has this id. */
/** Answers false when no webinar has this id. Each edit bumps the session's SEQUENCE for calendar feeds. */
export async function updateWebinar(db: Db, id: string, input: WebinarInput): Promise<boolean> {
  const updated = await db
    .update(webinars)
    .set({ ...input, sequence: sql`${webinars.sequence} + 1`, updatedAt: new Date().toISOString() })
    .where(eq(webinars.id, id))
    .returning({ id: webinars.id });
  return updated.length > 0;
}

/**
 * Removes a session; calendar feeds keep it as cancelled until it would have ended (the daily
 * clean-up forgets it then), in the same batch.
 */
export async function deleteWebinar(db: Db, id: string): Promise<boolean> {
  const cancelled = db
    .select({
      id: webinars.id,
      title: webinars.title,
      location: webinars.location,
      startTime: webinars.startTime,
      endTime: webinars.endTime,
      sequence: sql<number>`${webinars.sequence} + 1`.as('sequence'),
      cancelledAt: sql<string>`${new Date().toISOString()}`.as('cancelled_at'),
    })
    .from(webinars)
    .where(eq(webinars.id, id));
  const [, deleted] = await db.batch([
    db.insert(cancelledWebinars).select(cancelled).onConflictDoNothing(),
    db.delete(webinars).where(eq(webinars.id, id)).returning({ id: webinars.id }),
  ]);
  return deleted.length > 0;
}

/** Cancelled sessions that have not ended yet, for calendar feeds. */
export function cancelledWebinarsQuery(db: Db, now = new Date()) {
  return db
    .select()
    .from(cancelledWebinars)
    .where(gt(cancelledWebinars.endTime, now.toISOString()))
    .orderBy(asc(cancelledWebinars.startTime));
}
