// Working the coach's desk out (docs/product.md#the-coachs-desk). The cohort report: counted in SQL
// over a row per participant (check_in_summaries stands in for their check-ins) and stored whole
// (cohort_reports, cohort_attention) by the 15-minute cron, 'Refresh now', or the first read when
// none is stored; src/data/cohort-report.ts reads it. The CSV export: one row per participant,
// read a page at a time, from the same summaries (no check-ins).
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkInSummaries, checkIns, memberships, progress, users, wheelSnapshots } from '../db/schema';
import { cohortAttention, cohortReports } from '../db/schema-cohort-reports';
import { ARENAS, type Arena } from '../domain/arenas';
import { type CohortExportInput, type ZoneDay, zoneDays } from '../domain/cohort';
import { COHORT_REPORT_VERSION, type CohortCounts, cohortFigures } from '../domain/cohort-report';
import type { Plan } from '../domain/plans';
import { scoresFromJson } from '../domain/progress-view';
import { REPORT_ID } from './cohort-report';

/** An arena's score in a wheel's JSON, 0 where it is missing or not a number (as scoresFromJson reads it). */
const arenaScore = (arena: Arena) =>
  `coalesce(CASE WHEN json_valid(w.arena_scores) AND json_type(w.arena_scores, '$.${arena}') IN ('integer', 'real') THEN json_extract(w.arena_scores, '$.${arena}') END, 0)`;

/** The average first (or latest) wheel, one row: the snapshot with the min() (or max()) completed_at per participant. */
function arenaAverages(db: Db, pick: 'min' | 'max') {
  const averages = ARENAS.map((arena) => `avg(${arenaScore(arena)}) AS "${arena}"`).join(', ');
  return db.all<Record<Arena, number | null>>(
    sql.raw(
      `SELECT ${averages} FROM (SELECT s.arena_scores, ${pick}(s.completed_at) FROM wheel_snapshots s JOIN users u ON u.id = s.user_id AND u.role = 'user' GROUP BY s.user_id) w`,
    ),
  );
}

/**
 * Every participant with their zone's days (ZoneDay, JSON in `zones`) and the needs-attention rules
 * as 0/1 columns (docs/product.md#the-coachs-desk): the same rules as src/domain/cohort.ts's
 * attentionReasons, which writes the reasons of the participants picked.
 */
function participantsWithRules(zones: string, now: Date) {
  const day = (key: keyof ZoneDay) => sql.raw(`json_extract(value, '$.${key}') AS ${key}`);
  return sql`
    WITH z AS MATERIALIZED (SELECT ${day('zone')}, ${day('today')}, ${day('yesterday')}, ${day('quietOn')}, ${day('weekStart')}, ${day('moodFrom')}, ${day('stallBefore')} FROM json_each(${zones})),
    g AS MATERIALIZED (SELECT user_id, count(*) AS n FROM membership_grants WHERE status = 'past_due' AND grace_until > ${now.toISOString()} AND user_id IS NOT NULL AND plan IS NOT NULL GROUP BY user_id),
    p AS (
      SELECT u.id, u.name, u.email, u.email_verified_at, u.created_at, u.time_zone, z.today, z.yesterday, z.weekStart, z.moodFrom,
        pr.session1_completed_at AS s1, pr.session2_completed_at AS s2, pr.session3_completed_at AS s3, pr.session4_completed_at AS s4,
        s.last_day, s.run,
        coalesce(s.last_day <= z.quietOn, 0) AS quiet,
        coalesce(s.last_day >= z.weekStart AND s.last_day <= z.today AND (s.mood_drop_mask >> CAST(julianday(z.today) - julianday(s.last_day) AS INTEGER)) & 1, 0) AS mood,
        coalesce((pr.session1_completed_at IS NULL OR pr.session2_completed_at IS NULL OR pr.session3_completed_at IS NULL OR pr.session4_completed_at IS NULL)
          AND coalesce(nullif(max(coalesce(pr.session1_completed_at, ''), coalesce(pr.session2_completed_at, ''), coalesce(pr.session3_completed_at, ''), coalesce(pr.session4_completed_at, '')), ''), u.created_at) < z.stallBefore, 0) AS stall,
        coalesce(g.n, 0) AS grace
      FROM users u
      JOIN z ON z.zone = u.time_zone
      LEFT JOIN progress pr ON pr.user_id = u.id
      LEFT JOIN ${checkInSummaries} s ON s.user_id = u.id
      LEFT JOIN g ON g.user_id = u.id
      WHERE u.role = 'user'
    )`;
}

