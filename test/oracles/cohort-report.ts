// The cohort report worked out the plain way (docs/product.md#the-coachs-desk): from every
// member of one cohort and every check-in of the window, in JavaScript, with the rules of
// src/domain/cohort.ts. The reference the stored report, counted in SQL (src/data/cohort.ts,
// src/domain/cohort-report.ts), is tested against: test/cohort.test.ts reads a cohort with
// test/cohort-reference.ts and compares. Only tests import this file; the app never runs it.
import { ARENAS } from '../../src/domain/arenas';
import { checkInStreak } from '../../src/domain/check-ins';
import {
  attentionReasons,
  type CohortParticipant,
  type CohortReport,
  type CohortRow,
  type GraceGrant,
  MOOD_WEEK,
  type NeedsAttention,
} from '../../src/domain/cohort';
import { PLAN_LABELS } from '../../src/domain/plans';
import { type ArenaScores, totalScore } from '../../src/domain/scoring';
import { addDays, calendarDay, userTimeZone } from '../../src/domain/time-zone';
import { byUrgency, type Urgency, urgencyOf } from '../../src/domain/worklist';

/** The reference reads check-ins this many days back: its streaks are counted within it. */
const CHECK_IN_WINDOW_DAYS = 60;

export interface CohortCheckIn {
  userId: string;
  date: string;
  mood: number;
}

/** A participant with how many wheels they have (the wheel gain counts those with two or more; absent: as many as firstWheel and latestWheel show, at most one). */
type OracleParticipant = CohortParticipant & { wheels?: number };

export interface CohortInput {
  /** One cohort's current members (role user). */
  participants: readonly OracleParticipant[];
  /** Check-ins on or after the window's first day (any order). */
  checkIns: readonly CohortCheckIn[];
  /** Grants whose payment failed and whose grace still runs. */
  grace: readonly GraceGrant[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const average = (values: readonly number[]) => (values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length);

/** The first day whose check-ins test/cohort-reference.ts reads, for `now`: the window's start in the zone furthest ahead. */
export function checkInWindowStart(now: Date): string {
  return addDays(calendarDay(now, 'UTC'), -(CHECK_IN_WINDOW_DAYS + 1));
}

/** The median (an even count: the mean of the middle two, to one decimal; none: 0). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : round1((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** The cohort's figures at `now`, and one export row per participant, from every participant and their check-ins. */
export function cohortReport(input: CohortInput, now: Date): { report: CohortReport; rows: CohortRow[] } {
  const moodsOf = new Map<string, Map<string, number>>();
  for (const c of input.checkIns) {
    let days = moodsOf.get(c.userId);
    if (!days) {
      days = new Map();
      moodsOf.set(c.userId, days);
    }
    days.set(c.date, c.mood);
  }
  const graceOf = new Map<string, GraceGrant[]>();
  for (const g of input.grace) graceOf.set(g.userId, [...(graceOf.get(g.userId) ?? []), g]);

  const funnel = { signedUp: 0, verified: 0, session1: 0, session2: 0, session3: 0, session4: 0 };
  const firstScores: ArenaScores[] = [];
  const latestScores: ArenaScores[] = [];
  const gains: { first: ArenaScores; latest: ArenaScores }[] = [];
  let today = 0;
  let last7Days = 0;
  const streaks: number[] = [];
  const needsAttention: (NeedsAttention & Omit<Urgency, 'reasons'>)[] = [];
  const rows: CohortRow[] = [];

  for (const p of input.participants) {
    const zone = userTimeZone(p.timeZone);
    const day = calendarDay(now, zone);
    const moods = moodsOf.get(p.id) ?? new Map<string, number>();
    funnel.signedUp += 1;
    if (p.verified) funnel.verified += 1;
    const done = p.completedAt.map((at) => at !== null);
    if (done[0]) funnel.session1 += 1;
    if (done[1]) funnel.session2 += 1;
    if (done[2]) funnel.session3 += 1;
    if (done[3]) funnel.session4 += 1;
    if (p.firstWheel) firstScores.push(p.firstWheel);
    if (p.latestWheel) latestScores.push(p.latestWheel);
    if ((p.wheels ?? 0) >= 2 && p.firstWheel && p.latestWheel) gains.push({ first: p.firstWheel, latest: p.latestWheel });

    if (moods.has(day)) today += 1;
    if (Array.from({ length: MOOD_WEEK }, (_, i) => addDays(day, -i)).some((d) => moods.has(d))) last7Days += 1;
    const streak = checkInStreak([...moods.keys()], day);
    if (p.lastCheckIn !== null) streaks.push(streak);

    const grace = graceOf.get(p.id) ?? [];
    const reasons = attentionReasons(p, moods, grace, day, zone);
    if (reasons.length > 0) {
      const found = (start: string) => reasons.some((r) => r.startsWith(start));
      const urgency = urgencyOf(
        p,
        { quiet: found('No check-in'), mood: found('Mood down'), stall: found('On Session') },
        moods,
        grace,
        day,
      );
      needsAttention.push({ ...urgency, userId: p.id, name: p.name ?? p.email, email: p.email, reasons });
    }

    rows.push({
      name: p.name ?? '',
      email: p.email,
      plan: p.plan ? PLAN_LABELS[p.plan] : 'No Plan',
      sessionsDone: done.filter(Boolean).length,
      lastCheckIn: p.lastCheckIn ?? '',
      currentStreak: streak,
      latestWheelTotal: p.latestWheel ? totalScore(p.latestWheel).toFixed(1) : '',
    });
  }

  const arenas = Object.fromEntries(
    ARENAS.map((arena) => {
      const first = average(firstScores.map((s) => s[arena]));
      const latest = average(latestScores.map((s) => s[arena]));
      return [arena, { first: first === null ? null : round1(first), latest: latest === null ? null : round1(latest) }];
    }),
  ) as CohortReport['arenas'];

  const gain = {
    members: gains.length,
    arenas: Object.fromEntries(
      ARENAS.map((arena) => {
        const g = average(gains.map((w) => w.latest[arena] - w.first[arena]));
        return [arena, g === null ? null : round1(g)];
      }),
    ) as CohortReport['gain']['arenas'],
  };

  // The most urgent first (src/domain/worklist.ts byUrgency): the ones to call first are on top.
  needsAttention.sort(byUrgency);
  return {
    report: {
      funnel,
      arenas,
      checkIns: { today, last7Days, medianStreak: median(streaks) },
      gain,
      needsAttention: needsAttention.map(({ userId, name, email, reasons }) => ({ userId, name, email, reasons })),
    },
    rows,
  };
}
