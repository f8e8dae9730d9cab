// The whole database, in one place. Migrations in migrations/ are generated from this file
// by drizzle-kit (`npm run db:generate`). Times are ISO-8601 UTC strings.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { GRANT_SOURCES } from '../domain/grants';
import { MEMBERSHIP_STATUSES, PLANS, ROLES } from '../domain/plans';

export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    name: text('name'),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    // Set for admin-issued temporary passwords: the next sign-in asks for a new password.
    mustChangePassword: integer('must_change_password', { mode: 'boolean' }).notNull().default(false),
    // Written on every insert (the browser's zone, else the coaches'); see migration 0005 for the default.
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: text('created_at').notNull().default(now),
    lastLoginAt: text('last_login_at'),
    // Set when the user followed an email verification link (docs/product.md#email-verification).
    emailVerifiedAt: text('email_verified_at'),
  },
  // The admin users list's default order (newest first, then id): a page walks it, not a sort of every account.
  (t) => [index('users_created_idx').on(sql`${t.createdAt} DESC`, t.id)],
);

export const memberships = sqliteTable(
  'memberships',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: PLANS }).notNull(),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull().default('active'),
    source: text('source').notNull().default('signup'),
    externalId: text('external_id'),
    updatedAt: text('updated_at').notNull().default(now),
    // The Stripe customer a checkout linked; only Stripe events write it, so an admin or Patreon
    // change cannot cut the link that later subscription events follow.
    stripeCustomerId: text('stripe_customer_id'),
    // When the provider created the newest event applied (unix seconds): an older one arriving late changes nothing.
    providerEventAt: integer('provider_event_at'),
    // While status is 'past_due': access is kept until this instant (ISO-8601), then it lapses.
    graceUntil: text('grace_until'),
    // While 'past_due': the best plan of the user's other active grants, applying once the grace is over (`membershipAt`).
    afterGracePlan: text('after_grace_plan', { enum: PLANS }),
  },
  (t) => [index('memberships_external_idx').on(t.externalId), index('memberships_stripe_customer_idx').on(t.stripeCustomerId)],
);

// Membership grants (decision 24, docs/product.md#plans-and-memberships): one per source and
// provider customer. `memberships` above is the user's effective membership, the best of their
// active grants, recomputed in the same batch as every grant change (src/data/memberships.ts).
export const membershipGrants = sqliteTable(
  'membership_grants',
  {
    source: text('source', { enum: GRANT_SOURCES }).notNull(),
    // Which grant of that source: the user id (admin), the Stripe customer id (or
    // `checkout:{session id}` for a payment without a customer), the Patreon member id (a grant
    // made before migration 0018 keeps the member's address until the member's next event).
    subject: text('subject').notNull(),
    // The account the grant belongs to; null while it is unbound (a Stripe customer whose
    // checkout has not arrived) or waiting for an address to be proven (`pendingEmail`).
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    pendingEmail: text('pending_email'),
    // Null while the plan is not known yet (a checkout naming none, before its subscription event).
    plan: text('plan', { enum: PLANS }),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull(),
    graceUntil: text('grace_until'),
    // Who made it: 'signup', 'seed' or 'admin' for the admin grant, else the provider.
    origin: text('origin').notNull(),
    externalId: text('external_id'),
    // When the provider created the event that set the plan, and the status (unix seconds): an
    // older event arriving late changes neither (src/domain/grants.ts).
    planAt: integer('plan_at'),
    statusAt: integer('status_at'),
    // Bumped on every write: a webhook's batch applies only if the grant is as it read it.
    version: integer('version').notNull().default(0),
    updatedAt: text('updated_at').notNull().default(now),
    // Stripe: the subscription the grant follows, and when that subscription began (unix seconds).
    // An event for another subscription changes nothing, unless it says a newer one is live
    // (src/domain/grants.ts `followSubscription`). Null until an event names one.
    subscriptionId: text('subscription_id'),
    subscriptionSince: integer('subscription_since'),
  },
  (t) => [
    primaryKey({ columns: [t.source, t.subject] }),
    index('membership_grants_user_idx').on(t.userId),
    index('membership_grants_pending_email_idx').on(t.pendingEmail),
  ],
);

// Server-side sign-in sessions: the session cookie's JWT names one row, checked on every request.
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull().default(now),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** The columns of an emailed link's token: only its SHA-256 is stored (src/server/link-token.ts). */
const linkTokenColumns = () => ({
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: text('created_at').notNull().default(now),
  expiresAt: text('expires_at').notNull(),
});

export const passwordResetTokens = sqliteTable('password_reset_tokens', linkTokenColumns(), (t) => [
  index('password_reset_tokens_user_idx').on(t.userId),
]);

// The progress record of docs/product.md#stored-progress: JSON text columns, one row per user.
export const progress = sqliteTable('progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  questionResponses: text('question_responses'),
  arenaScores: text('arena_scores'),
  keystoneArena: text('keystone_arena'),
  reflections: text('reflections'),
  session1CompletedAt: text('session1_completed_at'),
  blockers: text('blockers'),
  session2CompletedAt: text('session2_completed_at'),
  accelerators: text('accelerators'),
  session3CompletedAt: text('session3_completed_at'),
  vision90Day: text('vision_90_day'),
  target90Day: text('target_90_day'),
  milestones: text('milestones').notNull().default('[]'),
  session4CompletedAt: text('session4_completed_at'),
  // When each milestone was marked done, by its day ({"30": ISO time}); kept apart from the
  // milestones, so editing Session 4 keeps what was done (docs/product.md#the-12-week-framework).
  milestonesDone: text('milestones_done'),
  updatedAt: text('updated_at').notNull().default(now),
});

