// The coach's view of the whole cohort (docs/product.md#the-coachs-desk): the funnel, the average
// first and latest wheels, check-in activity, and who needs attention and why, each participant's
// days in their own zone. Pure. The rules (attentionReasons; zoneDays, the days the SQL of
// src/data/cohort.ts counts back to; medianOfCounts) and the export's rows. The reference the
// stored report is tested against, the whole report worked out from every participant and their
// check-ins, is test/oracles/cohort-report.ts. The stored report itself: src/domain/cohort-report.ts.
import type { Arena } from './arenas';
import type { GrantSource } from './grants';
import { type MembershipLike, PLAN_LABELS, type Plan, planBadge } from './plans';
import { type ArenaScores, totalScore } from './scoring';
import { addDays, calendarDay, daysBetween, formatCalendarDay, startOfDay, userTimeZone } from './time-zone';

/** Needs attention: no check-in for this many days, after having checked in before. */
const QUIET_DAYS = 3;
/** Needs attention: the last 7 days' average mood this much under the 7 days before. */
export const MOOD_DROP = 2;
export const MOOD_WEEK = 7;
/** Needs attention: on the same session for this many days. */
const STALL_DAYS = 7;

export interface CohortParticipant {
  id: string;
  name: string | null;
  email: string;
  verified: boolean;
  createdAt: string;
  timeZone: string;
  /** Sessions 1 to 4: when each was completed, or null. */
  completedAt: readonly [string | null, string | null, string | null, string | null];
  /** The plan that opens access now (null: none). */
  plan: Plan | null;
  /** The day of the newest check-in ever (it may be older than the window). */
  lastCheckIn: string | null;
  firstWheel: ArenaScores | null;
  latestWheel: ArenaScores | null;
}

export interface GraceGrant {
  userId: string;
  source: GrantSource;
  plan: Plan;
  graceUntil: string;
}

export interface NeedsAttention {
  userId: string;
  name: string;
  email: string;
  reasons: string[];
}

/**
 * The wheel gain per arena: over the members with at least two wheels (`members`), the average of
 * their latest wheel's score minus their first's (one decimal; null when nobody has two wheels).
 */
export interface WheelGain {
  members: number;
  arenas: Record<Arena, number | null>;
}

/** The shape of GET /api/admin/cohort (besides the cohort and the paging), for one cohort's current members. */
export interface CohortReport {
  funnel: { signedUp: number; verified: number; session1: number; session2: number; session3: number; session4: number };
  arenas: Record<Arena, { first: number | null; latest: number | null }>;
  checkIns: { today: number; last7Days: number; medianStreak: number };
  gain: WheelGain;
  needsAttention: NeedsAttention[];
}