/** Raw SQL with parameters in one D1 batch (one round trip): drizzle's batch binds only its query builders' parameters. */
async function rawBatch(db: Db, queries: SQL[]): Promise<unknown[][]> {
  const statements = queries.map((q) => {
    const { sql: text, params } = db.all(q).getQuery();
    return db.$client.prepare(text).bind(...params);
  });
  return (await db.$client.batch(statements)).map((result) => result.results);
}

/** One group of participants with the same current streak (null: never checked in), counted. */
interface StreakGroup {
  streak: number | null;
  signedUp: number;
  verified: number;
  session1: number;
  session2: number;
  session3: number;
  session4: number;
  today: number;
  last7Days: number;
}

const REASONS = sql.raw('quiet + mood + stall + grace');

/**
 * Who needs attention, in the order the page lists them (most reasons first, then by name), with
 * what their reasons are written from: their last two weeks of moods only where the mood rule
 * picked them, their grants in grace only where they have one.
 */
function storeAttention(rules: SQL, at: string) {
  return sql`${rules}
    INSERT INTO ${cohortAttention} (position, user_id, today, time_zone, created_at, session1_completed_at, session2_completed_at, session3_completed_at, session4_completed_at, last_day, moods, grace)
    SELECT row_number() OVER (ORDER BY ${REASONS} DESC, coalesce(name, email), id), id, today, time_zone, created_at, s1, s2, s3, s4, last_day,
      CASE WHEN mood THEN (SELECT json_group_array(json_array(c.date, c.mood)) FROM ${checkIns} c WHERE c.user_id = p.id AND c.date >= p.moodFrom AND c.date <= p.today) END,
      CASE WHEN grace > 0 THEN (SELECT json_group_array(json_object('source', m.source, 'plan', m.plan, 'graceUntil', m.grace_until)) FROM membership_grants m
        WHERE m.user_id = p.id AND m.status = 'past_due' AND m.grace_until > ${at} AND m.plan IS NOT NULL) END
    FROM p WHERE ${REASONS} > 0`;
}

export interface CohortRun {
  participants: number;
  attentionTotal: number;
}

/**
 * Works the cohort report out as of `now` and stores it (docs/product.md#the-coachs-desk), in three
 * D1 round trips whose rows read grow with the participants, never with the check-ins: the zones
 * in use and the average first and latest wheels; then, with each zone's days, one pass over the
 * participants (check_in_summaries standing in for their check-ins) counting the funnel, the
 * check-ins and the streaks; then one batch that replaces the needs-attention rows (worked out in
 * SQL, one more pass) and the report row together. Nothing of a participant travels through the
 * Worker. Two runs at once (the cron and 'Refresh now') each replace the whole report; the last wins.
 */
