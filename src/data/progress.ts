// The progress record: one row per user, JSON text columns (docs/product.md#stored-progress).
import { and, asc, desc, eq, isNotNull, notInArray, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { checkInSummaries, checkIns, type ProgressRow, progress, type WheelSnapshotRow, wheelSnapshots } from '../db/schema';
import type {
  MilestoneWeek,
  ProgressPayload,
  Session1Payload,
  Session2Payload,
  Session3Payload,
  Session4Payload,
} from '../domain/progress-schemas';
import { type ProgressRecord, responsesFromJson, scoresFromJson } from '../domain/progress-view';
import { WHEEL_SNAPSHOTS_MAX } from '../domain/reassessment';
import { type ArenaScores, arenaScores } from '../domain/scoring';
import type { SessionNumber } from '../domain/session-status';

/** The user's progress row (an array of 0 or 1), as a query to await or batch. */
export function progressQuery(db: Db, userId: string | Placeholder) {
  return db.select().from(progress).where(eq(progress.userId, userId)).limit(1);
}

export async function readProgress(db: Db, userId: string): Promise<ProgressRow | null> {
  const [row] = await progressQuery(db, userId);
  return row ?? null;
}

/** The record as the API returns it: the stored fields, JSON still as text. */
export function progressRecord(row: ProgressRow): ProgressRecord & { updatedAt: string } {
  const { userId: _owner, ...record } = row;
  return record;
}

/** The record as GET and POST /api/progress answer it: `reflections` is a list, as the public API
 * has it (docs/product.md#json-api); the other JSON columns stay text as stored. */
export function progressForApi(
  row: ProgressRow,
): Omit<ProgressRecord, 'reflections'> & { updatedAt: string; reflections: string[] | null } {
  const record = progressRecord(row);
  return { ...record, reflections: reflectionsList(record.reflections) };
}

function reflectionsList(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : null;
  } catch {
    return null;
  }
}

/** The columns a session's save writes. The server stamps the completion time itself, and
 * Session 1's scores are recomputed from the answers: the client's are never trusted. */
function sessionColumns(session: SessionNumber, payload: ProgressPayload, now: string): Partial<ProgressRow> {
  switch (session) {
    case 1: {
      const p = payload as Session1Payload;
      return {
        questionResponses: JSON.stringify(p.questionResponses),
        arenaScores: JSON.stringify(arenaScores(p.questionResponses)),
        keystoneArena: p.keystoneArena,
        reflections: JSON.stringify(p.reflections),
        session1CompletedAt: now,
      };
    }
    case 2:
      return { blockers: JSON.stringify((payload as Session2Payload).blockers), session2CompletedAt: now };
    case 3:
      return { accelerators: JSON.stringify((payload as Session3Payload).accelerators), session3CompletedAt: now };
    case 4: {
      const p = payload as Session4Payload;
      return {
        vision90Day: p.vision90Day,
        target90Day: p.target90Day ?? null,
        milestones: JSON.stringify(p.milestones),
        session4CompletedAt: now,
      };
    }
  }
}

const COMPLETED_AT = {
  1: 'session1CompletedAt',
  2: 'session2CompletedAt',
  3: 'session3CompletedAt',
  4: 'session4CompletedAt',
} as const satisfies Record<SessionNumber, keyof ProgressRow>;

/**
 * Saves one session (a review's edit replaces what that session had in the progress row). A
 * completed Session 1 also keeps its own wheel snapshot in the same batch, with its answers and
 * reflections, a same-day retake or edit included, so nothing the participant wrote is lost
 * (decision 39); beyond WHEEL_SNAPSHOTS_MAX the oldest goes.
 */
export async function saveSession(db: Db, userId: string, session: SessionNumber, payload: ProgressPayload): Promise<ProgressRow> {
  const now = new Date().toISOString();
  const columns = { ...sessionColumns(session, payload, now), updatedAt: now };
  // Editing a completed session keeps its first completion date (docs/product.md#review-mode).
  const completedAt = COMPLETED_AT[session];
  const kept = { ...columns, [completedAt]: sql`coalesce(${progress[completedAt]}, ${now})` };
  const upsert = db
    .insert(progress)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: progress.userId, set: kept })
    .returning();
  if (session !== 1) {
    const [row] = await upsert;
    return row!;
  }
  const snapshot = db.insert(wheelSnapshots).values({
    id: crypto.randomUUID(),
    userId,
    arenaScores: columns.arenaScores!,
    keystoneArena: columns.keystoneArena ?? null,
    questionResponses: columns.questionResponses ?? null,
    reflections: columns.reflections ?? null,
    completedAt: now,
  });
  const [[row]] = await db.batch([upsert, snapshot, dropOldestWheels(db, userId)]);
  return row!;
}

