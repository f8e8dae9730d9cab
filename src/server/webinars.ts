import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webinars } from '../db/schema';
import type { Webinar } from '../domain/webinars';

export async function listWebinars(db: Db): Promise<Webinar[]> {
  return db.select().from(webinars).orderBy(asc(webinars.startTime));
}
