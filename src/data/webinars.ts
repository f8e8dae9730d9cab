// The webinar schedule (admins edit it; the development seed fills the next Tuesdays). Each webinar
// belongs to a cohort (decision 37): a participant sees their current cohort's, and on /replays
// the past ones of every cohort they have been in.
import { and, asc, desc, eq, gt, inArray, lte, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cohortMembers, cohorts, webinars } from '../db/schema-cohorts';
import { cancelledWebinars } from '../db/schema-reminders';
import type { CohortPacing } from '../domain/cohorts';
import type { WebinarInput } from '../domain/webinar-schema';
import type { Webinar } from '../domain/webinars';
import { defaultCohortId } from './cohorts';
import { newId } from './ids';

/** A webinar with the cohort it belongs to (the admin schedule). */
export type CohortWebinar = Webinar & { cohortId: string | null };

/**
 * The user's current cohort as a scalar subquery (the partial unique index on cohort_members finds
 * the one row with left_at null); NULL for an account no cohort holds, which then matches no webinar.
 */
const currentCohortOf = (userId: string | Placeholder): SQL =>
  sql`(SELECT ${cohortMembers.cohortId} FROM ${cohortMembers} WHERE ${cohortMembers.userId} = ${userId} AND ${cohortMembers.leftAt} IS NULL)`;

/**
 * One cohort's sessions that have not ended at `now` (an ISO instant), soonest first: the range
 * webinars_cohort_idx (cohort_id, end_time) holds. `cohort` is an id or the SQL of one.
 */
function upcomingWebinarsQuery(db: Db, cohort: string | SQL, now: string | Placeholder) {
  return db
    .select()
    .from(webinars)
    .where(and(eq(webinars.cohortId, cohort), gt(webinars.endTime, now)))
    .orderBy(asc(webinars.startTime));
}

/** The user's current cohort's upcoming sessions, in one statement (the page read rides with the session). */
export function userUpcomingWebinarsQuery(db: Db, userId: string | Placeholder, now: string | Placeholder) {
  return upcomingWebinarsQuery(db, currentCohortOf(userId), now);
}

/** One cohort's upcoming sessions (none without a cohort). */
export async function listUpcomingWebinars(db: Db, cohortId: string | null, now = new Date()): Promise<Webinar[]> {
  if (cohortId === null) return [];
  return upcomingWebinarsQuery(db, cohortId, now.toISOString());
}

/** The schedule of the cohort a sign-up would join now (defaultCohortId, on the coaches' day): what an anonymous visitor's calendar file holds. */
export async function listSignUpCohortWebinars(db: Db, coachDay: string, now = new Date()): Promise<Webinar[]> {
  return upcomingWebinarsQuery(db, defaultCohortId(coachDay), now.toISOString());
}

/** At most this many past sessions on /replays (a participant's few cohorts hold far fewer). */
const REPLAYS_MAX = 200;

/**
 * The sessions that have ended at `now` of every cohort the user has been in, current and earlier
 * (cohort_members, cohort_members_user_idx), newest first: /replays.
 */
export function userPastWebinarsQuery(db: Db, userId: string | Placeholder, now: string | Placeholder) {
  const theirCohorts = db.selectDistinct({ id: cohortMembers.cohortId }).from(cohortMembers).where(eq(cohortMembers.userId, userId));
  return db
    .select()
    .from(webinars)
    .where(and(inArray(webinars.cohortId, theirCohorts), lte(webinars.endTime, now)))
    .orderBy(desc(webinars.startTime), asc(webinars.id))
    .limit(REPLAYS_MAX);
}

export async function listPastWebinars(db: Db, userId: string, now = new Date()): Promise<Webinar[]> {
  return userPastWebinarsQuery(db, userId, now.toISOString());
}

/** At most this many sessions in one cohort's admin schedule (four a cohort is the usual). */
const COHORT_SCHEDULE_MAX = 500;

/** Every session of one cohort, soonest first: the admin schedule. */
export async function listCohortWebinars(db: Db, cohortId: string): Promise<CohortWebinar[]> {
  return db
    .select()
    .from(webinars)
    .where(eq(webinars.cohortId, cohortId))
    .orderBy(asc(webinars.startTime), asc(webinars.id))
    .limit(COHORT_SCHEDULE_MAX);
}

