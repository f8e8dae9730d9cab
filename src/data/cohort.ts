// What the cohort view reads (docs/product.md#the-coachs-desk), in one D1 batch whose rows grow
// with the participants, never with every check-in ever made: one row per participant (with the
// day of their newest check-in, an index seek), their first and latest wheels (one row each,
// grouped in SQL), the check-ins of a bounded window (an index on the day) and the failed
// payments still in grace. src/domain/cohort.ts works out the figures.
import { and, eq, gt, gte, isNotNull, max, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkIns, membershipGrants, memberships, progress, users, wheelSnapshots } from '../db/schema';
import { checkInWindowStart, type CohortInput } from '../domain/cohort';
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
    db
      .select({ userId: membershipGrants.userId, source: membershipGrants.source, plan: membershipGrants.plan, graceUntil: membershipGrants.graceUntil })
      .from(membershipGrants)
      .where(and(eq(membershipGrants.status, 'past_due'), gt(membershipGrants.graceUntil, now.toISOString()), isNotNull(membershipGrants.userId), isNotNull(membershipGrants.plan))),
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
