// One participant's timeline (docs/product.md#the-timeline): their check-ins, completed sessions,
// cohort places, private notes and every audit entry about them (grants and plan changes, the
// worklist, nudges and announcements, account changes), merged in SQL newest first, one page per
// query. Bounded: each source reads at most the newest page × TIMELINE_PAGE_SIZE rows (by its
// index on the user), and the count is the sum of per-source counts.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditEntries, checkIns, progress } from '../db/schema';
import { adminNotes } from '../db/schema-coach';
import { cohortMembers, cohorts } from '../db/schema-cohorts';
import {
  AUDIT_KINDS,
  AUDIT_TOLD_ELSEWHERE,
  AUDIT_WORD_KINDS,
  TIMELINE_PAGE_SIZE,
  type TimelineEntry,
  type TimelineKind,
  type TimelineRow,
  timelineEntry,
} from '../domain/timeline';
import { rawBatch } from './cohort';

/** The parts as one row source: nested two by two, since D1 caps the terms of one compound SELECT. */
function unionAll(parts: SQL[]): SQL {
  if (parts.length <= 2) return sql.join(parts, sql` UNION ALL `);
  const half = Math.ceil(parts.length / 2);
  return sql`SELECT * FROM (${unionAll(parts.slice(0, half))}) UNION ALL SELECT * FROM (${unionAll(parts.slice(half))})`;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** An audit entry's kind, in SQL. */
const auditKind = sql`(CASE ${sql.join(
  [
    ...AUDIT_KINDS.map(({ kind, actions }) => sql`WHEN e.action IN (${list(actions)}) THEN ${kind}`),
    ...AUDIT_WORD_KINDS.map(({ kind, like }) => sql`WHEN lower(e.action) LIKE ${like} THEN ${kind}`),
  ],
  sql` `,
)} ELSE 'account' END)`;

/** Each source, its rows shaped (at, kind, a, b, c, d), newest first, at most `upTo`; `kind` null: every kind. */
function sources(userId: string, kind: TimelineKind | null, upTo: number): SQL[] {
  const wants = (k: TimelineKind) => kind === null || kind === k;
  const parts: SQL[] = [];
  if (wants('check-in'))
    parts.push(
      sql`SELECT * FROM (SELECT c.created_at AS at, 'check-in' AS kind, c.mood AS a, c.date AS b, NULL AS c, NULL AS d FROM ${checkIns} c WHERE c.user_id = ${userId} ORDER BY c.date DESC LIMIT ${upTo})`,
    );
  if (wants('session'))
    parts.push(
      sql`SELECT * FROM (SELECT CASE j.value WHEN 1 THEN p.session1_completed_at WHEN 2 THEN p.session2_completed_at WHEN 3 THEN p.session3_completed_at ELSE p.session4_completed_at END AS at,
        'session' AS kind, j.value AS a, NULL AS b, NULL AS c, NULL AS d FROM ${progress} p, json_each('[1,2,3,4]') j WHERE p.user_id = ${userId}) WHERE at IS NOT NULL`,
    );
  if (wants('cohort'))
    parts.push(
      sql`SELECT * FROM (SELECT m.joined_at AS at, 'cohort' AS kind, k.name AS a, m.seat AS b, m.left_at AS c, NULL AS d FROM ${cohortMembers} m JOIN ${cohorts} k ON k.id = m.cohort_id WHERE m.user_id = ${userId} ORDER BY m.joined_at DESC LIMIT ${upTo})`,
    );
  if (wants('note'))
    parts.push(
      sql`SELECT * FROM (SELECT n.at AS at, 'note' AS kind, n.author AS a, NULL AS b, n.text AS c, NULL AS d FROM ${adminNotes} n WHERE n.user_id = ${userId} ORDER BY n.at DESC LIMIT ${upTo})`,
    );
  if (kind === null || ['plan', 'nudge', 'announcement', 'note', 'attention', 'account'].includes(kind))
    parts.push(sql`SELECT * FROM (SELECT e.at AS at, ${auditKind} AS kind, e.action AS a, e.from_value AS b, e.to_value AS c, e.actor AS d FROM ${auditEntries} e
      WHERE e.user_id = ${userId} AND e.action NOT IN (${list(AUDIT_TOLD_ELSEWHERE)}) ${kind ? sql`AND ${auditKind} = ${kind}` : sql``}
      ORDER BY e.at DESC LIMIT ${upTo})`);
  return parts;
}

/**
 * Page `page` of the user's timeline (newest first, TIMELINE_PAGE_SIZE a page), of one kind or
 * every kind, and how many entries there are (counted up to the last page read), in one round trip.
 */
export async function readTimeline(
  db: Db,
  userId: string,
  page: number,
  kind: TimelineKind | null,
  maxPages: number,
): Promise<{ entries: TimelineEntry[]; total: number }> {
  const upTo = page * TIMELINE_PAGE_SIZE;
  const parts = sources(userId, kind, upTo);
  const cap = maxPages * TIMELINE_PAGE_SIZE;
  const merged = unionAll(parts);
  const countParts = sources(userId, kind, cap);
  const [rows, [counted]] = (await rawBatch(db, [
    sql`SELECT * FROM (${merged}) ORDER BY at DESC, kind LIMIT ${TIMELINE_PAGE_SIZE} OFFSET ${upTo - TIMELINE_PAGE_SIZE}`,
    sql`SELECT count(*) AS total FROM (${unionAll(countParts)})`,
  ])) as [TimelineRow[], { total: number }[]];
  return { entries: rows.map(timelineEntry), total: Math.min(counted?.total ?? 0, cap) };
}
