// The coach's worklist (decision 40, docs/product.md#the-worklist): who in a cohort needs attention
// and is not handled, a page at a time in the stored report's order (the most urgent first), with
// counts per reason, as two queries a page reads in its session's batch (src/data/auth-sessions.ts),
// bounded whatever the cohort's size: the page walks the report's stored order for its reason and
// stops after WORKLIST_PAGE_SIZE, the counts are the report's own less the cohort's handled
// people. And the writes:
// an attention state (contacted, snoozed, open again), with its audit entry, set against the
// reasons the stored report holds for the person.
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { attentionStates } from '../db/schema-coach';
import { cohortAttention, cohortReports, worklistOrder } from '../db/schema-cohort-reports';
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
const o = alias(worklistOrder, 'o');

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
  words: a.words,
  reasons: a.reasons,
};

/** The person is on the worklist at `now` (src/domain/worklist.ts onWorklist): not handled, or their snooze ended, or a reason is new. */
const shown = (now: Value) =>
  sql`(s.user_id IS NULL OR (a.reasons & ~s.reasons) != 0 OR (s.state = 'snoozed' AND (s.until IS NULL OR s.until <= ${now})))`;

/**
 * One page of the worklist of the desk's cohort: the rows after `offset` that are shown at `now`
 * and hold the reason bit `reason` (0: any), the most urgent first; filtered by one reason, the most
 * urgent for that reason first. With the state they come back from, if any. It walks the stored
 * order of that reason (worklist_order) from its first rank and stops after the page: rows read grow
 * with the page's offset and the handled people skipped, never with the cohort's size.
 */
export function worklistQuery(db: Db, cohortId: Value, today: Value, now: Value, reason: Bound, offset: Bound) {
  return db
    .select({
      userId: a.userId,
      ...attentionColumns,
      was: s.state,
      wasUntil: s.until,
    })
    .from(o)
    .innerJoin(a, and(eq(a.cohortId, o.cohortId), eq(a.position, o.position)))
    .innerJoin(users, and(eq(users.id, a.userId), eq(users.role, 'user')))
    .leftJoin(s, eq(s.userId, a.userId))
    .where(and(sql`o.cohort_id = ${deskCohortId(cohortId, today)}`, sql`o.reason = ${reason}`, shown(now)))
    .orderBy(o.rank)
    .limit(WORKLIST_PAGE_SIZE)
    .offset(offset);
}

export type WorklistRow = Awaited<ReturnType<typeof worklistQuery>>[number];

/**
 * The counts on top of the worklist: how many are on it, per reason, and how many are handled. One
 * row: the stored report's counts (how many need attention, per reason) less the cohort's handled
 * people who are off the list at `now`, found by their states' cohort (rows read grow with the
 * people handled in that cohort, never with its size).
 */
export function worklistCountsQuery(db: Db, cohortId: Value, today: Value, now: Value) {
  const off = (bit: number) => sql.raw(`coalesce(sum((a.reasons & ${bit}) != 0), 0)`);
  const handled = db
    .select({
      handled: sql<number>`count(*)`.as('handled'),
      quiet: sql<number>`${off(REASON_BITS.quiet)}`.as('off_quiet'),
      mood: sql<number>`${off(REASON_BITS.mood)}`.as('off_mood'),
      stall: sql<number>`${off(REASON_BITS.stall)}`.as('off_stall'),
      grace: sql<number>`${off(REASON_BITS.grace)}`.as('off_grace'),
    })
    .from(s)
    // CROSS JOIN: SQLite walks the states by their cohort's index first, as written, and finds each
    // one's report row by its user (the unary + keeps it off the cohort's whole range of rows).
    .crossJoin(a)
    .innerJoin(users, and(eq(users.id, a.userId), eq(users.role, 'user')))
    .where(
      and(
        sql`s.cohort_id = ${deskCohortId(cohortId, today)}`,
        eq(a.userId, s.userId),
        sql`+a.cohort_id = s.cohort_id`,
        sql`NOT ${shown(now)}`,
      ),
    )
    .as('h');
  return db
    .select({
      open: sql<number>`${cohortReports.attentionTotal} - h.handled`.as('open'),
      quiet: sql<number>`${cohortReports.attentionQuiet} - h.off_quiet`.as('quiet'),
      mood: sql<number>`${cohortReports.attentionMood} - h.off_mood`.as('mood'),
      stall: sql<number>`${cohortReports.attentionStall} - h.off_stall`.as('stall'),
      grace: sql<number>`${cohortReports.attentionGrace} - h.off_grace`.as('grace'),
      handled: sql<number>`h.handled`.as('handled'),
    })
    .from(cohortReports)
    .innerJoin(handled, sql`1`)
    .where(eq(cohortReports.cohortId, deskCohortId(cohortId, today)));
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

/** The user's current cohort (null: none). */
const currentCohort = (userId: string) =>
  sql`(SELECT m.cohort_id FROM ${cohortMembers} m WHERE m.user_id = ${userId} AND m.left_at IS NULL LIMIT 1)`;

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

/** The statement that narrows the attention states of a cohort's members to the reasons its fresh report holds, and points them at that cohort (src/data/cohort.ts). */
export function narrowAttentionStates(cohortId: string): SQL {
  return sql`UPDATE ${attentionStates} SET cohort_id = ${cohortId}, reasons = reasons & coalesce((SELECT a.reasons FROM ${cohortAttention} a WHERE a.cohort_id = ${cohortId} AND a.user_id = ${attentionStates}.user_id), 0)
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
                cohortId: sql<string | null>`${currentCohort(userId)}`.as('cohort_id'),
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
              cohortId: sql.raw('excluded.cohort_id'),
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
