// What the coach's desk reads (docs/product.md#the-coachs-desk). The page and its JSON:
// readCohortSummary, counted in SQL over a row per participant (check_in_summaries stands in for
// their check-ins), returning only the participants who need attention. The CSV export: readCohort,
// one row per participant plus the check-ins of a bounded window (an index on the day), worked out
// in src/domain/cohort.ts.
import { and, eq, gt, gte, isNotNull, max, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkIns, checkInSummaries, membershipGrants, memberships, progress, users, wheelSnapshots } from '../db/schema';
import { ARENAS, type Arena } from '../domain/arenas';
import { checkInWindowStart, zoneDays, type CohortInput, type CohortSummaryInput, type ZoneDay } from '../domain/cohort';
import { membershipAt, type Plan } from '../domain/plans';
import { scoresFromJson } from '../domain/progress-view';

export async function readCohort(db: Db, now: Date = new Date()): Promise<CohortInput> {
  const lastCheckIn = sql<string | null>`(SELECT max(${checkIns.date}) FROM ${checkIns} WHERE ${checkIns.userId} = ${users.id})`;
  // SQLite takes a bare column from the row that holds the min() or max() of its group.
  const wheel = (pick: typeof min) =>
    db.select({ userId: wheelSnapshots.userId, arenaScores: wheelSnapshots.arenaScores, at: pick(wheelSnapshots.completedAt) }).from(wheelSnapshots).groupBy(wheelSnapshots.userId);
  const [participants, firstWheels, latestWheels, recent, grace] = await db.batch([
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        verifiedAt: users.emailVerifiedAt,
        createdAt: users.createdAt,
        timeZone: users.timeZone,
        s1: progress.session1CompletedAt,
        s2: progress.session2CompletedAt,
        s3: progress.session3CompletedAt,
        s4: progress.session4CompletedAt,
        membership: { plan: memberships.plan, status: memberships.status, graceUntil: memberships.graceUntil, afterGracePlan: memberships.afterGracePlan },
        lastCheckIn,
      })
      .from(users)
      .leftJoin(progress, eq(progress.userId, users.id))
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.role, 'user')),
    wheel(min),
    wheel(max),
    db.select({ userId: checkIns.userId, date: checkIns.date, mood: checkIns.mood }).from(checkIns).where(gte(checkIns.date, checkInWindowStart(now))),
    graceQuery(db, now),
  ]);
  const firstOf = new Map(firstWheels.map((w) => [w.userId, w.arenaScores]));
  const latestOf = new Map(latestWheels.map((w) => [w.userId, w.arenaScores]));
  return {
    participants: participants.map((p) => {
      const first = firstOf.get(p.id);
      const latest = latestOf.get(p.id);
      const membership = p.membership?.plan ? membershipAt({ ...p.membership, plan: p.membership.plan, status: p.membership.status! }, now) : null;
      return {
        id: p.id,
        name: p.name,
        email: p.email,
        verified: p.verifiedAt !== null,
        createdAt: p.createdAt,
        timeZone: p.timeZone,
        completedAt: [p.s1, p.s2, p.s3, p.s4] as const,
        plan: membership && (membership.status === 'active' || membership.status === 'past_due') ? membership.plan : null,
        lastCheckIn: p.lastCheckIn,
        firstWheel: first ? scoresFromJson(first) : null,
        latestWheel: latest ? scoresFromJson(latest) : null,
      };
    }),
    checkIns: recent,
    grace: grace.map((g) => ({ userId: g.userId!, source: g.source, plan: g.plan as Plan, graceUntil: g.graceUntil! })),
  };
}

const graceQuery = (db: Db, now: Date) =>
  db
    .select({ userId: membershipGrants.userId, source: membershipGrants.source, plan: membershipGrants.plan, graceUntil: membershipGrants.graceUntil })
    .from(membershipGrants)
    .where(and(eq(membershipGrants.status, 'past_due'), gt(membershipGrants.graceUntil, now.toISOString()), isNotNull(membershipGrants.userId), isNotNull(membershipGrants.plan)));

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
  flagged: number;
}

interface FlaggedRow {
  id: string;
  name: string | null;
  email: string;
  created_at: string;
  time_zone: string;
  s1: string | null;
  s2: string | null;
  s3: string | null;
  s4: string | null;
  last_day: string | null;
  moods: string | null;
}

