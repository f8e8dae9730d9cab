// A participant's own account changes (decision 42, docs/product.md#your-account), beside
// src/db/schema.ts, whose users they belong to. drizzle.config.ts reads this file too. Both tables
// hold emailed links, stored as the SHA-256 of their token only (src/server/link-token.ts), and go
// with the user (ON DELETE CASCADE) and, once expired, in the daily clean-up (src/data/cleanup.ts).
import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now, users } from './schema';

// A change of email address waiting for the new address to be confirmed: one per user (a new
// request replaces it). The address in `users` changes only when the link sent to `new_email` is
// followed, within its lifetime (EMAIL_CHANGE_HOURS in src/domain/account.ts).
export const emailChanges = sqliteTable('email_changes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: text('created_at').notNull().default(now),
  expiresAt: text('expires_at').notNull(),
});

// The 'It was not me' links mailed to the old address with each change request: following one
// cancels the pending change (or puts the old address back, if the change was confirmed since),
// ends every session and voids the account's links. `old_email` is the address it was sent to.
export const emailChangeReports = sqliteTable(
  'email_change_reports',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    oldEmail: text('old_email').notNull(),
    createdAt: text('created_at').notNull().default(now),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('email_change_reports_user_idx').on(t.userId)],
);

export type EmailChangeRow = typeof emailChanges.$inferSelect;
