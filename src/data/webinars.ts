// The webinar schedule (admins edit it; the development seed fills the next Tuesdays).
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webinars } from '../db/schema';
import { pastWebinars, type Webinar } from '../domain/webinars';

/** Sessions that have not ended yet, soonest first: the dashboard, the dialog and the calendar file. */
export async function listUpcomingWebinars(db: Db, now = new Date()): Promise<Webinar[]> {
  return db.select().from(webinars).where(gt(webinars.endTime, now.toISOString())).orderBy(asc(webinars.startTime));
}

/** Every session, split into upcoming and past (newest first) for /replays. */
export async function listWebinarsByTime(db: Db, now = new Date()): Promise<{ upcoming: Webinar[]; past: Webinar[] }> {
  const all = await db.select().from(webinars).orderBy(asc(webinars.startTime));
  const past = pastWebinars(all, now);
  const ended = new Set(past.map((w) => w.id));
  return { upcoming: all.filter((w) => !ended.has(w.id)), past };
}