/**
 * The cohort view's figures (docs/product.md#the-coachs-desk) in two D1 batches whose rows read
 * grow with the participants, never with the check-ins: the zones in use, the average first and
 * latest wheels and the grants in grace; then, with each zone's days, one pass over the
 * participants (check_in_summaries standing in for their check-ins) counting the funnel, the
 * check-ins and the streaks, and the participants a needs-attention rule picks (most reasons
 * first, at most `limit`; their last two weeks of check-ins only where the mood rule picked them).
 * src/domain/cohort.ts's cohortSummaryReport finishes the report.
 */
export async function readCohortSummary(db: Db, now: Date, limit?: number): Promise<{ input: CohortSummaryInput; flaggedTotal: number }> {
  const [zoneRows, [first], [latest], grace] = await db.batch([
    db.selectDistinct({ zone: users.timeZone }).from(users).where(eq(users.role, 'user')),
    arenaAverages(db, 'min'),
    arenaAverages(db, 'max'),
    graceQuery(db, now),
  ]);
  const rules = participantsWithRules(JSON.stringify(zoneDays(zoneRows.map((z) => z.zone), now)), now);
  const reasons = sql.raw('quiet + mood + stall + grace');
  const [groups, flagged] = (await rawBatch(db, [
    sql`${rules}
      SELECT CASE WHEN last_day IN (today, yesterday) THEN run WHEN last_day IS NOT NULL THEN 0 END AS streak,
        count(*) AS signedUp, count(email_verified_at) AS verified, count(s1) AS session1, count(s2) AS session2, count(s3) AS session3, count(s4) AS session4,
        coalesce(sum(last_day = today), 0) AS today, coalesce(sum(last_day >= weekStart AND last_day <= today), 0) AS last7Days, sum(${reasons} > 0) AS flagged
      FROM p GROUP BY streak`,
    sql`${rules}
      SELECT f.*, CASE WHEN f.mood THEN (SELECT json_group_array(json_array(c.date, c.mood)) FROM ${checkIns} c WHERE c.user_id = f.id AND c.date >= f.moodFrom AND c.date <= f.today) END AS moods
      FROM (SELECT id, name, email, created_at, time_zone, s1, s2, s3, s4, last_day, today, moodFrom, mood FROM p WHERE ${reasons} > 0 ORDER BY ${reasons} DESC, coalesce(name, email) LIMIT ${limit ?? -1}) f`,
  ])) as [StreakGroup[], FlaggedRow[]];
  const total = (key: keyof Omit<StreakGroup, 'streak'>) => groups.reduce((n, g) => n + g[key], 0);
  const flaggedIds = new Set(flagged.map((f) => f.id));
  return {
    flaggedTotal: total('flagged'),
    input: {
      funnel: { signedUp: total('signedUp'), verified: total('verified'), session1: total('session1'), session2: total('session2'), session3: total('session3'), session4: total('session4') },
      arenas: Object.fromEntries(ARENAS.map((arena) => [arena, { first: first?.[arena] ?? null, latest: latest?.[arena] ?? null }])) as CohortSummaryInput['arenas'],
      checkIns: { today: total('today'), last7Days: total('last7Days') },
      streaks: groups.filter((g) => g.streak !== null).map((g) => ({ value: g.streak!, count: g.signedUp })),
      flagged: flagged.map((f) => ({
        id: f.id,
        name: f.name,
        email: f.email,
        verified: true,
        createdAt: f.created_at,
        timeZone: f.time_zone,
        completedAt: [f.s1, f.s2, f.s3, f.s4] as const,
        plan: null,
        lastCheckIn: f.last_day,
        firstWheel: null,
        latestWheel: null,
      })),
      flaggedCheckIns: flagged.flatMap((f) => (f.moods ? (JSON.parse(f.moods) as [string, number][]).map(([date, mood]) => ({ userId: f.id, date, mood })) : [])),
      grace: grace.filter((g) => flaggedIds.has(g.userId!)).map((g) => ({ userId: g.userId!, source: g.source, plan: g.plan as Plan, graceUntil: g.graceUntil! })),
    },
  };
}
