// Working the coach's desk out (docs/product.md#the-coachs-desk), one cohort at a time: its
// current members only (cohort_members with left_at null, role user). The cohort report: counted in
// SQL over a row per member (check_in_summaries stands in for their check-ins) and stored whole
// (cohort_reports, cohort_attention, keyed by cohort) by the 15-minute cron, 'Refresh now', or the
// first read when none is stored; src/data/cohort-report.ts reads it. The CSV export reads the same
// members and summaries (src/data/cohort-export.ts).
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkInSummaries, checkIns, users, wheelSnapshots } from '../db/schema';
import { cohortAttention, cohortReports, worklistOrder } from '../db/schema-cohort-reports';
import { cohortMembers } from '../db/schema-cohorts';
import { ARENAS, type Arena } from '../domain/arenas';
import { type ZoneDay, zoneDays } from '../domain/cohort';
import { attentionInWords, COHORT_REPORT_VERSION, type CohortCounts, cohortFigures } from '../domain/cohort-report';
import { REASON_BITS } from '../domain/worklist';
import { attentionFacts } from './cohort-report';
import { narrowAttentionStates } from './worklist';

/** The cohort's current members who are participants (role user), one `user_id` each, as a subquery named `alias`. */
const members = (cohortId: string, alias = 'm') =>
  sql`(SELECT cm.user_id FROM ${cohortMembers} cm JOIN ${users} mu ON mu.id = cm.user_id AND mu.role = 'user' WHERE cm.cohort_id = ${cohortId} AND cm.left_at IS NULL) ${sql.raw(alias)}`;

/** An arena's score in a wheel's JSON, 0 where it is missing or not a number (as scoresFromJson reads it). */
const arenaScore = (arena: Arena, w = 'w') =>
  `coalesce(CASE WHEN json_valid(${w}.arena_scores) AND json_type(${w}.arena_scores, '$.${arena}') IN ('integer', 'real') THEN json_extract(${w}.arena_scores, '$.${arena}') END, 0)`;

/** Each member's first (or latest) wheel: the snapshot with the min() (or max()) completed_at; `twice`: only members with two wheels or more. */
const wheelPerMember = (cohortId: string, pick: 'min' | 'max', twice = false) =>
  sql`(SELECT s.user_id, s.arena_scores, ${sql.raw(pick)}(s.completed_at) FROM ${wheelSnapshots} s JOIN ${members(cohortId)} ON m.user_id = s.user_id GROUP BY s.user_id${sql.raw(twice ? ' HAVING count(*) >= 2' : '')})`;

/** The cohort's average first (or latest) wheel, one row. */
function arenaAverages(cohortId: string, pick: 'min' | 'max') {
  const averages = sql.raw(ARENAS.map((arena) => `avg(${arenaScore(arena)}) AS "${arena}"`).join(', '));
  return sql`SELECT ${averages} FROM ${wheelPerMember(cohortId, pick)} w`;
}

/** The average gain per arena (latest wheel minus first) over the members with at least two wheels, and how many they are; one row. */
function arenaGains(cohortId: string) {
  const gains = sql.raw(ARENAS.map((arena) => `avg(${arenaScore(arena, 'l')} - ${arenaScore(arena, 'f')}) AS "${arena}"`).join(', '));
  return sql`SELECT count(*) AS members, ${gains} FROM ${wheelPerMember(cohortId, 'min', true)} f JOIN ${wheelPerMember(cohortId, 'max', true)} l ON l.user_id = f.user_id`;
}

/**
 * Every member of the cohort with their zone's days (ZoneDay, JSON in `zones`) and the
 * needs-attention rules as 0/1 columns (docs/product.md#the-coachs-desk): the same rules as
 * src/domain/cohort.ts's attentionReasons, which writes the reasons of the participants picked.
 */
