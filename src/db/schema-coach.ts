// What a coach keeps about a participant (decision 40, docs/product.md#the-worklist): where they
// stand on the needs-attention worklist, and private notes. Beside src/db/schema.ts, whose users
// they speak of; drizzle.config.ts reads this file too. Written and read by src/data/worklist.ts
// and src/data/notes.ts; never by anything a participant sees.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ATTENTION_STATES } from '../domain/worklist';
import { now, users } from './schema';
import { cohorts } from './schema-cohorts';

// One row per participant a coach has handled: marked contacted, or snoozed until `until`. The
// reasons they needed attention when it was set (a mask of REASON_BITS, src/domain/worklist.ts),
// narrowed by each report to the ones that still hold, so a reason that is new, or comes back,
// brings them back on the list. 'Back on the worklist' deletes the row.
export const attentionStates = sqliteTable(
  'attention_states',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The cohort whose stored report it was set against (their current cohort then; each report
    // points its members' states at its cohort): a desk finds its cohort's handled people by it.
    cohortId: text('cohort_id').references(() => cohorts.id, { onDelete: 'set null' }),
    state: text('state', { enum: ATTENTION_STATES }).notNull(),
    reasons: integer('reasons').notNull(),
    // The end of a snooze (an instant); null when contacted.
    until: text('until'),
    // The admin who set it (their email, as the audit trail names them).
    setBy: text('set_by').notNull(),
    setAt: text('set_at').notNull().default(now),
  },
  (t) => [index('attention_states_cohort_idx').on(t.cohortId)],
);

// A private note on a participant: admins only, never on a participant's page, mail or download.
// The author is kept by name (and id while their account lasts): only they may delete it.
export const adminNotes = sqliteTable(
  'admin_notes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    text: text('text').notNull(),
    at: text('at').notNull().default(now),
  },
  (t) => [index('admin_notes_user_idx').on(t.userId, t.at)],
);

export type AttentionStateRow = typeof attentionStates.$inferSelect;
export type AdminNoteRow = typeof adminNotes.$inferSelect;
