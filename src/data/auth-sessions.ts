// Sign-in sessions in D1: the session cookie's JWT names one row, checked on every request, so
// deleting the row ends the session at once. What a page reads about its user rides in the same
// batch as the session lookup: one round trip per page.
import { and, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedOnce, runBatch } from '../db/prepared';
import {
  authSessions,
  type CheckInRow,
  type Membership,
  memberships,
  type ProgressRow,
  rateLimits,
  type User,
  users,
  type WheelSnapshotRow,
} from '../db/schema';
import type { CohortReportRow } from '../db/schema-cohort-reports';
import { cohortMembers, cohorts } from '../db/schema-cohorts';
import type { ReminderSettingsRow } from '../db/schema-reminders';
import { secondFactorSessions, secondFactors } from '../db/schema-second-factor';
import { RECENT_CHECK_INS } from '../domain/check-ins';
import type { CohortPlace } from '../domain/cohorts';
import { CALENDAR_DAYS } from '../domain/consistency';
import type { ActionAnswer } from '../domain/practice';
import type { Webinar } from '../domain/webinars';
import { type PendingEmailChange, type ProviderGrant, pendingEmailChangeQuery, providerGrantsQuery } from './account';
import { type CoachCard, coachCardsQuery } from './announcements';
import { feedVersionQuery } from './calendar-feeds';
import { checkInDaysQuery, checkInsQuery } from './check-ins';
import { coachMailOptOutQuery } from './coach-mail';
import { type AdminCohortRow, adminCohortsQuery, type CohortWebinarRow, cohortWebinarsQuery } from './cohort-admin';
import { type ComparisonRow, comparisonQuery } from './cohort-compare';
import { type AttentionRow, cohortReportQuery, type DeskCohortRow, deskCohortsQuery, firstAttentionPageQuery } from './cohort-report';
import { currentPlaceColumns } from './cohorts';
import { actionAnswersQuery } from './practice';
import { firstAndLatestWheelsQuery, progressQuery } from './progress';
import { reminderSettingsQuery } from './reminders';
import { userPastWebinarsQuery, userUpcomingWebinarsQuery } from './webinars';
import { type WorklistCounts, type WorklistRow, worklistCountsQuery, worklistQuery } from './worklist';

/** A user as every request sees it: never the password hash, which only sign-in and a password change read. */
type SessionUser = Omit<User, 'passwordHash'>;
const { passwordHash: _hash, ...sessionUserColumns } = getTableColumns(users);

/**
 * What a page may read about its user in the same round trip as the session. Each route declares
 * its reads on its guard (src/server/guards.ts), beside its handler.
 */
interface PageReads {
  /** The current cohort's upcoming webinars (decision 37), for the frame's webinar dialog (every page with the app's frame). */
  webinars?: Webinar[];
  /** The past webinars of every cohort the user has been in, newest first (/replays). */
  pastWebinars?: Webinar[];
  progress?: ProgressRow | null;
  recentCheckIns?: CheckInRow[];
  /** The newest 28 check-ins: the summary's mood line and notes. */
  monthCheckIns?: CheckInRow[];
  checkInDays?: string[];
  /** The daily practice's answers, newest day first (a year at most). */
  actionAnswers?: ActionAnswer[];
  /** The first and the latest wheel snapshot, oldest first (one row after one Session 1, none before). */
  firstAndLatestWheels?: WheelSnapshotRow[];
  /** The reminder choices (Settings), null before the first save. */
  reminders?: ReminderSettingsRow | null;
  /** The private calendar feed address's version (Settings). */
  feedVersion?: number;
  /** The email change waiting for its new address's confirmation (Settings), null when none. */
  pendingEmailChange?: PendingEmailChange | null;
  /** The user's Stripe and Patreon grants (Settings names the ones still billing before a deletion). */
  providerGrants?: ProviderGrant[];
  /** The announcements from their coach not dismissed yet (the dashboard's 'From your coach'). */
  coachCards?: CoachCard[];
  /** Whether they turned coach mail off (Settings): the opt-out's moment, null when it is on. */
  coachMailOptOut?: string | null;
  /** Admins: every cohort, the one the desk shows marked (values `cohortId`, `coachToday`: DeskReadValues). */
  deskCohorts?: DeskCohortRow[];
  /** Admins: the desk's cohort's stored report, null before the first is worked out. */
  cohortReport?: CohortReportRow | null;
  /** Admins: a page of the desk cohort's worklist, and its counts (values `worklistReason`, `worklistOffset`: src/data/worklist.ts). */
  worklist?: WorklistRow[];
  worklistCounts?: WorklistCounts | null;
  /** Admins: the first page of who needs attention, as GET /api/admin/cohort answers it. */
  cohortAttentionFirstPage?: AttentionRow[];
  /** Admins: every cohort with its stored report, for the comparison. */
  cohortComparison?: ComparisonRow[];
  /** Admins: every cohort with its seats and stored figures, and the cohorts' webinars (/admin/cohorts). */
  adminCohorts?: AdminCohortRow[];
  cohortWebinars?: CohortWebinarRow[];
}

