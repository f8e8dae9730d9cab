// A coach's contact with participants (decision 40, docs/product.md#nudges-and-announcements):
// nudges (at most one per participant per coaches' day, held by the primary key), announcements
// to one cohort with one row per recipient, and who turned coach mail off. drizzle.config.ts reads
// this file too. Migration 0024 also adds the trigger that keeps each announcement's mail counts.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now, users } from './schema';
import { cohorts } from './schema-cohorts';

// One row per nudge. The primary key (user, day) is the daily cap: of two nudges racing for the
// same participant on the same coaches' day, one insert wins and the other changes nothing.
export const coachNudges = sqliteTable(
  'coach_nudges',
  {
    // This nudge's own id: its audit entry is written only if this row is the one that landed.
    id: text('id').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The coaches' calendar day (America/Los_Angeles) the nudge was sent on.
    day: text('day').notNull(),
    // The admin who sent it (their email, as the audit trail names them).
    sentBy: text('sent_by').notNull(),
    reason: text('reason'),
    subject: text('subject').notNull(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

// An announcement to one cohort. The mail counts are kept by the trigger of migration 0024 as each
// recipient's mail moves on (queued, delivered, failed), so the list reads one row per announcement.
export const announcements = sqliteTable(
  'announcements',
  {
    id: text('id').primaryKey(),
    cohortId: text('cohort_id')
      .notNull()
      .references(() => cohorts.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentBy: text('sent_by').notNull(),
    createdAt: text('created_at').notNull().default(now),
    // Seated participants it went to (their dashboard card), when it was sent.
    recipients: integer('recipients').notNull().default(0),
    // Mails waiting for the fan-out or on the queue (retries included), delivered, failed for good.
    mailsQueued: integer('mails_queued').notNull().default(0),
    mailsDelivered: integer('mails_delivered').notNull().default(0),
    mailsFailed: integer('mails_failed').notNull().default(0),
  },
  (t) => [index('announcements_created_idx').on(t.createdAt)],
);

export const ANNOUNCEMENT_MAIL_STATES = ['off', 'pending', 'queued', 'retrying', 'delivered', 'failed'] as const;

// One row per participant an announcement went to: their dashboard card until dismissed, and
// their mail's state ('off': they turned coach mail off; 'pending': the fan-out has not reached
// them yet). `position` numbers them 1..n, so the fan-out works in fixed chunks.
export const announcementRecipients = sqliteTable(
  'announcement_recipients',
  {
    announcementId: text('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mail: text('mail', { enum: ANNOUNCEMENT_MAIL_STATES }).notNull(),
    dismissedAt: text('dismissed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_recipients_position_idx').on(t.announcementId, t.position),
    index('announcement_recipients_user_idx').on(t.userId, t.dismissedAt),
  ],
);

// Participants who turned mail from their coach off (Settings, or one-click unsubscribe). No row:
// coach mail is on. Their dashboard still shows announcements.
export const coachMailOptOuts = sqliteTable('coach_mail_opt_outs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  at: text('at').notNull().default(now),
});

export type AnnouncementRow = typeof announcements.$inferSelect;
export type AnnouncementMailState = (typeof ANNOUNCEMENT_MAIL_STATES)[number];