function participantsWithRules(cohortId: string, zones: string, now: Date) {
  const day = (key: keyof ZoneDay) => sql.raw(`json_extract(value, '$.${key}') AS ${key}`);
  return sql`
    WITH z AS MATERIALIZED (SELECT ${day('zone')}, ${day('today')}, ${day('yesterday')}, ${day('quietOn')}, ${day('weekStart')}, ${day('moodFrom')}, ${day('stallBefore')} FROM json_each(${zones})),
    p AS (
      SELECT u.id, u.name, u.email, u.email_verified_at, u.created_at, u.time_zone, z.today, z.yesterday, z.weekStart, z.moodFrom,
        pr.session1_completed_at AS s1, pr.session2_completed_at AS s2, pr.session3_completed_at AS s3, pr.session4_completed_at AS s4,
        s.last_day, s.run,
        coalesce(s.last_day <= z.quietOn, 0) AS quiet,
        coalesce(s.last_day >= z.weekStart AND s.last_day <= z.today AND (s.mood_drop_mask >> CAST(julianday(z.today) - julianday(s.last_day) AS INTEGER)) & 1, 0) AS mood,
        coalesce((pr.session1_completed_at IS NULL OR pr.session2_completed_at IS NULL OR pr.session3_completed_at IS NULL OR pr.session4_completed_at IS NULL)
          AND coalesce(nullif(max(coalesce(pr.session1_completed_at, ''), coalesce(pr.session2_completed_at, ''), coalesce(pr.session3_completed_at, ''), coalesce(pr.session4_completed_at, '')), ''), u.created_at) < z.stallBefore, 0) AS stall,
        (SELECT count(*) FROM membership_grants mg WHERE mg.user_id = u.id AND mg.status = 'past_due' AND mg.grace_until > ${now.toISOString()} AND mg.plan IS NOT NULL) AS grace
      FROM ${members(cohortId)}
      JOIN ${users} u ON u.id = m.user_id
      JOIN z ON z.zone = u.time_zone
      LEFT JOIN progress pr ON pr.user_id = u.id
      LEFT JOIN ${checkInSummaries} s ON s.user_id = u.id
    )`;
}

