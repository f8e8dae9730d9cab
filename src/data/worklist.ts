// The coach's worklist (decision 40, docs/product.md#the-worklist): who in a cohort needs attention
// and is not handled, a page at a time in the stored report's order (the most urgent first), with
// counts per reason, as two queries a page reads in its session's batch (src/data/auth-sessions.ts),
// bounded whatever the cohort's size: the page walks the report's rows in position order and stops
// after WORKLIST_PAGE_SIZE, the counts read the cohort's needs-attention rows once. And the writes:
// an attention state (contacted, snoozed, open again), with its audit entry, set against the
// reasons the stored report holds for the person.
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { attentionStates } from '../db/schema-coach';
import { cohortAttention } from '../db/schema-cohort-reports';
import { cohortMembers } from '../db/schema-cohorts';
import { AUDIT_ACTIONS } from '../domain/audit';
import { type AttentionInput, NOTE_MAX, REASON_BITS, snoozeEnds, WORKLIST_PAGE_SIZE } from '../domain/worklist';
import { appendAudit } from './audit';
import { deskCohortId, type Value } from './cohort-report';
import { newNoteStatements } from './notes';

type Bound = number | Placeholder;

// The report's rows and the states, under the names the SQL fragments below use.
const a = alias(cohortAttention, 'a');
const s = alias(attentionStates, 's');

/** What a person's stored needs-attention row says, as the worklist and their admin page read it (with their name). */
const attentionColumns = {
  name: users.name,
  email: users.email,
  today: a.today,
  timeZone: a.timeZone,
  createdAt: a.createdAt,
  s1: a.session1CompletedAt,
  s2: a.session2CompletedAt,
  s3: a.session3CompletedAt,
  s4: a.session4CompletedAt,
  lastDay: a.lastDay,
  moods: a.moods,
  grace: a.grace,
  reasons: a.reasons,
};

/** The person is on the worklist at `now` (src/domain/worklist.ts onWorklist): not handled, or their snooze ended, or a reason is new. */
const shown = (now: Value) =>
  sql`(s.user_id IS NULL OR (a.reasons & ~s.reasons) != 0 OR (s.state = 'snoozed' AND (s.until IS NULL OR s.until <= ${now})))`;

/**
 * One page of the worklist of the desk's cohort: the rows after `offset` that are shown at `now`
 * and hold the reason bit `reason` (0: any), the most urgent first; filtered by one reason, the most
 * urgent for that reason first. With the state they come back from, if any.
 */
export function worklistQuery(db: Db, cohortId: Value, today: Value, now: Value, reason: Bound, offset: Bound) {
  const byReason = sql`CASE ${reason} WHEN ${REASON_BITS.mood} THEN -a.mood_drop WHEN ${REASON_BITS.stall} THEN julianday(a.stall_since) WHEN ${REASON_BITS.grace} THEN julianday(a.grace_until) ELSE 0 END`;
  return db
    .select({
      userId: a.userId,
      ...attentionColumns,
      was: s.state,
      wasUntil: s.until,
    })
    .from(a)
    .innerJoin(users, and(eq(users.id, a.userId), eq(users.role, 'user')))
    .leftJoin(s, eq(s.userId, a.userId))
    .where(and(sql`a.cohort_id = ${deskCohortId(cohortId, today)}`, sql`(a.reasons & ${reason}) = ${reason}`, shown(now)))
    .orderBy(sql`${byReason}`, sql`a.position`)
    .limit(WORKLIST_PAGE_SIZE)
    .offset(offset);
}

export type WorklistRow = Awaited<ReturnType<typeof worklistQuery>>[number];

/** The counts on top of the worklist: how many are on it, per reason, and how many are handled. One row. */
export function worklistCountsQuery(db: Db, cohortId: Value, today: Value, now: Value) {
  const on = shown(now);
  // Each aliased: D1 answers rows keyed by column name, and these would share one.
  const per = (bit: number, name: string) =>
    sql<number>`coalesce(sum(CASE WHEN ${on} AND (a.reasons & ${bit}) != 0 THEN 1 ELSE 0 END), 0)`.as(name);
  return db
    .select({
      open: sql<number>`coalesce(sum(CASE WHEN ${on} THEN 1 ELSE 0 END), 0)`.as('open'),
      quiet: per(REASON_BITS.quiet, 'quiet'),
      mood: per(REASON_BITS.mood, 'mood'),
      stall: per(REASON_BITS.stall, 'stall'),
      grace: per(REASON_BITS.grace, 'grace'),
      handled: sql<number>`coalesce(sum(CASE WHEN ${on} THEN 0 ELSE 1 END), 0)`.as('handled'),
    })
    .from(sql`${cohortAttention} a`)
    .innerJoin(users, and(eq(users.id, sql`a.user_id`), eq(users.role, 'user')))
    .leftJoin(sql`${attentionStates} s`, sql`s.user_id = a.user_id`)
    .where(sql`a.cohort_id = ${deskCohortId(cohortId, today)}`);
}

