// Reminder settings, the rows the 15-minute run claims before queueing a reminder, and the reads
// of the one-tap check-in and unsubscribe pages (docs/product.md#reminders-and-mail). The run's
// reads and writes go in chunks: one indexed range read and one batch per 1,000 due reminders.
import { and, eq, gte, lt, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type Membership, memberships, users } from '../db/schema';
import { webinars } from '../db/schema-cohorts';
import { type ReminderSettingsRow, reminderSettings } from '../db/schema-reminders';
import { DEFAULT_CHECK_IN_MINUTE, nextCheckInDue, type RemindersInput } from '../domain/reminders';
import type { Webinar } from '../domain/webinars';

export interface ReminderSettings {
  checkInEnabled: boolean;
  checkInMinute: number;
  webinarsEnabled: boolean;
}

const REMINDERS_OFF: ReminderSettings = { checkInEnabled: false, checkInMinute: DEFAULT_CHECK_IN_MINUTE, webinarsEnabled: false };

export function reminderSettingsQuery(db: Db, userId: string | Placeholder) {
  return db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId)).limit(1);
}

export function toSettings(row: ReminderSettingsRow | null | undefined): ReminderSettings {
  return row
    ? { checkInEnabled: row.checkInEnabled, checkInMinute: row.checkInMinute, webinarsEnabled: row.webinarsEnabled }
    : REMINDERS_OFF;
}

export async function getReminderSettings(db: Db, userId: string): Promise<ReminderSettings> {
  const [row] = await reminderSettingsQuery(db, userId);
  return toSettings(row);
}

/** Saves the choices; the check-in reminder's next due instant is worked out in `timeZone` from `now`. */
export async function saveReminderSettings(
  db: Db,
  userId: string,
  input: RemindersInput,
  timeZone: string,
  now: Date,
): Promise<ReminderSettings> {
  const next = input.checkIn.enabled ? nextCheckInDue(timeZone, input.checkIn.localTime, now) : null;
  const values = {
    checkInEnabled: input.checkIn.enabled,
    checkInMinute: input.checkIn.localTime,
    checkInDueAt: next?.dueAt.toISOString() ?? null,
    checkInDay: next?.day ?? null,
    webinarsEnabled: input.webinars.enabled,
    updatedAt: now.toISOString(),
  };
  const [row] = await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: reminderSettings.userId, set: values })
    .returning();
  return toSettings(row);
}

/** One-click unsubscribe: turns that reminder off (nothing happens for an unknown user). */
export async function turnOffReminder(db: Db, userId: string, kind: 'check-in' | 'webinar'): Promise<void> {
  const set = kind === 'check-in' ? { checkInEnabled: false, checkInDueAt: null, checkInDay: null } : { webinarsEnabled: false };
  await db
    .update(reminderSettings)
    .set({ ...set, updatedAt: new Date().toISOString() })
    .where(eq(reminderSettings.userId, userId));
}

/** A user as a reminder link names them, with their membership (the plan decides what they may do). */
export async function findLinkUser(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string; name: string | null; timeZone: string; membership: Membership | null } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, timeZone: users.timeZone, membership: memberships })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

// ---- The 15-minute run --------------------------------------------------------------------------

export interface DueCheckIn {
  userId: string;
  email: string;
  timeZone: string;
  minute: number;
  /** The local day the stored due instant is for. */
  day: string | null;
  /** A check-in exists for `day`. */
  checkedIn: boolean;
  membership: Membership | null;
}

const DUE_SQL = `SELECT r.user_id AS userId, u.email, u.time_zone AS timeZone, r.check_in_minute AS minute, r.check_in_day AS day,
  c.id IS NOT NULL AS checkedIn, m.plan, m.status, m.grace_until AS graceUntil, m.after_grace_plan AS afterGracePlan
FROM reminder_settings r
JOIN users u ON u.id = r.user_id
LEFT JOIN check_ins c ON c.user_id = r.user_id AND c.date = r.check_in_day
LEFT JOIN memberships m ON m.user_id = r.user_id
WHERE r.check_in_due_at < ?1 AND r.check_in_enabled = 1
ORDER BY r.check_in_due_at
LIMIT ?2`;

interface DueRow {
  userId: string;
  email: string;
  timeZone: string;
  minute: number;
  day: string | null;
  checkedIn: number;
  plan: Membership['plan'] | null;
  status: Membership['status'] | null;
  graceUntil: string | null;
  afterGracePlan: Membership['plan'] | null;
}

/** Check-in reminders due before `before` (an index range on check_in_due_at), at most `limit`. */
export async function dueCheckIns(db: Db, before: Date, limit: number): Promise<DueCheckIn[]> {
  const { results } = await db.$client.prepare(DUE_SQL).bind(before.toISOString(), limit).all<DueRow>();
  return results.map((r) => ({
    userId: r.userId,
    email: r.email,
    timeZone: r.timeZone,
    minute: r.minute,
    day: r.day,
    checkedIn: Boolean(r.checkedIn),
    membership:
      r.plan && r.status
        ? ({ userId: r.userId, plan: r.plan, status: r.status, graceUntil: r.graceUntil, afterGracePlan: r.afterGracePlan } as Membership)
        : null,
  }));
}