/** One participant's line of the export (GET /admin/cohort.csv). */
export interface CohortRow {
  name: string;
  email: string;
  plan: string;
  sessionsDone: number;
  lastCheckIn: string;
  currentStreak: number;
  latestWheelTotal: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const average = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The reasons this participant needs attention today (none: they are doing fine). */
export function attentionReasons(
  p: CohortParticipant,
  moods: ReadonlyMap<string, number>,
  grace: readonly GraceGrant[],
  today: string,
  zone: string,
): string[] {
  const reasons: string[] = [];
  const year = today.slice(0, 4);
  if (p.lastCheckIn !== null) {
    const quiet = daysBetween(p.lastCheckIn, today);
    if (quiet >= QUIET_DAYS) reasons.push(`No check-in for ${plural(quiet, 'day')} (last on ${formatCalendarDay(p.lastCheckIn, year)})`);
  }
  const week = (from: number) =>
    Array.from({ length: MOOD_WEEK }, (_, i) => moods.get(addDays(today, -(from + i)))).filter((m): m is number => m !== undefined);
  // Most have no check-in in those two weeks: nothing to average.
  const recent = moods.size === 0 ? null : average(week(0));
  const before = moods.size === 0 ? null : average(week(MOOD_WEEK));
  if (recent !== null && before !== null && before - recent >= MOOD_DROP) {
    reasons.push(
      `Mood down ${(before - recent).toFixed(1)} points: ${recent.toFixed(1)} on average over the last 7 days, ${before.toFixed(1)} the 7 days before`,
    );
  }
  const done = p.completedAt.filter((at): at is string => at !== null);
  if (done.length < 4) {
    // biome-ignore lint/complexity/useMathMinMax: ISO timestamps compared as strings; Math.max would make them NaN
    const since = done.length > 0 ? done.reduce((a, b) => (a > b ? a : b)) : p.createdAt;
    const days = daysBetween(calendarDay(new Date(since), zone), today);
    if (days >= STALL_DAYS)
      reasons.push(`On Session ${done.length + 1} for ${plural(days, 'day')}${done.length === 0 ? ' since signing up' : ''}`);
  }
  for (const g of grace) {
    const source = g.source === 'stripe' ? 'Stripe' : g.source === 'patreon' ? 'Patreon' : 'Admin';
    reasons.push(
      `Payment failed: ${source} ${PLAN_LABELS[g.plan]} in grace until ${formatCalendarDay(calendarDay(new Date(g.graceUntil), zone), year)}`,
    );
  }
  return reasons;
}

/** Each stored zone ('' for none) with its participants' today and when their stall limit began, for src/data/cohort.ts's SQL. */
export interface ZoneDay {
  zone: string;
  today: string;
  yesterday: string;
  /** A last check-in on or before this day is QUIET_DAYS or more days ago. */
  quietOn: string;
  /** The first day of the last MOOD_WEEK days (today included). */
  weekStart: string;
  /** The first day of the two weeks the mood rule compares. */
  moodFrom: string;
  /** A session completed (or sign-up) before this instant is STALL_DAYS or more days ago in this zone. */
  stallBefore: string;
}

/** Today in each stored zone at `now`, the days the rules count back to, and the instant the local day STALL_DAYS - 1 days back began. */
export function zoneDays(zones: readonly (string | null)[], now: Date): ZoneDay[] {
  return [...new Set(zones.map((z) => z ?? ''))].map((zone) => {
    const tz = userTimeZone(zone === '' ? null : zone);
    const today = calendarDay(now, tz);
    return {
      zone,
      today,
      yesterday: addDays(today, -1),
      quietOn: addDays(today, -QUIET_DAYS),
      weekStart: addDays(today, -(MOOD_WEEK - 1)),
      moodFrom: addDays(today, -(2 * MOOD_WEEK - 1)),
      stallBefore: startOfDay(addDays(today, -(STALL_DAYS - 1)), tz).toISOString(),
    };
  });
}

/** The median of a histogram: `count` participants with each `value`, as the median of them all (an even count: the mean of the middle two, to one decimal). */
export function medianOfCounts(histogram: readonly { value: number; count: number }[]): number {
  const sorted = histogram.filter((h) => h.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((n, h) => n + h.count, 0);
  if (total === 0) return 0;
  const at = (index: number) => {
    let seen = 0;
    for (const h of sorted) {
      seen += h.count;
      if (seen > index) return h.value;
    }
    return sorted[sorted.length - 1]!.value;
  };
  const mid = Math.floor(total / 2);
  return total % 2 === 1 ? at(mid) : round1((at(mid - 1) + at(mid)) / 2);
}

/** One participant as the export reads them: check_in_summaries' newest day and run stand in for their check-ins. */
export interface CohortExportInput {
  name: string | null;
  email: string;
  timeZone: string;
  completedAt: readonly [string | null, string | null, string | null, string | null];
  membership: MembershipLike | null;
  lastDay: string | null;
  run: number | null;
  latestWheel: ArenaScores | null;
}

/** The participant's line of GET /admin/cohort.csv at `now`; `days`: today and yesterday in their zone (zoneDays). */
export function cohortExportRow(p: CohortExportInput, days: Pick<ZoneDay, 'today' | 'yesterday'>, now: Date): CohortRow {
  const current = p.lastDay !== null && (p.lastDay === days.today || p.lastDay === days.yesterday);
  return {
    name: p.name ?? '',
    email: p.email,
    plan: planBadge(p.membership, now),
    sessionsDone: p.completedAt.filter((at) => at !== null).length,
    lastCheckIn: p.lastDay ?? '',
    currentStreak: current ? (p.run ?? 0) : 0,
    latestWheelTotal: p.latestWheel ? totalScore(p.latestWheel).toFixed(1) : '',
  };
}

/** 'x of y (z%)' for the funnel: the share of everyone who signed up. */
export function funnelShare(count: number, of: number): number {
  return of === 0 ? 0 : Math.round((count / of) * 100);
}