/** The values the desk's reads bind besides the user and the moment: the cohort asked for (null: the default) and the coaches' day. */
export interface DeskReadValues {
  cohortId: string | null;
  coachToday: string;
  /** The worklist's reason filter (a REASON_BITS bit; 0 for every reason) and its page's first row. */
  worklistReason: number;
  worklistOffset: number;
}
export type PageRead = keyof PageReads;

/** The signed-in visitor: their session, user and membership, and the reads their page declared. */
export interface Auth {
  sessionId: string;
  user: SessionUser;
  membership: Membership | null;
  /** Their current cohort and seat (decision 35); null only for an account no cohort holds. */
  cohort: CohortPlace | null;
  /** Their second factor (decision 43): whether it is on, and whether this session gave its code. */
  secondFactor: { enabled: boolean; verified: boolean };
  reads: PageReads;
}

// Each read as a query built once with placeholders for the user and the moment (src/db/prepared.ts),
// and how its rows become the value a page uses.
const USER = sql.placeholder('userId');
const NOW = sql.placeholder('now');
const COHORT = sql.placeholder('cohortId');
const COACH_TODAY = sql.placeholder('coachToday');
const PAGE_READS = {
  webinars: {
    query: preparedOnce((db) => userUpcomingWebinarsQuery(db, USER, NOW).prepare()),
    value: (rows: unknown[]) => rows as Webinar[],
  },
  pastWebinars: {
    query: preparedOnce((db) => userPastWebinarsQuery(db, USER, NOW).prepare()),
    value: (rows: unknown[]) => rows as Webinar[],
  },
  progress: {
    query: preparedOnce((db) => progressQuery(db, USER).prepare()),
    value: (rows: unknown[]) => (rows[0] as ProgressRow | undefined) ?? null,
  },
  recentCheckIns: {
    query: preparedOnce((db) => checkInsQuery(db, USER, RECENT_CHECK_INS).prepare()),
    value: (rows: unknown[]) => rows as CheckInRow[],
  },
  monthCheckIns: {
    query: preparedOnce((db) => checkInsQuery(db, USER, CALENDAR_DAYS).prepare()),
    value: (rows: unknown[]) => rows as CheckInRow[],
  },
  checkInDays: {
    query: preparedOnce((db) => checkInDaysQuery(db, USER).prepare()),
    value: (rows: unknown[]) => (rows as { date: string }[]).map((r) => r.date),
  },
  // The daily practice's answers (decision 38): a year at most.
  actionAnswers: {
    query: preparedOnce((db) => actionAnswersQuery(db, USER).prepare()),
    value: (rows: unknown[]) => rows as ActionAnswer[],
  },
  firstAndLatestWheels: {
    query: preparedOnce((db) => firstAndLatestWheelsQuery(db, USER).prepare()),
    value: (rows: unknown[]) => rows as WheelSnapshotRow[],
  },
  reminders: {
    query: preparedOnce((db) => reminderSettingsQuery(db, USER).prepare()),
    value: (rows: unknown[]) => (rows[0] as ReminderSettingsRow | undefined) ?? null,
  },
  feedVersion: {
    query: preparedOnce((db) => feedVersionQuery(db, USER).prepare()),
    value: (rows: unknown[]) => (rows[0] as { version: number } | undefined)?.version ?? 1,
  },
  pendingEmailChange: {
    query: preparedOnce((db) => pendingEmailChangeQuery(db, USER, NOW).prepare()),
    value: (rows: unknown[]) => (rows[0] as PendingEmailChange | undefined) ?? null,
  },
  providerGrants: {
    query: preparedOnce((db) => providerGrantsQuery(db, USER).prepare()),
    value: (rows: unknown[]) => rows as ProviderGrant[],
  },
  coachCards: {
    query: preparedOnce((db) => coachCardsQuery(db, USER).prepare()),
    value: (rows: unknown[]) => rows as CoachCard[],
  },
  coachMailOptOut: {
    query: preparedOnce((db) => coachMailOptOutQuery(db, USER).prepare()),
    value: (rows: unknown[]) => (rows[0] as { at: string } | undefined)?.at ?? null,
  },
  deskCohorts: {
    query: preparedOnce((db) => deskCohortsQuery(db, COHORT, COACH_TODAY).prepare()),
    value: (rows: unknown[]) => rows as DeskCohortRow[],
  },
  cohortReport: {
    query: preparedOnce((db) => cohortReportQuery(db, COHORT, COACH_TODAY).prepare()),
    value: (rows: unknown[]) => (rows[0] as CohortReportRow | undefined) ?? null,
  },
  worklist: {
    query: preparedOnce((db) =>
      worklistQuery(db, COHORT, COACH_TODAY, NOW, sql.placeholder('worklistReason'), sql.placeholder('worklistOffset')).prepare(),
    ),
    value: (rows: unknown[]) => rows as WorklistRow[],
  },
  worklistCounts: {
    query: preparedOnce((db) => worklistCountsQuery(db, COHORT, COACH_TODAY, NOW).prepare()),
    value: (rows: unknown[]) => (rows[0] as WorklistCounts | undefined) ?? null,
  },
  cohortAttentionFirstPage: {
    query: preparedOnce((db) => firstAttentionPageQuery(db, COHORT, COACH_TODAY).prepare()),
    value: (rows: unknown[]) => rows as AttentionRow[],
  },
  cohortComparison: {
    query: preparedOnce((db) => comparisonQuery(db).prepare()),
    value: (rows: unknown[]) => rows as ComparisonRow[],
  },
  adminCohorts: {
    query: preparedOnce((db) => adminCohortsQuery(db).prepare()),
    value: (rows: unknown[]) => rows as AdminCohortRow[],
  },
  cohortWebinars: {
    query: preparedOnce((db) => cohortWebinarsQuery(db).prepare()),
    value: (rows: unknown[]) => rows as CohortWebinarRow[],
  },
} satisfies Record<PageRead, unknown>;