export type WorklistCounts = Awaited<ReturnType<typeof worklistCountsQuery>>[number];

export async function readWorklist(
  db: Db,
  cohortId: string,
  now: Date,
  reason: number,
  offset: number,
): Promise<{ rows: WorklistRow[]; counts: WorklistCounts }> {
  const at = now.toISOString();
  const [rows, [counts]] = await db.batch([
    worklistQuery(db, cohortId, null, at, reason, offset),
    worklistCountsQuery(db, cohortId, null, at),
  ]);
  return { rows, counts: counts ?? { open: 0, quiet: 0, mood: 0, stall: 0, grace: 0, handled: 0 } };
}

/** The reasons the stored report holds for the user in their current cohort (0: none). */
const currentReasons = (userId: string) =>
  sql`coalesce((SELECT a.reasons FROM ${cohortAttention} a JOIN ${cohortMembers} m ON m.user_id = a.user_id AND m.cohort_id = a.cohort_id AND m.left_at IS NULL WHERE a.user_id = ${userId} LIMIT 1), 0)`;

/**
 * The user's stored needs-attention row in their current cohort (null: no reason as of the last
 * report) and their attention state (null: none), for their admin page.
 */
export function attentionOfQuery(db: Db, userId: string) {
  const m = alias(cohortMembers, 'm');
  return db
    .select({
      userId: users.id,
      ...attentionColumns,
      state: s.state,
      stateReasons: sql<number | null>`${s.reasons}`.as('state_reasons'),
      until: s.until,
      setBy: s.setBy,
      setAt: s.setAt,
    })
    .from(users)
    .leftJoin(m, and(eq(m.userId, users.id), isNull(m.leftAt)))
    .leftJoin(a, and(eq(a.userId, users.id), eq(a.cohortId, m.cohortId)))
    .leftJoin(s, eq(s.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
}

export type AttentionOfRow = Awaited<ReturnType<typeof attentionOfQuery>>[number];

/** The statement that narrows the attention states of a cohort's members to the reasons its fresh report holds (src/data/cohort.ts). */
export function narrowAttentionStates(cohortId: string): SQL {
  return sql`UPDATE ${attentionStates} SET reasons = reasons & coalesce((SELECT a.reasons FROM ${cohortAttention} a WHERE a.cohort_id = ${cohortId} AND a.user_id = ${attentionStates}.user_id), 0)
    WHERE user_id IN (SELECT user_id FROM ${cohortMembers} WHERE cohort_id = ${cohortId} AND left_at IS NULL)`;
}

const STATE_NOW = (userId: string) =>
  sql`(SELECT CASE state WHEN 'contacted' THEN 'Contacted' ELSE 'Snoozed until ' || substr(until, 1, 10) END FROM ${attentionStates} WHERE user_id = ${userId})`;

/**
 * Sets the user's attention state (decision 40): contacted (with an optional private note),
 * snoozed for `days`, or open (back on the list), with its audit entry, in one batch. Answers
 * false when there is no such account (nothing is written).
 */
export async function setAttention(
  db: Db,
  userId: string,
  input: AttentionInput,
  author: { id: string; email: string; name: string },
  now: Date,
): Promise<boolean> {
  const exists = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId})`;
  const to =
    input.state === 'contacted'
      ? `Contacted${input.note ? ' (with a note)' : ''}`
      : input.state === 'snoozed'
        ? `Snoozed ${input.days} days, until ${snoozeEnds(now, input.days!).slice(0, 10)}`
        : 'On the worklist';
  const action = AUDIT_ACTIONS[input.state === 'contacted' ? 'contacted' : input.state === 'snoozed' ? 'snoozed' : 'reopened'];
  const entry = appendAudit(db, { userId, actor: author.email, action, from: STATE_NOW(userId), to }, exists);
  const write =
    input.state === 'open'
      ? db.delete(attentionStates).where(eq(attentionStates.userId, userId))
      : db
          .insert(attentionStates)
          .select(
            db
              .select({
                userId: users.id,
                state: sql<string>`${input.state}`.as('state'),
                reasons: sql<number>`${currentReasons(userId)}`.as('reasons'),
                until: sql<string | null>`${input.state === 'snoozed' ? snoozeEnds(now, input.days!) : null}`.as('until'),
                setBy: sql<string>`${author.email}`.as('set_by'),
                setAt: sql<string>`${now.toISOString()}`.as('set_at'),
              })
              .from(users)
              .where(eq(users.id, userId)),
          )
          .onConflictDoUpdate({
            target: attentionStates.userId,
            set: {
              state: sql.raw('excluded.state'),
              reasons: sql.raw('excluded.reasons'),
              until: sql.raw('excluded.until'),
              setBy: sql.raw('excluded.set_by'),
              setAt: sql.raw('excluded.set_at'),
            },
          });
  const note = input.state === 'contacted' && input.note ? newNoteStatements(db, userId, author, input.note.slice(0, NOTE_MAX)) : [];
  const [[found]] = await db.batch([db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1), entry, write, ...note]);
  return Boolean(found);
}
