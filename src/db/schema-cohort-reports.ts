// The stored cohort report (docs/product.md#the-coachs-desk), beside src/db/schema.ts, whose users it
// speaks of. drizzle.config.ts reads this file too. Written whole by src/data/cohort.ts (the
// 15-minute cron, 'Refresh now', or the first read when none is stored); read by
// src/data/cohort-report.ts.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './schema';

// One row (id 1): the figures as JSON (funnel, arenas, check-ins; a few hundred bytes whatever the
// cohort's size) and when they were worked out. A row of another `version` reads as none, so a
// deploy that changes the figures' shape works them out again on the first read.
export const cohortReports = sqliteTable('cohort_reports', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
  computedAt: text('computed_at').notNull(),
  figures: text('figures').notNull(),
  // How many rows cohort_attention held when the report was stored.
  attentionTotal: integer('attention_total').notNull(),
});

// Who needs attention, one row each, in the order the page lists them (`position`: most reasons
// first, then by name). Each row keeps what the reasons are written from, as of the report's
// time: the participant's day then, their zone, sign-up and session times, their newest check-in
// day, their last two weeks of moods (only where the mood rule picked them: 14 pairs at most) and
// their grants in grace. Name and email are read from users, so a renamed participant shows as
// they are now; deleting the participant deletes the row.
export const cohortAttention = sqliteTable(
  'cohort_attention',
  {
    position: integer('position').primaryKey(),
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
  },
  (t) => [index('cohort_attention_user_idx').on(t.userId)],
);

export type CohortReportRow = typeof cohortReports.$inferSelect;
export type CohortAttentionRow = typeof cohortAttention.$inferSelect;