/**
 * The session with its user and membership when it is live at `now`, or null when it is unknown,
 * expired or revoked. The `reads` come in the same batch (the token already names the user) and
 * are answered only when the session is live; `readValues` binds what they need besides the user
 * and the moment (the desk's DeskReadValues).
 */
export async function findAuthSession(
  db: Db,
  sessionId: string,
  userId: string,
  reads: readonly PageRead[] = [],
  now = new Date(),
  readValues: Partial<DeskReadValues> = {},
): Promise<Auth | null> {
  const values = { ...readValues, sessionId, userId, now: now.toISOString() };
  const [[row], ...results] = (await runBatch(db, [sessionLookup(db), ...reads.map((read) => PAGE_READS[read].query(db))], values)) as [
    SessionRow[],
    ...unknown[][],
  ];
  if (!row) return null;
  const found: Record<string, unknown> = {};
  reads.forEach((read, i) => {
    found[read] = PAGE_READS[read].value(results[i]!);
  });
  const { secondFactorOn, secondFactorVerified, cohort, ...session } = row;
  return {
    sessionId,
    ...session,
    cohort: cohort?.id ? (cohort as CohortPlace) : null,
    secondFactor: { enabled: secondFactorOn !== null, verified: secondFactorVerified !== null },
    reads: found as PageReads,
  };
}

