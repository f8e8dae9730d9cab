// The cohorts open to sign-ups, as the public GET /api/cohorts answers them (decision 35): no join
// links, seats left counted live.
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cohorts, webinars } from '../db/schema-cohorts';
import { COHORT_DAYS, type CohortPacing } from '../domain/cohorts';
import { addDays } from '../domain/time-zone';
import { seatsTaken } from './cohorts';

/** A cohort open to sign-ups, as the public GET /api/cohorts answers it: no join links. */
export interface PublicCohort {
  id: string;
  name: string;
  startDate: string;
  pacing: CohortPacing;
  capacity: number | null;
  seatsLeft: number | null;
  webinars: { title: string; startTime: string; endTime: string }[];
}

/** The upcoming and running cohorts whose enrolment is open, soonest start first (`today`: the coaches' day). */
export async function listOpenCohorts(db: Db, today: string, at = new Date().toISOString()): Promise<PublicCohort[]> {
  const running = gte(cohorts.startDate, addDays(today, -(COHORT_DAYS - 1)));
  // Seats held for a payment count as taken while their hold runs (decision 41).
  const seatedCount = sql<number>`${seatsTaken(sql`${cohorts.id}`, at)}`;
  const open = and(eq(cohorts.enrolmentOpen, true), running);
  const [rows, webinarRows] = await db.batch([
    db
      .select({
        id: cohorts.id,
        name: cohorts.name,
        startDate: cohorts.startDate,
        pacing: cohorts.pacing,
        capacity: cohorts.capacity,
        seated: seatedCount,
      })
      .from(cohorts)
      .where(open)
      .orderBy(asc(cohorts.startDate), asc(cohorts.name)),
    db
      .select({ cohortId: webinars.cohortId, title: webinars.title, startTime: webinars.startTime, endTime: webinars.endTime })
      .from(webinars)
      .innerJoin(cohorts, eq(cohorts.id, webinars.cohortId))
      .where(open)
      .orderBy(asc(webinars.startTime)),
  ]);
  return rows.map(({ seated, ...row }) => ({
    ...row,
    seatsLeft: row.capacity === null ? null : Math.max(row.capacity - seated, 0),
    webinars: webinarRows.filter((w) => w.cohortId === row.id).map(({ title, startTime, endTime }) => ({ title, startTime, endTime })),
  }));
}
