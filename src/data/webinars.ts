// The webinar schedule (admins edit it; the development seed fills the next Tuesdays).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webinars } from '../db/schema';
import type { WebinarInput } from '../domain/webinar-schema';
import { pastWebinars, type Webinar } from '../domain/webinars';
import { newId } from './ids';

// Every page shows the schedule, which changes a few times a month, so each isolate keeps it for
// a minute. An admin's edit forgets it at once in the isolate that made it; the others catch up
// within the minute. The schedule is small (a few dozen rows a year), so all of it is kept.
const SCHEDULE_CACHE_MS = 60_000;
let cachedSchedule: { rows: Webinar[]; until: number } | null = null;

/** Forgets the kept schedule (after an edit, or a test writing D1 directly). */
export function forgetCachedSchedule(): void {
  cachedSchedule = null;
}

async function schedule(db: Db): Promise<Webinar[]> {
  if (cachedSchedule && Date.now() < cachedSchedule.until) return cachedSchedule.rows;
  const rows = await db.select().from(webinars).orderBy(asc(webinars.startTime));
  cachedSchedule = { rows, until: Date.now() + SCHEDULE_CACHE_MS };
  return rows;
}

/** Sessions that have not ended yet, soonest first: the dashboard, the dialog and the calendar file. */
export async function listUpcomingWebinars(db: Db, now = new Date()): Promise<Webinar[]> {
  const after = now.toISOString();
  return (await schedule(db)).filter((w) => w.endTime > after);
}

/** Every session, split into upcoming and past (newest first) for /replays. */
export async function listWebinarsByTime(db: Db, now = new Date()): Promise<{ upcoming: Webinar[]; past: Webinar[] }> {
  const all = await schedule(db);
  const past = pastWebinars(all, now);
  const ended = new Set(past.map((w) => w.id));
  return { upcoming: all.filter((w) => !ended.has(w.id)), past };
}

export async function listAllWebinars(db: Db): Promise<Webinar[]> {
  return db.select().from(webinars).orderBy(asc(webinars.startTime));
}

export async function createWebinar(db: Db, input: WebinarInput): Promise<Webinar> {
  const [row] = await db.insert(webinars).values({ id: newId(), ...input }).returning();
  forgetCachedSchedule();
  return row!;
}

/** Answers false when no webinar has this id. */
export async function updateWebinar(db: Db, id: string, input: WebinarInput): Promise<boolean> {
  const updated = await db.update(webinars).set(input).where(eq(webinars.id, id)).returning({ id: webinars.id });
  forgetCachedSchedule();
  return updated.length > 0;
}

export async function deleteWebinar(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(webinars).where(eq(webinars.id, id)).returning({ id: webinars.id });
  forgetCachedSchedule();
  return deleted.length > 0;
}