/** The session lookup, built once (src/db/prepared.ts): every signed-in request makes it. */
const sessionLookup = preparedOnce((db) =>
  db
    .select({
      user: sessionUserColumns,
      membership: memberships,
      cohort: currentPlaceColumns,
      secondFactorOn: secondFactors.enabledAt,
      secondFactorVerified: secondFactorSessions.verifiedAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    // Decision 35: the current cohort (the partial unique index finds the one row) and the cohort.
    .leftJoin(cohortMembers, and(eq(cohortMembers.userId, users.id), isNull(cohortMembers.leftAt)))
    .leftJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    // Decision 43: whether the user's second factor is on (a row being set up counts as off) and
    // whether this session gave its code. Two primary-key lookups in the same statement.
    .leftJoin(secondFactors, and(eq(secondFactors.userId, users.id), isNotNull(secondFactors.enabledAt)))
    .leftJoin(secondFactorSessions, eq(secondFactorSessions.sessionId, authSessions.id))
    .where(and(eq(authSessions.id, sql.placeholder('sessionId')), eq(authSessions.userId, USER), gt(authSessions.expiresAt, NOW)))
    .limit(1)
    .prepare(),
);
interface SessionRow {
  user: SessionUser;
  membership: Membership | null;
  cohort: CohortPlace | null;
  secondFactorOn: string | null;
  secondFactorVerified: string | null;
}

/** Sessions a user may hold at once: a sign-in past this ends the oldest (decision 27). */
export const LIVE_SESSIONS_MAX = 10;

/**
 * The statements that open a session: its row, then the user's expired sessions and those past
 * the newest LIVE_SESSIONS_MAX go (every session lasts as long, so the newest expire last).
 */
function openSession(db: Db, session: { id: string; userId: string; expiresAt: string }, now: string) {
  const newest = db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.userId, session.userId))
    .orderBy(desc(authSessions.expiresAt))
    .limit(LIVE_SESSIONS_MAX);
  return [
    db.insert(authSessions).values(session),
    db
      .delete(authSessions)
      .where(and(eq(authSessions.userId, session.userId), or(lte(authSessions.expiresAt, now), notInArray(authSessions.id, newest)))),
  ] as const;
}

export async function insertAuthSession(db: Db, id: string, userId: string, expiresAt: string): Promise<void> {
  await db.batch(openSession(db, { id, userId, expiresAt }, new Date().toISOString()));
}

export interface SignIn {
  userId: string;
  sessionId: string;
  expiresAt: string;
  lastLoginAt: string;
  /** The stored hash, or a stronger one when the parameters were raised. */
  passwordHash: string;
  /** Throttle keys a success clears (the account's failed attempts). */
  clearKeys: readonly string[];
}

/**
 * Completes a sign-in in one batch: forgets the account's attempt counts, stamps the sign-in
 * (with a rehashed password when due), opens the session and reads the membership.
 */
export async function recordSignIn(db: Db, signIn: SignIn): Promise<Membership | null> {
  const [, , , , [membership]] = await db.batch([
    db.delete(rateLimits).where(inArray(rateLimits.key, [...signIn.clearKeys, ''])),
    db.update(users).set({ lastLoginAt: signIn.lastLoginAt, passwordHash: signIn.passwordHash }).where(eq(users.id, signIn.userId)),
    ...openSession(db, { id: signIn.sessionId, userId: signIn.userId, expiresAt: signIn.expiresAt }, signIn.lastLoginAt),
    db.select().from(memberships).where(eq(memberships.userId, signIn.userId)).limit(1),
  ]);
  return membership ?? null;
}

export async function deleteAuthSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(authSessions).where(eq(authSessions.id, sessionId));
}

/** Statement ending every session of a user but one (or all when keep is null), for batches. */
export function endOtherSessions(db: Db, userId: string, keep: string | null) {
  return db
    .delete(authSessions)
    .where(keep ? and(eq(authSessions.userId, userId), ne(authSessions.id, keep)) : eq(authSessions.userId, userId));
}
