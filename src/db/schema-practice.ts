// The daily practice (decision 38, docs/product.md#the-daily-practice): each check-in's answers to
// the participant's three Session 3 daily actions, one row per check-in and accelerator. The
// accelerator's name and its daily action are copied as they were that day, so a later Session 3
// edit keeps the history. A row goes with its check-in (Reset Demo Data) and with the account.
import { foreignKey, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { checkIns, now } from './schema';

export const checkInActions = sqliteTable(
  'check_in_actions',
  {
    userId: text('user_id').notNull(),
    // The check-in's calendar day (YYYY-MM-DD, in the zone saved in Settings).
    date: text('date').notNull(),
    // The accelerator's name as Session 3 saved it ('Gratitude').
    accelerator: text('accelerator').notNull(),
    // The daily action's words as Session 3 held them that day.
    dailyAction: text('daily_action').notNull(),
    done: integer('done', { mode: 'boolean' }).notNull(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.date, t.accelerator] }),
    foreignKey({ columns: [t.userId, t.date], foreignColumns: [checkIns.userId, checkIns.date] }).onDelete('cascade'),
  ],
);

export type CheckInActionRow = typeof checkInActions.$inferSelect;
