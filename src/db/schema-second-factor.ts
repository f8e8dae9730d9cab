// Admins' second factor (decision 43, docs/product.md#second-factor-for-admins), beside
// src/db/schema.ts, whose users and sign-in sessions it belongs to. drizzle.config.ts reads this
// file too. Every row goes with its user (ON DELETE CASCADE), and a session's row with the session.
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { authSessions, now, users } from './schema';

// One per user: the TOTP secret (base32, as authenticator apps take it). While `enabled_at` is
// null it is being set up (shown on /settings/two-factor, not yet proven by a code) and asks
// nothing at sign-in. `last_step` is the newest 30-second time step a code was accepted for: a
// code of that step or an older one is refused, so each code works once (replay protection).
export const secondFactors = sqliteTable('second_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: text('enabled_at'),
  lastStep: integer('last_step'),
  createdAt: text('created_at').notNull().default(now),
});

// The ten single-use recovery codes made when the second factor is turned on: only the SHA-256 of
// each (with the user's id) is kept, and a code is deleted as it is used. Turning the second
// factor on again replaces them; turning it off or an admin's reset deletes them.
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

// The sign-in sessions in which a code (or a recovery code) was verified. A session of an admin
// whose second factor is on and that has no row here is waiting for the code step.
export const secondFactorSessions = sqliteTable('second_factor_sessions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  verifiedAt: text('verified_at').notNull().default(now),
});

export type SecondFactorRow = typeof secondFactors.$inferSelect;