/** Raw SQL with parameters in one D1 batch (one round trip): drizzle's batch binds only its query builders' parameters. */
export async function rawBatch(db: Db, queries: SQL[]): Promise<unknown[][]> {
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
 * Who needs attention, in the order the worklist lists them (the most urgent first: the longest
 * silence, the steepest mood fall, the longest stall, the payment grace ending soonest, then by
 * name; byUrgency in src/domain/worklist.ts), with what their reasons are written from: their last
 * two weeks of moods only where the mood rule picked them, their grants in grace only where they
 * have one; and each reason's bit and urgency. Every attention state of the cohort's members is then
 * narrowed to the reasons that still hold, so a reason that went away and comes back is new again
 * (docs/product.md#the-worklist).
 */
function storeAttention(cohortId: string, rules: SQL, at: string) {
  return sql`${rules},
    u AS (
      SELECT p.*,
        CASE WHEN quiet THEN CAST(julianday(today) - julianday(last_day) AS INTEGER) END AS quiet_days,
        CASE WHEN mood THEN
          (SELECT avg(c.mood) FROM ${checkIns} c WHERE c.user_id = p.id AND c.date >= p.moodFrom AND c.date < p.weekStart)
          - (SELECT avg(c.mood) FROM ${checkIns} c WHERE c.user_id = p.id AND c.date >= p.weekStart AND c.date <= p.today) END AS mood_drop,
        CASE WHEN stall THEN coalesce(nullif(max(coalesce(s1, ''), coalesce(s2, ''), coalesce(s3, ''), coalesce(s4, '')), ''), created_at) END AS stall_since,
        CASE WHEN grace > 0 THEN (SELECT min(m.grace_until) FROM membership_grants m
          WHERE m.user_id = p.id AND m.status = 'past_due' AND m.grace_until > ${at} AND m.plan IS NOT NULL) END AS grace_until
      FROM p WHERE ${REASONS} > 0
    )
    INSERT INTO ${cohortAttention} (cohort_id, position, user_id, today, time_zone, created_at, session1_completed_at, session2_completed_at, session3_completed_at, session4_completed_at, last_day, moods, grace,
      reasons, quiet_days, mood_drop, stall_since, grace_until)
    SELECT ${cohortId},
      row_number() OVER (ORDER BY quiet_days DESC NULLS LAST, mood_drop DESC NULLS LAST, stall_since ASC NULLS LAST, grace_until ASC NULLS LAST, coalesce(name, email), id),
      id, today, time_zone, created_at, s1, s2, s3, s4, last_day,
      CASE WHEN mood THEN (SELECT json_group_array(json_array(c.date, c.mood)) FROM ${checkIns} c WHERE c.user_id = u.id AND c.date >= u.moodFrom AND c.date <= u.today) END,
      CASE WHEN grace > 0 THEN (SELECT json_group_array(json_object('source', m.source, 'plan', m.plan, 'graceUntil', m.grace_until)) FROM membership_grants m
        WHERE m.user_id = u.id AND m.status = 'past_due' AND m.grace_until > ${at} AND m.plan IS NOT NULL) END,
      (quiet * ${REASON_BITS.quiet}) | (mood * ${REASON_BITS.mood}) | (stall * ${REASON_BITS.stall}) | (CASE WHEN grace > 0 THEN ${REASON_BITS.grace} ELSE 0 END),
      quiet_days, mood_drop, stall_since, grace_until
    FROM u`;
}

/**
 * The worklist's orders of the cohort's stored needs-attention rows (worklist_order): everyone in
 * `position` order (reason 0), and for each reason the rows holding it, the most urgent for that
 * reason first (the longest silence, the steepest mood fall, the longest stall, the payment grace
 * ending soonest), then by position: the orders the list filtered by that reason shows.
 */
function storeWorklistOrders(cohortId: string) {
  const ranked = (bit: number, urgency: string) =>
    sql`SELECT ${cohortId}, ${bit}, row_number() OVER (ORDER BY ${sql.raw(urgency)}, position), position FROM ${cohortAttention} WHERE cohort_id = ${cohortId} AND (reasons & ${bit}) != 0`;
  return sql`INSERT INTO ${worklistOrder} (cohort_id, reason, rank, position)
    SELECT ${cohortId}, 0, position, position FROM ${cohortAttention} WHERE cohort_id = ${cohortId}
    UNION ALL ${ranked(REASON_BITS.quiet, 'quiet_days DESC')}
    UNION ALL ${ranked(REASON_BITS.mood, 'mood_drop DESC')}
    UNION ALL ${ranked(REASON_BITS.stall, 'julianday(stall_since)')}
    UNION ALL ${ranked(REASON_BITS.grace, 'julianday(grace_until)')}`;
}

export interface CohortRun {
  cohortId: string;
  participants: number;
  attentionTotal: number;
}

/** The time zones the cohort's members live in. */
export const memberZones = (cohortId: string) =>
  sql`SELECT DISTINCT u.time_zone AS zone FROM ${members(cohortId)} JOIN ${users} u ON u.id = m.user_id`;

/**
 * Works one cohort's report out as of `now` and stores it (docs/product.md#the-coachs-desk),
 * counting its current members only, in three D1 round trips whose rows read grow with the
 * cohort's members, never with other cohorts nor with the check-ins: the zones in use, the
 * average first and latest wheels and the wheel gain per arena; then, with each zone's days, one
 * pass over the members (check_in_summaries standing in for their check-ins) counting the funnel,
 * the check-ins and the streaks; then one batch that replaces the cohort's needs-attention rows
 * (worked out in SQL, one more pass) and its report row together. Nothing of a participant travels
 * through the Worker. Two runs at once (the cron and 'Refresh now') each replace the cohort's whole
 * report; the last wins.
 */
export async function computeCohortReport(db: Db, cohortId: string, now: Date): Promise<CohortRun> {
  const at = now.toISOString();
  type Averages = Record<Arena, number | null>;
  const [zoneRows, [first], [latest], [gain]] = (await rawBatch(db, [
    memberZones(cohortId),
    arenaAverages(cohortId, 'min'),
    arenaAverages(cohortId, 'max'),
    arenaGains(cohortId),
  ])) as [{ zone: string }[], Averages[], Averages[], (Averages & { members: number })[]];
  const rules = participantsWithRules(
    cohortId,
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
    gain: {
      members: gain?.members ?? 0,
      arenas: Object.fromEntries(
        ARENAS.map((arena) => [arena, gain?.members ? (gain[arena] ?? null) : null]),
      ) as CohortCounts['gain']['arenas'],
    },
  };
  const perReason = (bit: number) => sql.raw(`coalesce(sum((reasons & ${bit}) != 0), 0)`);
  const results = await rawBatch(db, [
    sql`DELETE FROM ${cohortAttention} WHERE cohort_id = ${cohortId}`,
    storeAttention(cohortId, rules, at),
    sql`DELETE FROM ${worklistOrder} WHERE cohort_id = ${cohortId}`,
    storeWorklistOrders(cohortId),
    narrowAttentionStates(cohortId),
    sql`INSERT INTO ${cohortReports} (cohort_id, version, computed_at, figures, attention_total, attention_quiet, attention_mood, attention_stall, attention_grace)
      SELECT ${cohortId}, ${COHORT_REPORT_VERSION}, ${at}, ${JSON.stringify(cohortFigures(counts))}, n.total, n.quiet, n.mood, n.stall, n.grace
      FROM (SELECT count(*) AS total, ${perReason(REASON_BITS.quiet)} AS quiet, ${perReason(REASON_BITS.mood)} AS mood, ${perReason(REASON_BITS.stall)} AS stall, ${perReason(REASON_BITS.grace)} AS grace
        FROM ${cohortAttention} WHERE cohort_id = ${cohortId}) n
      WHERE EXISTS (SELECT 1 FROM cohorts WHERE id = ${cohortId})
      ON CONFLICT (cohort_id) DO UPDATE SET version = excluded.version, computed_at = excluded.computed_at, figures = excluded.figures, attention_total = excluded.attention_total,
        attention_quiet = excluded.attention_quiet, attention_mood = excluded.attention_mood, attention_stall = excluded.attention_stall, attention_grace = excluded.attention_grace
      RETURNING attention_total AS attentionTotal`,
  ]);
  const stored = results[5] as { attentionTotal: number }[];
  await storeAttentionWords(db, cohortId, at);
  return { cohortId, participants: counts.funnel.signedUp, attentionTotal: stored[0]?.attentionTotal ?? 0 };
}

/** The stored words are written this many rows a statement (one bound JSON value each). */
const WORDS_PER_STATEMENT = 1000;

/**
 * Writes the reasons in words of the cohort's needs-attention rows the report at `at` just stored
 * (src/domain/cohort-report.ts attentionInWords), so no read writes them again: two D1 round trips,
 * reading and writing the cohort's rows. Only while that report is still the stored one: a run
 * that replaced it meanwhile writes its own.
 */
async function storeAttentionWords(db: Db, cohortId: string, at: string): Promise<void> {
  const rows = await db
    .select({
      position: cohortAttention.position,
      userId: cohortAttention.userId,
      // The words never name the person.
      email: sql<string>`''`,
      name: sql<string | null>`NULL`,
      ...attentionFacts,
    })
    .from(cohortAttention)
    .where(eq(cohortAttention.cohortId, cohortId));
  if (rows.length === 0) return;
  // By position: a row is looked up by its index in the chunk's bound array (SQLite parses it once
  // per statement), checked against the position it carries. D1 binds numbers as reals: CAST.
  const words = rows
    .sort((x, y) => x.position - y.position)
    .map(
      ({ position, s1, s2, s3, s4, ...row }) => [position, attentionInWords({ ...row, completedAt: [s1, s2, s3, s4] }).reasons] as const,
    );
  const statements: SQL[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_STATEMENT) {
    const chunk = words.slice(i, i + WORDS_PER_STATEMENT);
    const json = JSON.stringify(chunk);
    const entry = (field: number) =>
      sql`json_extract(${json}, '$[' || CAST(position - ${chunk[0]![0]} AS INTEGER) || '][${sql.raw(String(field))}]')`;
    statements.push(sql`UPDATE ${cohortAttention} SET words = ${entry(1)}
      WHERE cohort_id = ${cohortId} AND position BETWEEN ${chunk[0]![0]} AND ${chunk[chunk.length - 1]![0]} AND ${entry(0)} = position
        AND EXISTS (SELECT 1 FROM ${cohortReports} r WHERE r.cohort_id = ${cohortId} AND r.computed_at = ${at})`);
  }
  await rawBatch(db, statements);
}