export const checkIns = sqliteTable(
  'check_ins',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Calendar day (YYYY-MM-DD) in the user's time zone: one check-in per day.
    date: text('date').notNull(),
    mood: integer('mood').notNull(),
    drift: text('drift').notNull().default(''),
    win: text('win').notNull().default(''),
    createdAt: text('created_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
  },
  (t) => [uniqueIndex('check_ins_user_date_idx').on(t.userId, t.date), index('check_ins_date_idx').on(t.date)],
);

// One row per participant who has checked in (docs/product.md#the-coachs-desk): kept in the same
// batch as each check-in write (src/data/check-ins.ts, SQL in src/db/check-in-summaries.ts), so the
// cohort view reads a row per participant instead of every check-in of the last weeks.
export const checkInSummaries = sqliteTable(
  'check_in_summaries',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The newest check-in's calendar day.
    lastDay: text('last_day').notNull(),
    // Consecutive days checked in, ending on last_day (366 at most).
    run: integer('run').notNull(),
    // Bit k set: the mood rule fires when today is last_day + k days (k = 0 to 6).
    moodDropMask: integer('mood_drop_mask').notNull().default(0),
  },
  (t) => [index('check_in_summaries_last_day_idx').on(t.lastDay)],
);

export const webhookEvents = sqliteTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    source: text('source', { enum: ['stripe', 'patreon'] }).notNull(),
    // The provider's own event id, when it has one: a replayed event is recognised.
    externalId: text('external_id'),
    eventType: text('event_type').notNull(),
    status: text('status').notNull(),
    processedAt: text('processed_at').notNull().default(now),
    payload: text('payload').notNull(),
    errorMessage: text('error_message'),
  },
  (t) => [index('webhook_events_processed_idx').on(t.processedAt), uniqueIndex('webhook_events_external_idx').on(t.source, t.externalId)],
);

export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: text('created_at').notNull().default(now),
    html: text('html').notNull().default(''),
    // JSON object of the extra header fields (List-Unsubscribe, ...).
    headers: text('headers').notNull().default('{}'),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);

// Fixed-window counters for throttling (sign-in attempts, reset emails).
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export type User = typeof users.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type MembershipGrant = typeof membershipGrants.$inferSelect;
export type ProgressRow = typeof progress.$inferSelect;

// Every completed Session 1 as a dated snapshot: a retake adds one and never overwrites, so the
// summary can compare the first wheel with the latest (docs/product.md, "Wheel history"); at most
// WHEEL_SNAPSHOTS_MAX per user (decision 39).
export const wheelSnapshots = sqliteTable(
  'wheel_snapshots',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    arenaScores: text('arena_scores').notNull(),
    keystoneArena: text('keystone_arena'),
    completedAt: text('completed_at').notNull(),
    // The 70 answers of that wheel (JSON), so the summary can name the questions that moved most;
    // null for wheels kept before migration 0013.
    questionResponses: text('question_responses'),
    // The three Session 1 reflections written with that wheel (JSON list), so a retake keeps the
    // earlier wheel's (decision 39); null when they could not be recovered (migration 0022).
    reflections: text('reflections'),
  },
  (t) => [index('wheel_snapshots_user_idx').on(t.userId, t.completedAt)],
);

export type WheelSnapshotRow = typeof wheelSnapshots.$inferSelect;
export type CheckInRow = typeof checkIns.$inferSelect;

// Superseded by `membership_grants` (its `pending_email`): migration 0009 moved the rows there;
// nothing writes this table any more.
export const pendingMemberships = sqliteTable(
  'pending_memberships',
  {
    email: text('email').primaryKey(),
    plan: text('plan', { enum: PLANS }).notNull(),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull(),
    source: text('source').notNull(),
    externalId: text('external_id'),
    updatedAt: text('updated_at').notNull().default(now),
    stripeCustomerId: text('stripe_customer_id'),
    providerEventAt: integer('provider_event_at'),
  },
  (t) => [index('pending_memberships_stripe_customer_idx').on(t.stripeCustomerId)],
);

// Email verification links: only the SHA-256 of a token is stored; single use, valid 7 days.
export const emailVerificationTokens = sqliteTable('email_verification_tokens', linkTokenColumns(), (t) => [
  index('email_verification_tokens_user_idx').on(t.userId),
]);

// The audit trail (decision 25, docs/product.md#audit-trail): every change to a user's role,
// grants, status or password made by anyone but the user. Append-only (triggers in migration 0012
// refuse UPDATE and DELETE), and without a foreign key on purpose: it outlives the grant it speaks
// of and the account itself.
export const auditEntries = sqliteTable(
  'audit_entries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    at: text('at').notNull().default(now),
    // An admin's email, or 'stripe', 'patreon', 'system'.
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    from: text('from_value'),
    to: text('to_value'),
  },
  (t) => [index('audit_entries_user_idx').on(t.userId, t.at)],
);

export type AuditEntryRow = typeof auditEntries.$inferSelect;