/** Deletes the user's wheels beyond the newest WHEEL_SNAPSHOTS_MAX (decision 39), as a query to batch. */
function dropOldestWheels(db: Db, userId: string) {
  const kept = db
    .select({ id: wheelSnapshots.id })
    .from(wheelSnapshots)
    .where(eq(wheelSnapshots.userId, userId))
    .orderBy(desc(wheelSnapshots.completedAt), desc(wheelSnapshots.id))
    .limit(WHEEL_SNAPSHOTS_MAX);
  return db.delete(wheelSnapshots).where(and(eq(wheelSnapshots.userId, userId), notInArray(wheelSnapshots.id, kept)));
}

/** The user's completed Session 1 wheels, oldest first (all of them: at most WHEEL_SNAPSHOTS_MAX). */
async function listWheelSnapshots(db: Db, userId: string): Promise<WheelSnapshotRow[]> {
  const newest = await db
    .select()
    .from(wheelSnapshots)
    .where(eq(wheelSnapshots.userId, userId))
    .orderBy(desc(wheelSnapshots.completedAt))
    .limit(WHEEL_SNAPSHOTS_MAX);
  return newest.reverse();
}

/** The user's first and latest wheel snapshots, oldest first: what /summary compares. */
export function firstAndLatestWheelsQuery(db: Db, userId: string | Placeholder) {
  const ends = sql`(SELECT min(${wheelSnapshots.completedAt}) FROM ${wheelSnapshots} WHERE ${wheelSnapshots.userId} = ${userId}
    UNION SELECT max(${wheelSnapshots.completedAt}) FROM ${wheelSnapshots} WHERE ${wheelSnapshots.userId} = ${userId})`;
  return db
    .select()
    .from(wheelSnapshots)
    .where(and(eq(wheelSnapshots.userId, userId), sql`${wheelSnapshots.completedAt} IN ${ends}`))
    .orderBy(asc(wheelSnapshots.completedAt))
    .limit(2);
}

export function wheelHistoryOf(rows: readonly WheelSnapshotRow[]): WheelHistoryEntry[] {
  return rows.map((row) => ({
    scores: scoresFromJson(row.arenaScores),
    keystoneArena: row.keystoneArena,
    completedAt: row.completedAt,
    questionResponses: responsesFromJson(row.questionResponses),
    reflections: reflectionsList(row.reflections),
  }));
}

export interface WheelHistoryEntry {
  scores: ArenaScores;
  keystoneArena: string | null;
  completedAt: string;
  /** The 70 answers of that wheel; null for a wheel kept before they were (migration 0013). */
  questionResponses: Record<string, number> | null;
  /** The reflections written with that wheel; null when they could not be kept (before migration 0022). */
  reflections: string[] | null;
}

/** The wheel history in domain shape, oldest first. */
export async function listWheelHistory(db: Db, userId: string): Promise<WheelHistoryEntry[]> {
  return wheelHistoryOf(await listWheelSnapshots(db, userId));
}

/**
 * Marks a milestone of a completed Session 4 done (now) or not done, in one statement: the row
 * changes only when Session 4 is complete, so the rule holds on the server. Returns false when
 * there was nothing to mark (Session 4 not complete).
 */
export async function markMilestone(db: Db, userId: string, week: MilestoneWeek, done: boolean): Promise<boolean> {
  const path = `$."${week}"`;
  const current = sql`coalesce(${progress.milestonesDone}, '{}')`;
  const value = done
    ? sql`json_set(${current}, ${path}, coalesce(json_extract(${current}, ${path}), ${new Date().toISOString()}))`
    : sql`json_remove(${current}, ${path})`;
  const rows = await db
    .update(progress)
    .set({ milestonesDone: value, updatedAt: new Date().toISOString() })
    .where(and(eq(progress.userId, userId), isNotNull(progress.session4CompletedAt)))
    .returning({ userId: progress.userId });
  return rows.length > 0;
}

/** 'Reset Demo Data': the user's progress, wheel history, check-ins and their summary go (one batch). */
export async function resetDemoData(db: Db, userId: string): Promise<void> {
  await db.batch([
    db.delete(progress).where(eq(progress.userId, userId)),
    db.delete(wheelSnapshots).where(eq(wheelSnapshots.userId, userId)),
    db.delete(checkIns).where(eq(checkIns.userId, userId)),
    db.delete(checkInSummaries).where(eq(checkInSummaries.userId, userId)),
  ]);
}
