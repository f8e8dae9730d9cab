// The stored cohort report (docs/product.md#the-coachs-desk): the figures the 15-minute cron counts
// in SQL (src/data/cohort.ts), finished here before they are stored; each stored needs-attention
// row written in words, as of the report's time; the API's pages; and how old the figures are, in
// words. Pure.
import * as z from 'zod/mini';
import { ARENAS, type Arena } from './arenas';
import {
  attentionReasons,
  type CohortParticipant,
  type CohortReport,
  type GraceGrant,
  medianOfCounts,
  type NeedsAttention,
} from './cohort';
import { GRANT_SOURCES } from './grants';
import { PLANS } from './plans';
import { calendarDay, userTimeZone } from './time-zone';
import { webinarLabels } from './webinars';

/** The stored figures' format: a report stored in another is worked out again on its first read. */
export const COHORT_REPORT_VERSION = 2;
/** How often the cron works the report out (wrangler.toml's quarter-hour trigger). */
export const REPORT_EVERY_MINUTES = 15;
/** Older than this, a scheduled update was missed, and the page says so. */
const REPORT_OVERDUE_MINUTES = 2 * REPORT_EVERY_MINUTES;
/**
 * GET /api/admin/cohort lists everyone who needs attention, this many a page (?page=2, …): the
 * size most JSON APIs cap a page at (500 a page cost 72 KiB and 3.2x the D1 floor; docs/perf.md).
 */
export const ATTENTION_PAGE_SIZE = 100;

/** What the report stores besides the list: the funnel, the arenas and the check-ins. */
export type CohortFigures = Omit<CohortReport, 'needsAttention'>;

/** The figures as SQL counts them: the arena averages unrounded, the streaks as a histogram. */
export interface CohortCounts {
  funnel: CohortReport['funnel'];
  arenas: Record<Arena, { first: number | null; latest: number | null }>;
  checkIns: { today: number; last7Days: number };
  /** How many of those who ever checked in have each current streak. */
  streaks: readonly { value: number; count: number }[];
  /** The average gain per arena, unrounded, over the members with at least two wheels. */
  gain: CohortReport['gain'];
}

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);

export function cohortFigures(counts: CohortCounts): CohortFigures {
  return {
    funnel: counts.funnel,
    arenas: Object.fromEntries(
      ARENAS.map((arena) => [arena, { first: round1(counts.arenas[arena].first), latest: round1(counts.arenas[arena].latest) }]),
    ) as CohortReport['arenas'],
    checkIns: { ...counts.checkIns, medianStreak: medianOfCounts(counts.streaks) },
    gain: {
      members: counts.gain.members,
      arenas: Object.fromEntries(ARENAS.map((arena) => [arena, round1(counts.gain.arenas[arena])])) as CohortReport['gain']['arenas'],
    },
  };
}

const figuresShape = z.object({
  funnel: z.object({
    signedUp: z.number(),
    verified: z.number(),
    session1: z.number(),
    session2: z.number(),
    session3: z.number(),
    session4: z.number(),
  }),
  arenas: z.record(z.enum(ARENAS), z.object({ first: z.nullable(z.number()), latest: z.nullable(z.number()) })),
  checkIns: z.object({ today: z.number(), last7Days: z.number(), medianStreak: z.number() }),
  gain: z.object({ members: z.number(), arenas: z.record(z.enum(ARENAS), z.nullable(z.number())) }),
});

/** The stored figures, or null when they are not what this code writes (then they are worked out again). */
export function figuresFromJson(json: string): CohortFigures | null {
  try {
    const parsed = figuresShape.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A stored needs-attention row with the participant's name and email as they are now. */
export interface StoredAttention {
  userId: string;
  name: string | null;
  email: string;
  /** The participant's day when the report was worked out. */
  today: string;
  timeZone: string;
  createdAt: string;
  completedAt: readonly [string | null, string | null, string | null, string | null];
  lastDay: string | null;
  /** JSON [[day, mood], …]: the last two weeks, where the mood rule picked them. */
  moods: string | null;
  /** JSON [{ source, plan, graceUntil }, …]: their grants in grace. */
  grace: string | null;
  /** JSON [string, …]: the reasons in words as the report wrote them; null (or absent) before it did. */
  words?: string | null;
}

/** JSON written by our own SQL, read defensively and cheaply (the page reads a hundred rows): what does not fit is left out. */
function jsonArray(json: string | null): unknown[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

const isMood = (value: unknown): value is [string, number] =>
  Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number';

function isGrace(value: unknown): value is Omit<GraceGrant, 'userId'> {
  const g = value as Record<string, unknown> | null;
  return (
    typeof g === 'object' &&
    g !== null &&
    (GRANT_SOURCES as readonly unknown[]).includes(g.source) &&
    (PLANS as readonly unknown[]).includes(g.plan) &&
    typeof g.graceUntil === 'string'
  );
}

/** The reasons in words a report stored, or null when it has not (yet) or they are unreadable. */
function storedWords(words: string | null | undefined): string[] | null {
  if (!words) return null;
  const parsed = jsonArray(words);
  return parsed.length > 0 && parsed.every((w) => typeof w === 'string') ? (parsed as string[]) : null;
}

/**
 * The row's reasons in words, as of its day: the same words attentionReasons gives a live count.
 * The report stores them (src/data/cohort.ts), so a read only writes them while it has not.
 */
export function attentionInWords(row: StoredAttention): NeedsAttention {
  const stored = storedWords(row.words);
  if (stored) return { userId: row.userId, name: row.name ?? row.email, email: row.email, reasons: stored };
  const participant: CohortParticipant = {
    id: row.userId,
    name: row.name,
    email: row.email,
    verified: true,
    createdAt: row.createdAt,
    timeZone: row.timeZone,
    completedAt: row.completedAt,
    plan: null,
    lastCheckIn: row.lastDay,
    firstWheel: null,
    latestWheel: null,
  };
  const moods = new Map(jsonArray(row.moods).filter(isMood));
  const grace: GraceGrant[] = jsonArray(row.grace)
    .filter(isGrace)
    .map((g) => ({ userId: row.userId, ...g }));
  return {
    userId: row.userId,
    name: row.name ?? row.email,
    email: row.email,
    reasons: attentionReasons(participant, moods, grace, row.today, userTimeZone(row.timeZone)),
  };
}

/** GET /api/admin/cohort's query: ?page=N (1 when missing or unreadable); the cohort is read by cohortQuerySchema (src/domain/cohort-compare.ts). */
export const cohortApiQuerySchema = z.object({
  page: z.catch(z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(100_000))), 1), 1),
});

/** The report's positions on page `page` of `size` (positions start at 1). */
export function attentionRange(page: number, size: number): { after: number; upTo: number } {
  return { after: (page - 1) * size, upTo: page * size };
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * When the figures were worked out, for the admin in their zone: '3:00 PM PST' that day, else
 * 'Mon 11/24, 3:00 PM PST'; overdue once a scheduled update has been missed.
 */
export function figuresAsOf(computedAt: string, now: Date, timeZone: string): { label: string; overdue: boolean } {
  const zone = userTimeZone(timeZone);
  const at = new Date(computedAt);
  const { day, time } = webinarLabels(computedAt, now, zone);
  const label = calendarDay(at, zone) === calendarDay(now, zone) ? time : `${day}, ${time}`;
  return { label, overdue: now.getTime() - at.getTime() > REPORT_OVERDUE_MINUTES * 60_000 };
}
