// What a page may read about its user in the same D1 round trip as the session (src/data/auth-sessions.ts
// findAuthSession): each read a query built once with placeholders, and how its rows become the
// value the page uses. Each route declares its reads on its guard (src/server/guards.ts).
import { sql } from 'drizzle-orm';
import { preparedOnce } from '../db/prepared';
import type { CheckInRow, ProgressRow, WheelSnapshotRow } from '../db/schema';
import type { CohortReportRow } from '../db/schema-cohort-reports';
import type { ReminderSettingsRow } from '../db/schema-reminders';
import { RECENT_CHECK_INS } from '../domain/check-ins';
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
import { actionAnswersQuery } from './practice';
import { firstAndLatestWheelsQuery, progressQuery } from './progress';
import { reminderSettingsQuery } from './reminders';
import { userPastWebinarsQuery, userUpcomingWebinarsQuery } from './webinars';
import { type WorklistCounts, type WorklistRow, worklistCountsQuery, worklistQuery } from './worklist';

/**
 * What a page may read about its user in the same round trip as the session. Each route declares
 * its reads on its guard (src/server/guards.ts), beside its handler.
 */
export interface PageReads {
  /** The current cohort's upcoming webinars (decision 37), for the frame's webinar dialog (every participant page with the app's frame). */
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
  /** Admins: every cohort with its seats and stored figures (/admin/cohorts), and every cohort's webinars (its JSON). */
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

// Each read as a query built once with placeholders for the user and the moment (src/db/prepared.ts),
// and how its rows become the value a page uses.
export const USER = sql.placeholder('userId');
export const NOW = sql.placeholder('now');
const COHORT = sql.placeholder('cohortId');
const COACH_TODAY = sql.placeholder('coachToday');

/** The value of a read that lists rows: the rows. */
function rowsAs<T>() {
  return (rows: unknown[]) => rows as T[];
}

/** The value of a read of one row: that row, null when there is none. */
function firstRowAs<T>() {
  return (rows: unknown[]) => (rows[0] as T | undefined) ?? null;
}

export const PAGE_READS = {
  webinars: {
    query: preparedOnce((db) => userUpcomingWebinarsQuery(db, USER, NOW).prepare()),
    value: rowsAs<Webinar>(),
  },
  pastWebinars: {
    query: preparedOnce((db) => userPastWebinarsQuery(db, USER, NOW).prepare()),
    value: rowsAs<Webinar>(),
  },
  progress: {
    query: preparedOnce((db) => progressQuery(db, USER).prepare()),
    value: firstRowAs<ProgressRow>(),
  },
  recentCheckIns: {
    query: preparedOnce((db) => checkInsQuery(db, USER, RECENT_CHECK_INS).prepare()),
    value: rowsAs<CheckInRow>(),
  },
  monthCheckIns: {
    query: preparedOnce((db) => checkInsQuery(db, USER, CALENDAR_DAYS).prepare()),
    value: rowsAs<CheckInRow>(),
  },
  checkInDays: {
    query: preparedOnce((db) => checkInDaysQuery(db, USER).prepare()),
    value: (rows: unknown[]) => (rows as { date: string }[]).map((r) => r.date),
  },
  // The daily practice's answers (decision 38): a year at most.
  actionAnswers: {
    query: preparedOnce((db) => actionAnswersQuery(db, USER).prepare()),
    value: rowsAs<ActionAnswer>(),
  },
  firstAndLatestWheels: {
    query: preparedOnce((db) => firstAndLatestWheelsQuery(db, USER).prepare()),
    value: rowsAs<WheelSnapshotRow>(),
  },
  reminders: {
    query: preparedOnce((db) => reminderSettingsQuery(db, USER).prepare()),
    value: firstRowAs<ReminderSettingsRow>(),
  },
  feedVersion: {
    query: preparedOnce((db) => feedVersionQuery(db, USER).prepare()),
    value: (rows: unknown[]) => (rows[0] as { version: number } | undefined)?.version ?? 1,
  },
  pendingEmailChange: {
    query: preparedOnce((db) => pendingEmailChangeQuery(db, USER, NOW).prepare()),
    value: firstRowAs<PendingEmailChange>(),
  },
  providerGrants: {
    query: preparedOnce((db) => providerGrantsQuery(db, USER).prepare()),
    value: rowsAs<ProviderGrant>(),
  },
  coachCards: {
    query: preparedOnce((db) => coachCardsQuery(db, USER).prepare()),
    value: rowsAs<CoachCard>(),
  },
  coachMailOptOut: {
    query: preparedOnce((db) => coachMailOptOutQuery(db, USER).prepare()),
    value: (rows: unknown[]) => (rows[0] as { at: string } | undefined)?.at ?? null,
  },
  deskCohorts: {
    query: preparedOnce((db) => deskCohortsQuery(db, COHORT, COACH_TODAY).prepare()),
    value: rowsAs<DeskCohortRow>(),
  },
  cohortReport: {
    query: preparedOnce((db) => cohortReportQuery(db, COHORT, COACH_TODAY).prepare()),
    value: firstRowAs<CohortReportRow>(),
  },
  worklist: {
    query: preparedOnce((db) =>
      worklistQuery(db, COHORT, COACH_TODAY, NOW, sql.placeholder('worklistReason'), sql.placeholder('worklistOffset')).prepare(),
    ),
    value: rowsAs<WorklistRow>(),
  },
  worklistCounts: {
    query: preparedOnce((db) => worklistCountsQuery(db, COHORT, COACH_TODAY, NOW).prepare()),
    value: firstRowAs<WorklistCounts>(),
  },
  cohortAttentionFirstPage: {
    query: preparedOnce((db) => firstAttentionPageQuery(db, COHORT, COACH_TODAY).prepare()),
    value: rowsAs<AttentionRow>(),
  },
  cohortComparison: {
    query: preparedOnce((db) => comparisonQuery(db).prepare()),
    value: rowsAs<ComparisonRow>(),
  },
  adminCohorts: {
    query: preparedOnce((db) => adminCohortsQuery(db).prepare()),
    value: rowsAs<AdminCohortRow>(),
  },
  cohortWebinars: {
    query: preparedOnce((db) => cohortWebinarsQuery(db).prepare()),
    value: rowsAs<CohortWebinarRow>(),
  },
} satisfies Record<PageRead, unknown>;