/** Creates a session in `input.cohortId`; answers null (nothing written) when that cohort does not exist. */
export async function createWebinar(db: Db, input: WebinarInput): Promise<CohortWebinar | null> {
  const { cohortId, ...fields } = input;
  // One statement: the row is inserted only when the cohort exists (no 500 from the foreign key).
  const [row] = await db
    .insert(webinars)
    .select(
      db
        .select({
          id: sql`${newId()}`.as('id'),
          cohortId: cohorts.id,
          title: sql`${fields.title}`.as('title'),
          description: sql`${fields.description}`.as('description'),
          location: sql`${fields.location}`.as('location'),
          startTime: sql`${fields.startTime}`.as('start_time'),
          endTime: sql`${fields.endTime}`.as('end_time'),
          joinUrl: sql`${fields.joinUrl}`.as('join_url'),
          recordingUrl: sql`${fields.recordingUrl}`.as('recording_url'),
          sequence: sql`0`.as('sequence'),
          updatedAt: sql`${new Date().toISOString()}`.as('updated_at'),
        })
        .from(cohorts)
        .where(eq(cohorts.id, cohortId)),
    )
    .returning();
  return row ?? null;
}

/**
 * Saves an admin's edit (its cohort included). Answers 'ok', 'no-webinar' when no webinar has this
 * id, or 'no-cohort' when the cohort named does not exist (nothing written). Each edit bumps the
 * session's SEQUENCE for calendar feeds.
 */
export async function updateWebinar(db: Db, id: string, input: WebinarInput): Promise<'ok' | 'no-webinar' | 'no-cohort'> {
  const updated = await db
    .update(webinars)
    .set({ ...input, sequence: sql`${webinars.sequence} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(webinars.id, id), sql`EXISTS (SELECT 1 FROM ${cohorts} WHERE ${cohorts.id} = ${input.cohortId})`))
    .returning({ id: webinars.id });
  if (updated.length > 0) return 'ok';
  const [exists] = await db.select({ id: webinars.id }).from(webinars).where(eq(webinars.id, id)).limit(1);
  return exists ? 'no-cohort' : 'no-webinar';
}

/**
 * Removes a session; its cohort's calendar feeds keep it as cancelled until it would have ended
 * (the daily clean-up forgets it then), in the same batch. Answers the cohort it belonged to
 * (undefined when no webinar has this id).
 */
export async function deleteWebinar(db: Db, id: string): Promise<{ cohortId: string | null } | undefined> {
  const cancelled = db
    .select({
      id: webinars.id,
      cohortId: webinars.cohortId,
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
    db.delete(webinars).where(eq(webinars.id, id)).returning({ cohortId: webinars.cohortId }),
  ]);
  return deleted[0];
}

/** The user's current cohort's cancelled sessions that have not ended yet, for their calendar feed. */
export function userCancelledWebinarsQuery(db: Db, userId: string | Placeholder, now: string) {
  return db
    .select()
    .from(cancelledWebinars)
    .where(and(eq(cancelledWebinars.cohortId, currentCohortOf(userId)), gt(cancelledWebinars.endTime, now)))
    .orderBy(asc(cancelledWebinars.startTime));
}

/** A cohort as the admin schedule names it. */
export interface ScheduleCohort {
  id: string;
  name: string;
  startDate: string;
  pacing: CohortPacing;
}

/** At most this many cohorts in the schedule's selector, the latest to start first. */
const SCHEDULE_COHORTS_MAX = 200;

/** The cohorts a webinar may be put in, the latest to start first (the admin schedule's selector). */
export async function listScheduleCohorts(db: Db): Promise<ScheduleCohort[]> {
  return db
    .select({ id: cohorts.id, name: cohorts.name, startDate: cohorts.startDate, pacing: cohorts.pacing })
    .from(cohorts)
    .orderBy(desc(cohorts.startDate), asc(cohorts.name))
    .limit(SCHEDULE_COHORTS_MAX);
}
