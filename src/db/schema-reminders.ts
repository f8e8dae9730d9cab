// The tables of reminders, mail delivery and the calendar feed (docs/product.md#reminders-and-mail),
// beside src/db/schema.ts, whose users they belong to. drizzle.config.ts reads both files.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now, users } from './schema';

// Every queued mail the consumer tried: delivered, still being retried, or failed for good (moved
// to the dead-letter queue). Admins see the ones not delivered at /admin/mail. Tied to the user it
// went to, so deleting the user deletes their rows.
export const mailDeliveries = sqliteTable(
  'mail_deliveries',
  {
    // The queue message's mail id: a redelivered message finds its row and is not sent twice.
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    status: text('status', { enum: ['retrying', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('mail_deliveries_status_idx').on(t.status, t.updatedAt), index('mail_deliveries_user_idx').on(t.userId)],
);

// A participant's reminder choices. The check-in reminder's next due instant is kept (computed in
// their zone, DST included), so the 15-minute run finds the due ones with one indexed range query.
export const reminderSettings = sqliteTable(
  'reminder_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkInEnabled: integer('check_in_enabled', { mode: 'boolean' }).notNull().default(false),
    // Local time of day, minutes after midnight, a multiple of 15 (20:00 is 1200).
    checkInMinute: integer('check_in_minute').notNull().default(1200),
    // While enabled: the UTC instant of the next reminder and the user's calendar day it is for.
    checkInDueAt: text('check_in_due_at'),
    checkInDay: text('check_in_day'),
    webinarsEnabled: integer('webinars_enabled', { mode: 'boolean' }).notNull().default(false),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [index('reminder_settings_due_idx').on(t.checkInDueAt), index('reminder_settings_webinars_idx').on(t.webinarsEnabled, t.userId)],
);

// One row per reminder sent: claimed before the mail is queued, so overlapping or repeated runs
// send each reminder once. `key` is the user's calendar day (check-in) or the webinar id.
export const reminderSends = sqliteTable(
  'reminder_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['check-in', 'webinar'] }).notNull(),
    key: text('key').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] }), index('reminder_sends_created_idx').on(t.createdAt)],
);

// The private calendar feed's address is signed (src/mail/links.ts) with the user id and this
// version; 'Reset link' bumps the version, so every older address answers 404. No row: version 1.
export const calendarFeeds = sqliteTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  updatedAt: text('updated_at').notNull().default(now),
});

// Sessions an admin removed, remembered until they would have ended, so calendar feeds can say
// STATUS:CANCELLED instead of silently dropping the event.
export const cancelledWebinars = sqliteTable('cancelled_webinars', {
  id: text('id').primaryKey(),
  // The cohort the webinar belonged to (decision 37), so only its members' feeds show the
  // cancellation; no foreign key: the row outlives nothing it names for long (the daily clean-up).
  cohortId: text('cohort_id'),
  title: text('title').notNull(),
  location: text('location').notNull(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  sequence: integer('sequence').notNull(),
  cancelledAt: text('cancelled_at').notNull().default(now),
});

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;
export type MailDeliveryRow = typeof mailDeliveries.$inferSelect;
