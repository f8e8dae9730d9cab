// Cohorts (decision 35, docs/product.md#cohorts): a dated run of the challenge, who is in it, and
// its webinars. drizzle.config.ts reads this file too.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { COHORT_PACINGS, SEATS } from '../domain/cohorts';
import { now, users } from './schema';

export const cohorts = sqliteTable(
  'cohorts',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    // A calendar day (YYYY-MM-DD) in the coaches' zone: day 1 of the four weeks.
    startDate: text('start_date').notNull(),
    // Null: no limit.
    capacity: integer('capacity'),
    enrolmentOpen: integer('enrolment_open', { mode: 'boolean' }).notNull().default(true),
    pacing: text('pacing', { enum: COHORT_PACINGS }).notNull(),
    // The cohort sign-up places new participants in; at most one (the partial unique index).
    defaultForSignUps: integer('default_for_sign_ups', { mode: 'boolean' }).notNull().default(false),
    // Its current members (left_at null, any role) with a seat and on the waitlist: kept exact by
    // triggers on cohort_members (migration 0026) in the statement that changes a place, so the
    // list of cohorts reads one row per cohort, never its members. A held seat is in neither.
    seated: integer('seated').notNull().default(0),
    waitlisted: integer('waitlisted').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('cohorts_name_idx').on(t.name),
    uniqueIndex('cohorts_default_idx').on(t.defaultForSignUps).where(sql`default_for_sign_ups = 1`),
    index('cohorts_start_idx').on(t.startDate),
  ],
);

// A participant's place in a cohort. The row with `left_at` null is their current cohort (exactly
// one per user: the partial unique index); earlier rows are their history. Seats are counted from
// these rows in the statement that takes one (src/data/cohorts.ts), so capacity holds under races.
export const cohortMembers = sqliteTable(
  'cohort_members',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cohortId: text('cohort_id')
      .notNull()
      .references(() => cohorts.id),
    seat: text('seat', { enum: SEATS }).notNull(),
    // When they entered the cohort: the waitlist is served in this order.
    joinedAt: text('joined_at').notNull(),
    // When they got their seat (at once, or off the waitlist); null while waitlisted.
    seatedAt: text('seated_at'),
    leftAt: text('left_at'),
    // While seat = 'payment-pending' (decision 41): the hold counts as a taken seat until this
    // instant; null once the scheduled run released it (src/data/cohort-join.ts).
    holdUntil: text('hold_until'),
    // The plan the held seat waits to be paid for ('Finish payment' builds its link from it).
    holdPlan: text('hold_plan'),
  },
  (t) => [
    uniqueIndex('cohort_members_current_idx').on(t.userId).where(sql`left_at IS NULL`),
    index('cohort_members_cohort_idx').on(t.cohortId, t.seat, t.joinedAt).where(sql`left_at IS NULL`),
    index('cohort_members_user_idx').on(t.userId, t.joinedAt),
    // The scheduled run finds the holds that ran out (src/data/cohort-join.ts releaseLapsedHolds).
    index('cohort_members_hold_idx').on(t.holdUntil).where(sql`hold_until IS NOT NULL`),
  ],
);

// Each webinar belongs to one cohort (decision 37); null only for rows no migration could place.
export const webinars = sqliteTable(
  'webinars',
  {
    id: text('id').primaryKey(),
    cohortId: text('cohort_id').references(() => cohorts.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    joinUrl: text('join_url'),
    recordingUrl: text('recording_url'),
    // Bumped by every admin edit: calendar feeds send it as SEQUENCE, with LAST-MODIFIED.
    sequence: integer('sequence').notNull().default(0),
    updatedAt: text('updated_at'),
  },
  (t) => [index('webinars_cohort_idx').on(t.cohortId, t.endTime)],
);

export type CohortRow = typeof cohorts.$inferSelect;
export type CohortMemberRow = typeof cohortMembers.$inferSelect;
