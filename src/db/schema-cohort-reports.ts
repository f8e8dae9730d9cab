// The stored cohort report, one per cohort (docs/product.md#the-coachs-desk), beside
// src/db/schema.ts and src/db/schema-cohorts.ts, whose users and cohorts it speaks of.
// drizzle.config.ts reads this file too. Written whole, one cohort at a time, by src/data/cohort.ts
// (the 15-minute cron, 'Refresh now', or the first read when none is stored); read by
// src/data/cohort-report.ts and, for the comparison of cohorts, src/data/cohort-compare.ts.
import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './schema';
import { cohorts } from './schema-cohorts';

// One row per cohort: the figures as JSON (funnel, arenas, check-ins and the wheel gain per arena;
// a few hundred bytes whatever the cohort's size) and when they were worked out. A row of another
// `version` reads as none, so a deploy that changes the figures' shape works them out again.
export const cohortReports = sqliteTable('cohort_reports', {
  cohortId: text('cohort_id')
    .primaryKey()
    .references(() => cohorts.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  computedAt: text('computed_at').notNull(),
  figures: text('figures').notNull(),
  // How many rows cohort_attention held for the cohort when the report was stored, and of them how
  // many for each reason (a row counts for each of its reasons): the worklist's counts start from
  // these and take away only the people handled (src/data/worklist.ts), so a desk read never counts
  // the cohort's rows.
  attentionTotal: integer('attention_total').notNull(),
  attentionQuiet: integer('attention_quiet').notNull().default(0),
  attentionMood: integer('attention_mood').notNull().default(0),
  attentionStall: integer('attention_stall').notNull().default(0),
  attentionGrace: integer('attention_grace').notNull().default(0),
});

// Who needs attention in a cohort, one row each, in the order the page lists them (`position`
// within the cohort: the most urgent first, src/domain/worklist.ts byUrgency). Each row keeps what the reasons are written
// from, as of the report's time: the participant's day then, their zone, sign-up and session
// times, their newest check-in day, their last two weeks of moods (only where the mood rule picked
// them: 14 pairs at most) and their grants in grace. Name and email are read from users, so a
// renamed participant shows as they are now; deleting the participant deletes the row.
export const cohortAttention = sqliteTable(
  'cohort_attention',
  {
    cohortId: text('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    today: text('today').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: text('created_at').notNull(),
    session1CompletedAt: text('session1_completed_at'),
    session2CompletedAt: text('session2_completed_at'),
    session3CompletedAt: text('session3_completed_at'),
    session4CompletedAt: text('session4_completed_at'),
    lastDay: text('last_day'),
    // JSON [[day, mood], …]
    moods: text('moods'),
    // JSON [{ source, plan, graceUntil }, …]
    grace: text('grace'),
    // The worklist (src/domain/worklist.ts): which reasons hold (a mask of REASON_BITS) and how
    // urgent each is, which `position` follows: days since the last check-in, the mood's fall, since
    // when on the same session, the soonest end of a payment's grace (null where it does not hold).
    reasons: integer('reasons').notNull().default(0),
    quietDays: integer('quiet_days'),
    moodDrop: real('mood_drop'),
    stallSince: text('stall_since'),
    graceUntil: text('grace_until'),
    // The reasons in words, as of the report's time (JSON [string, …]): written by the report right
    // after the rows (src/data/cohort.ts), so a read never writes them; null until then, when a
    // read writes them itself from the columns above.
    words: text('words'),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.position] }), index('cohort_attention_user_idx').on(t.userId)],
);

// The worklist's orders (decision 40), stored with the report: for each reason bit (0: everyone)
// the cohort's needs-attention rows holding it, ranked as the list filtered by it shows them (the
// most urgent for that reason first; everyone: `position`). A page of the list is then a walk of
// an index from its first rank, never a sort of the cohort's rows.
export const worklistOrder = sqliteTable(
  'worklist_order',
  {
    cohortId: text('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    reason: integer('reason').notNull(),
    rank: integer('rank').notNull(),
    // The row's position in cohort_attention.
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cohortId, t.reason, t.rank] })],
);

export type CohortReportRow = typeof cohortReports.$inferSelect;
export type CohortAttentionRow = typeof cohortAttention.$inferSelect;
