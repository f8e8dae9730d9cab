// The audit trail (decision 25, docs/product.md#audit-trail). Every entry is written by a statement
// that goes into the same D1 batch as the change it records, conditional on the same facts, so a
// change never lands without its entry and an entry never tells of a change that did not happen.
import { and, desc, eq, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditEntries, membershipGrants, users, webhookEvents } from '../db/schema';
import { AUDIT_ACTIONS, type AuditEntry, SYSTEM_ACTOR } from '../domain/audit';
import { PLAN_LABELS, PLANS } from '../domain/plans';
import { newId } from './ids';

/** How many entries the participant's page and the API list (newest first). */
const AUDIT_LIST_MAX = 200;

export interface NewAuditEntry {
  userId: string;
  actor: string;
  action: string;
  /** Text, or SQL evaluated when the batch runs (the value just before the change). */
  from?: string | SQL | null;
  to?: string | SQL | null;
}

const value = (v: string | SQL | null | undefined) => (v === undefined || v === null ? sql`NULL` : typeof v === 'string' ? sql`${v}` : v);

/**
 * The statement that appends one entry when `onlyIf` holds at that point of the batch (always,
 * without it). Put it before the change when `from` reads the value the change replaces.
 */
export function appendAudit(db: Db, entry: NewAuditEntry, onlyIf?: SQL) {
  const row = db
    .select({
      id: sql<string>`${newId()}`.as('id'),
      userId: sql<string>`${entry.userId}`.as('user_id'),
      at: sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`.as('at'),
      actor: sql<string>`${entry.actor}`.as('actor'),
      action: sql<string>`${entry.action}`.as('action'),
      from: sql<string | null>`${value(entry.from)}`.as('from_value'),
      to: sql<string | null>`${value(entry.to)}`.as('to_value'),
    })
    .from(sql`(SELECT 1)`)
    .where(onlyIf ?? sql`1`);
  return db.insert(auditEntries).select(row);
}

/** The same, only if the webhook's log row `logId` was written in this batch (a replay writes nothing). */
export function appendAuditForEvent(db: Db, entry: NewAuditEntry, logId: string) {
  return appendAudit(db, entry, sql`EXISTS (SELECT 1 FROM ${webhookEvents} WHERE ${webhookEvents.id} = ${logId})`);
}

/** The plan's label in SQL: 'premium' → 'Premium'. */
const planLabel = (plan: SQL) =>
  sql`(CASE ${plan} ${sql.raw(PLANS.map((p) => `WHEN '${p}' THEN '${PLAN_LABELS[p]}'`).join(' '))} ELSE ${plan} END)`;

/** The admin grant as it stands when the batch reaches this point: 'Premium, active', or NULL. */
export function adminGrantNow(userId: string): SQL {
  const g = membershipGrants;
  return sql`(SELECT ${planLabel(sql`${g.plan}`)} || ', ' || ${g.status} FROM ${g} WHERE ${g.source} = 'admin' AND ${g.subject} = ${userId})`;
}

/**
 * Failed payments whose grace ran out by `now` and are not in the trail yet: one 'system' entry
 * each, dated when the grace ended (so it reads true whenever it is written). Idempotent. Runs
 * at the start of the admin pages' batches, so the trail an admin reads is complete; the daily
 * cron may run it too.
 */
export function auditGraceLapses(db: Db, now: Date, userId?: string) {
  const g = membershipGrants;
  const a = auditEntries;
  const rows = db
    .select({
      id: sql<string>`lower(hex(randomblob(16)))`.as('id'),
      userId: sql<string>`${g.userId}`.as('user_id'),
      at: sql<string>`${g.graceUntil}`.as('at'),
      actor: sql<string>`${SYSTEM_ACTOR}`.as('actor'),
      action: sql<string>`${AUDIT_ACTIONS.graceEnded}`.as('action'),
      from: sql<string>`(CASE ${g.source} WHEN 'stripe' THEN 'Stripe' WHEN 'patreon' THEN 'Patreon' ELSE 'Admin' END) || ' grant: ' || ${planLabel(sql`${g.plan}`)} || ', payment failed'`.as(
        'from_value',
      ),
      to: sql<string>`'Lapsed: no access from this grant'`.as('to_value'),
    })
    .from(g)
    .where(
      and(
        eq(g.status, 'past_due'),
        isNotNull(g.userId),
        isNotNull(g.plan),
        lte(g.graceUntil, now.toISOString()),
        userId ? eq(g.userId, userId) : undefined,
        sql`NOT EXISTS (SELECT 1 FROM ${a} WHERE ${a.userId} = ${g.userId} AND ${a.actor} = ${SYSTEM_ACTOR} AND ${a.at} = ${g.graceUntil})`,
      ),
    );
  return db.insert(auditEntries).select(rows);
}

/**
 * Grants that waited for an address and now attach to the account that proved it: one entry each,
 * in the provider's name (the payment made the change; the account only proved the address).
 * Put it before the statement that binds them.
 */
export function auditAttachedGrants(db: Db, userId: string, email: string) {
  const g = membershipGrants;
  const source = sql`(CASE ${g.source} WHEN 'stripe' THEN 'Stripe' WHEN 'patreon' THEN 'Patreon' ELSE 'Admin' END)`;
  const rows = db
    .select({
      id: sql<string>`lower(hex(randomblob(16)))`.as('id'),
      userId: sql<string>`${userId}`.as('user_id'),
      at: sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`.as('at'),
      actor: sql<string>`${g.source}`.as('actor'),
      action: sql<string>`${source} || ' grant changed'`.as('action'),
      from: sql<string | null>`NULL`.as('from_value'),
      to: sql<string>`COALESCE(${planLabel(sql`${g.plan}`)}, 'No plan yet') || ', ' || ${g.status}`.as('to_value'),
    })
    .from(g)
    .where(and(eq(g.pendingEmail, email.toLowerCase()), isNull(g.userId)));
  return db.insert(auditEntries).select(rows);
}

/** The user's trail, newest first, as a query to await or batch. */
export function auditTrailQuery(db: Db, userId: string) {
  const a = auditEntries;
  return db
    .select({ at: a.at, actor: a.actor, action: a.action, from: a.from, to: a.to })
    .from(a)
    .where(eq(a.userId, userId))
    .orderBy(desc(a.at), desc(sql`rowid`))
    .limit(AUDIT_LIST_MAX);
}

/**
 * The trail with any lapsed grace written first, and whether the account still exists (the trail
 * outlives it), in one batch; null when there is neither an account nor a trail.
 */
export async function readAuditTrail(db: Db, userId: string, now: Date = new Date()): Promise<AuditEntry[] | null> {
  const [, entries, account] = await db.batch([
    auditGraceLapses(db, now, userId),
    auditTrailQuery(db, userId),
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
  ]);
  return entries.length === 0 && account.length === 0 ? null : entries;
}