/** Which of these (user, day) pairs have a check-in: for reminders whose day moved with a zone change. */
export async function checkedInPairs(db: Db, pairs: readonly { userId: string; day: string }[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const { results } = await db.$client
    .prepare(
      `SELECT c.user_id AS userId, c.date AS day FROM json_each(?1) j JOIN check_ins c ON c.user_id = j.value ->> 'u' AND c.date = j.value ->> 'd'`,
    )
    .bind(JSON.stringify(pairs.map((p) => ({ u: p.userId, d: p.day }))))
    .all<{ userId: string; day: string }>();
  return new Set(results.map((r) => `${r.userId}|${r.day}`));
}

const CLAIM_SQL = `INSERT INTO reminder_sends (user_id, kind, key) SELECT j.value ->> 'u', ?2, j.value ->> 'k' FROM json_each(?1) j WHERE true
ON CONFLICT DO NOTHING RETURNING user_id AS userId, key`;
const ADVANCE_SQL = `UPDATE reminder_settings SET check_in_due_at = j.value ->> 'a', check_in_day = j.value ->> 'd'
FROM json_each(?1) j WHERE reminder_settings.user_id = j.value ->> 'u'`;

/**
 * In one batch: claims the (user, kind, key) rows (those already claimed by an earlier or parallel
 * run are left out of the answer) and moves each check-in reminder to its next due instant.
 * Answers the claims this call won, as `userId|key`.
 */
export async function claimReminders(
  db: Db,
  kind: 'check-in' | 'webinar',
  claims: readonly { userId: string; key: string }[],
  advances: readonly { userId: string; dueAt: string; day: string }[] = [],
): Promise<Set<string>> {
  const statements: D1PreparedStatement[] = [];
  if (claims.length > 0)
    statements.push(db.$client.prepare(CLAIM_SQL).bind(JSON.stringify(claims.map((c) => ({ u: c.userId, k: c.key }))), kind));
  if (advances.length > 0)
    statements.push(db.$client.prepare(ADVANCE_SQL).bind(JSON.stringify(advances.map((a) => ({ u: a.userId, a: a.dueAt, d: a.day })))));
  if (statements.length === 0) return new Set();
  const [claimed] = await db.$client.batch<{ userId: string; key: string }>(statements);
  return new Set(claims.length > 0 ? (claimed?.results ?? []).map((r) => `${r.userId}|${r.key}`) : []);
}

/** Whether any session starts in [from, to): when none does (most runs), there are no webinar reminders to look for. */
export async function anyWebinarStartsBetween(db: Db, from: Date, to: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: webinars.id })
    .from(webinars)
    .where(and(gte(webinars.startTime, from.toISOString()), lt(webinars.startTime, to.toISOString())))
    .limit(1);
  return row !== undefined;
}

/** One webinar reminder: a participant with webinar reminders on, and a session of their current cohort. */
export interface DueWebinarReminder {
  userId: string;
  webinarId: string;
  email: string;
  timeZone: string;
  membership: Membership | null;
}

/** Where a page of webinar reminders ended: the next page starts after this (user, webinar). */
export interface WebinarReminderCursor {
  userId: string;
  webinarId: string;
}

// Decision 37: each participant is reminded of their own current cohort's sessions only. The walk
// goes through the subscribers in user order (reminder_settings_webinars_idx; CROSS JOIN keeps that
// table outermost, so a page stops at its LIMIT and needs no sort of the whole set), each one's
// current cohort (the partial unique index) and that cohort's sessions in the range
// (webinars_cohort_idx): another cohort's session adds no row and no round trip.
const DUE_WEBINARS_SQL = `SELECT r.user_id AS userId, w.id AS webinarId, u.email, u.time_zone AS timeZone,
  m.plan, m.status, m.grace_until AS graceUntil, m.after_grace_plan AS afterGracePlan
FROM reminder_settings r
CROSS JOIN cohort_members cm
CROSS JOIN webinars w
JOIN users u ON u.id = r.user_id
LEFT JOIN memberships m ON m.user_id = r.user_id
WHERE r.webinars_enabled = 1 AND r.user_id >= ?3
  AND cm.user_id = r.user_id AND cm.left_at IS NULL
  AND w.cohort_id = cm.cohort_id AND w.end_time > ?1 AND w.start_time >= ?1 AND w.start_time < ?2
  AND (r.user_id > ?3 OR w.id > ?4)
ORDER BY r.user_id, w.id
LIMIT ?5`;

interface DueWebinarRow extends Omit<DueWebinarReminder, 'membership'> {
  plan: Membership['plan'] | null;
  status: Membership['status'] | null;
  graceUntil: string | null;
  afterGracePlan: Membership['plan'] | null;
}

/**
 * The webinar reminders of sessions starting in [from, to), each subscriber with their own
 * cohort's sessions, after `cursor` in (user, webinar) order, at most `limit`.
 */
export async function dueWebinarReminders(
  db: Db,
  from: Date,
  to: Date,
  cursor: WebinarReminderCursor,
  limit: number,
): Promise<DueWebinarReminder[]> {
  const { results } = await db.$client
    .prepare(DUE_WEBINARS_SQL)
    .bind(from.toISOString(), to.toISOString(), cursor.userId, cursor.webinarId, limit)
    .all<DueWebinarRow>();
  return results.map(({ plan, status, graceUntil, afterGracePlan, ...r }) => ({
    ...r,
    membership: plan && status ? ({ userId: r.userId, plan, status, graceUntil, afterGracePlan } as Membership) : null,
  }));
}

export async function findWebinar(db: Db, id: string): Promise<Webinar | null> {
  const [row] = await db.select().from(webinars).where(eq(webinars.id, id)).limit(1);
  return row ?? null;
}