export async function computeCohortReport(db: Db, now: Date): Promise<CohortRun> {
  const at = now.toISOString();
  const [zoneRows, [first], [latest]] = await db.batch([
    db.selectDistinct({ zone: users.timeZone }).from(users).where(eq(users.role, 'user')),
    arenaAverages(db, 'min'),
    arenaAverages(db, 'max'),
  ]);
  const rules = participantsWithRules(
    JSON.stringify(
      zoneDays(
        zoneRows.map((z) => z.zone),
        now,
      ),
    ),
    now,
  );
  const [groups] = (await rawBatch(db, [
    sql`${rules}
      SELECT CASE WHEN last_day IN (today, yesterday) THEN run WHEN last_day IS NOT NULL THEN 0 END AS streak,
        count(*) AS signedUp, count(email_verified_at) AS verified, count(s1) AS session1, count(s2) AS session2, count(s3) AS session3, count(s4) AS session4,
        coalesce(sum(last_day = today), 0) AS today, coalesce(sum(last_day >= weekStart AND last_day <= today), 0) AS last7Days
      FROM p GROUP BY streak`,
  ])) as [StreakGroup[]];
  const total = (key: keyof Omit<StreakGroup, 'streak'>) => groups.reduce((n, g) => n + g[key], 0);
  const counts: CohortCounts = {
    funnel: {
      signedUp: total('signedUp'),
      verified: total('verified'),
      session1: total('session1'),
      session2: total('session2'),
      session3: total('session3'),
      session4: total('session4'),
    },
    arenas: Object.fromEntries(
      ARENAS.map((arena) => [arena, { first: first?.[arena] ?? null, latest: latest?.[arena] ?? null }]),
    ) as CohortCounts['arenas'],
    checkIns: { today: total('today'), last7Days: total('last7Days') },
    streaks: groups.filter((g) => g.streak !== null).map((g) => ({ value: g.streak!, count: g.signedUp })),
  };
  const results = await rawBatch(db, [
    sql`DELETE FROM ${cohortAttention}`,
    storeAttention(rules, at),
    sql`INSERT INTO ${cohortReports} (id, version, computed_at, figures, attention_total)
      VALUES (${REPORT_ID}, ${COHORT_REPORT_VERSION}, ${at}, ${JSON.stringify(cohortFigures(counts))}, (SELECT count(*) FROM ${cohortAttention}))
      ON CONFLICT (id) DO UPDATE SET version = excluded.version, computed_at = excluded.computed_at, figures = excluded.figures, attention_total = excluded.attention_total
      RETURNING attention_total AS attentionTotal`,
  ]);
  const stored = results[2] as { attentionTotal: number }[];
  return { participants: counts.funnel.signedUp, attentionTotal: stored[0]?.attentionTotal ?? 0 };
}

/** The export reads participants this many at a time (one D1 round trip each). */
const EXPORT_PAGE_SIZE = 1000;

/** Today and yesterday in each zone participants live in, for the export's streaks. */
export async function readExportDays(db: Db, now: Date): Promise<ZoneDay[]> {
  const zones = await db.selectDistinct({ zone: users.timeZone }).from(users).where(eq(users.role, 'user'));
  return zoneDays(
    zones.map((z) => z.zone),
    now,
  );
}

/**
 * One page of the export (docs/product.md#the-coachs-desk): participants in sign-up order (SQLite's
 * rowid) after `afterRowId`, each with their membership, sessions, check-in summary and latest
 * wheel (one indexed lookup each). No check-in is read.
 */
export async function readExportPage(
  db: Db,
  afterRowId: number,
  size = EXPORT_PAGE_SIZE,
): Promise<{ rows: CohortExportInput[]; lastRowId: number | null }> {
  const rowId = sql<number>`${users}.rowid`;
  const latestWheel = sql<
    string | null
  >`(SELECT ${wheelSnapshots.arenaScores} FROM ${wheelSnapshots} WHERE ${wheelSnapshots.userId} = ${users.id} ORDER BY ${wheelSnapshots.completedAt} DESC LIMIT 1)`;
  const page = await db
    .select({
      rowId,
      name: users.name,
      email: users.email,
      timeZone: users.timeZone,
      s1: progress.session1CompletedAt,
      s2: progress.session2CompletedAt,
      s3: progress.session3CompletedAt,
      s4: progress.session4CompletedAt,
      membership: {
        plan: memberships.plan,
        status: memberships.status,
        graceUntil: memberships.graceUntil,
        afterGracePlan: memberships.afterGracePlan,
      },
      lastDay: checkInSummaries.lastDay,
      run: checkInSummaries.run,
      latestWheel,
    })
    .from(users)
    .leftJoin(progress, eq(progress.userId, users.id))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(checkInSummaries, eq(checkInSummaries.userId, users.id))
    .where(and(eq(users.role, 'user'), gt(rowId, afterRowId)))
    .orderBy(asc(rowId))
    .limit(size);
  return {
    rows: page.map((p) => ({
      name: p.name,
      email: p.email,
      timeZone: p.timeZone,
      completedAt: [p.s1, p.s2, p.s3, p.s4] as const,
      membership: p.membership?.plan ? { ...p.membership, plan: p.membership.plan as Plan, status: p.membership.status! } : null,
      lastDay: p.lastDay,
      run: p.run,
      latestWheel: p.latestWheel ? scoresFromJson(p.latestWheel) : null,
    })),
    lastRowId: page.length === size ? page[page.length - 1]!.rowId : null,
  };
}
