// The cohort report worked out the plain way, as the reference the stored one is checked against
// (test/cohort.test.ts): every current member of one cohort (role user), their first and latest
// wheels and how many they have, their check-ins of the
// last CHECK_IN_WINDOW_DAYS days and their grants in grace, read as they are and worked out in
// JavaScript by cohortReport (test/oracles/cohort-report.ts). The app never reads this much per request.
import { and, count, eq, gt, gte, inArray, isNotNull, isNull, max, min, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { checkIns, membershipGrants, memberships, progress, users, wheelSnapshots } from '../src/db/schema';
import { cohortMembers } from '../src/db/schema-cohorts';
import { membershipAt, type Plan } from '../src/domain/plans';
import { scoresFromJson } from '../src/domain/progress-view';
import { type CohortInput, checkInWindowStart } from './oracles/cohort-report';

/** Everyone read plainly, then kept only if `cohortId` is their current cohort (left_at null) and they are a participant. */
export async function readCohort(db: Db, cohortId: string, now: Date = new Date()): Promise<CohortInput> {
  const inCohort = db
    .select({ userId: cohortMembers.userId })
    .from(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, cohortId), isNull(cohortMembers.leftAt)));
  const lastCheckIn = sql<string | null>`(SELECT max(${checkIns.date}) FROM ${checkIns} WHERE ${checkIns.userId} = ${users.id})`;
  // SQLite takes a bare column from the row that holds the min() or max() of its group.
  const wheel = (pick: typeof min) =>
    db
      .select({
        userId: wheelSnapshots.userId,
        arenaScores: wheelSnapshots.arenaScores,
        at: pick(wheelSnapshots.completedAt),
        wheels: count(),
      })
      .from(wheelSnapshots)
      .groupBy(wheelSnapshots.userId);
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
        membership: {
          plan: memberships.plan,
          status: memberships.status,
          graceUntil: memberships.graceUntil,
          afterGracePlan: memberships.afterGracePlan,
        },
        lastCheckIn,
      })
      .from(users)
      .leftJoin(progress, eq(progress.userId, users.id))
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .where(and(eq(users.role, 'user'), inArray(users.id, inCohort))),
    wheel(min),
    wheel(max),
    db
      .select({ userId: checkIns.userId, date: checkIns.date, mood: checkIns.mood })
      .from(checkIns)
      .where(gte(checkIns.date, checkInWindowStart(now))),
    graceQuery(db, now),
  ]);
  const firstOf = new Map(firstWheels.map((w) => [w.userId, w.arenaScores]));
  const latestOf = new Map(latestWheels.map((w) => [w.userId, w.arenaScores]));
  const wheelsOf = new Map(latestWheels.map((w) => [w.userId, w.wheels]));
  return {
    participants: participants.map((p) => {
      const first = firstOf.get(p.id);
      const latest = latestOf.get(p.id);
      const membership = p.membership?.plan
        ? membershipAt({ ...p.membership, plan: p.membership.plan, status: p.membership.status! }, now)
        : null;
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
        wheels: wheelsOf.get(p.id) ?? 0,
      };
    }),
    checkIns: recent,
    grace: grace.map((g) => ({ userId: g.userId!, source: g.source, plan: g.plan as Plan, graceUntil: g.graceUntil! })),
  };
}

const graceQuery = (db: Db, now: Date) =>
  db
    .select({
      userId: membershipGrants.userId,
      source: membershipGrants.source,
      plan: membershipGrants.plan,
      graceUntil: membershipGrants.graceUntil,
    })
    .from(membershipGrants)
    .where(
      and(
        eq(membershipGrants.status, 'past_due'),
        gt(membershipGrants.graceUntil, now.toISOString()),
        isNotNull(membershipGrants.userId),
        isNotNull(membershipGrants.plan),
      ),
    );
