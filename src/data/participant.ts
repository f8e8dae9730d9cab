// Everything the admin's page for one participant shows (docs/product.md#the-coachs-desk), in one
// D1 batch: the account and membership, every grant, progress, the first and latest wheels, the
// recent check-ins, the audit trail (any grace that ran out is written to it first), their cohorts,
// their private notes and where they stand on the worklist.
import { eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  type CheckInRow,
  type Membership,
  type MembershipGrant,
  memberships,
  type ProgressRow,
  type User,
  users,
  type WheelSnapshotRow,
} from '../db/schema';
import type { AuditEntry } from '../domain/audit';
import type { ActionAnswer } from '../domain/practice';
import { auditGraceLapses, auditTrailQuery } from './audit';
import { checkInsQuery } from './check-ins';
import { cohortChoicesQuery } from './cohort-admin';
import { cohortHistoryQuery } from './cohorts';
import { grantsOfQuery } from './memberships';
import { type Note, notesQuery } from './notes';
import { actionAnswersQuery } from './practice';
import { firstAndLatestWheelsQuery, progressQuery } from './progress';
import { secondFactorQuery } from './second-factor';
import { type AttentionOfRow, attentionOfQuery } from './worklist';

/** How many check-ins the page reads: about three months of days. */
const PARTICIPANT_CHECK_INS = 90;

export interface ParticipantRecord {
  user: Omit<User, 'passwordHash'>;
  membership: Membership | null;
  grants: MembershipGrant[];
  progress: ProgressRow | null;
  /** Oldest first: none, one (a single Session 1) or two. */
  wheels: WheelSnapshotRow[];
  /** Oldest first. */
  checkIns: CheckInRow[];
  /** The daily practice's answers, newest day first (decision 38). */
  actionAnswers: ActionAnswer[];
  /** Newest first. */
  audit: AuditEntry[];
  /** When their second factor was turned on (decision 43), or null when it is off. */
  secondFactorOn: string | null;
  /** Every cohort they have been in, newest first; the current one has no leftAt (docs/product.md#cohorts). */
  cohorts: CohortHistoryRow[];
  /** Every cohort, for 'Move to cohort'. */
  cohortChoices: { id: string; name: string; startDate: string }[];
  /** Private notes, newest first (decision 40: admins only). */
  notes: Note[];
  /** Their needs-attention row in their current cohort's report and their worklist state. */
  attention: AttentionOfRow | null;
}

type CohortHistoryRow = Awaited<ReturnType<typeof cohortHistoryQuery>>[number];

const { passwordHash: _hash, ...userColumns } = getTableColumns(users);

/** The participant's record, or null when there is no such account. */
export async function readParticipant(db: Db, userId: string, now: Date = new Date()): Promise<ParticipantRecord | null> {
  const [, [row], grants, [progress], wheels, checkIns, audit, [secondFactor], cohorts, cohortChoices, actionAnswers, notes, [attention]] =
    await db.batch([
      auditGraceLapses(db, now, userId),
      db
        .select({ user: userColumns, membership: memberships })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1),
      grantsOfQuery(db, userId),
      progressQuery(db, userId),
      firstAndLatestWheelsQuery(db, userId),
      checkInsQuery(db, userId, PARTICIPANT_CHECK_INS),
      auditTrailQuery(db, userId),
      secondFactorQuery(db, userId),
      cohortHistoryQuery(db, userId),
      cohortChoicesQuery(db),
      actionAnswersQuery(db, userId),
      notesQuery(db, userId),
      attentionOfQuery(db, userId),
    ]);
  if (!row) return null;
  return {
    user: row.user,
    membership: row.membership,
    grants,
    progress: progress ?? null,
    wheels,
    checkIns: [...checkIns].reverse(),
    actionAnswers,
    audit,
    secondFactorOn: secondFactor?.enabledAt ?? null,
    cohorts,
    cohortChoices,
    notes,
    attention: attention ?? null,
  };
}
