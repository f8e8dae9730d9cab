// The four cohorts of the development seed (decisions 31, 35 and 36, docs/product.md#demo-data),
// dated relative to the day the seed runs, in the coaches' zone: a finished weekly cohort, a
// running one in its week 2 (the demo participant's), an upcoming one with enrolment open, full,
// and a waitlist, and the self-paced cohort new sign-ups join by default. Also each cohort's
// webinars and the SQL that puts every seeded person in exactly one current cohort.
// Who is in which cohort is scripts/demo-cohort.ts's; this file knows dates, rows and SQL. Pure.
import type { CohortPacing, Seat } from '../src/domain/cohorts';
import { addDays, calendarDay, daysBetween, startOfDay } from '../src/domain/time-zone';
import { DEFAULT_COACH_TIME_ZONE, nextTuesdaySessions } from '../src/domain/webinars';

/** The coaches' zone: start dates are its calendar days (decision 35). */
const COACH_ZONE = DEFAULT_COACH_TIME_ZONE;

/**
 * The self-paced cohort is migration 0019's founding cohort, renamed: it already is the default
 * for sign-ups, people who signed up on an older development database are in it, and production's
 * first cohort has the same shape.
 */
const SELF_PACED_ID = 'founding';
const SELF_PACED_NAME = 'Self-paced';

export type DemoCohortKey = 'finished' | 'running' | 'upcoming' | 'selfPaced';

export interface DemoCohort {
  key: DemoCohortKey;
  id: string;
  name: string;
  startDate: string;
  capacity: number | null;
  enrolmentOpen: boolean;
  pacing: CohortPacing;
  /** Weekly cohorts: the weekday of their calls, as days after the Monday they start (2: Wednesday). */
  callDay: number;
}

export type DemoCohorts = Record<DemoCohortKey, DemoCohort>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const monthName = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

/** 0 on a Monday, 6 on a Sunday. */
const daysSinceMonday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Seats of the upcoming cohort: few, so a handful of people fill it and wait for more. */
const UPCOMING_CAPACITY = 3;

/**
 * The four cohorts as of `now`. The running one started on the Monday 7 to 13 days before today
 * (so today is its day 8 to 14: week 2 whatever the weekday); the finished one six weeks before
 * it (it ended three to four weeks ago); the upcoming one three weeks after it, which is the
 * Monday after next.
 */
export function demoCohorts(now: Date): DemoCohorts {
  const today = calendarDay(now, COACH_ZONE);
  const running = addDays(today, -7 - daysSinceMonday(today));
  const finished = addDays(running, -42);
  const upcoming = addDays(running, 21);
  const runningName = monthName(running);
  // Three weeks apart, the running and upcoming cohorts can start in the same month.
  const upcomingName = monthName(upcoming) === runningName ? `Late ${runningName}` : monthName(upcoming);
  return {
    finished: {
      key: 'finished',
      id: 'demo-finished',
      name: monthName(finished),
      startDate: finished,
      capacity: 12,
      enrolmentOpen: false,
      pacing: 'weekly',
      callDay: 2,
    },
    running: {
      key: 'running',
      id: 'demo-running',
      name: runningName,
      startDate: running,
      capacity: 30,
      enrolmentOpen: false,
      pacing: 'weekly',
      callDay: 2,
    },
    // Its calls are on Thursdays: its first week overlaps the running cohort's last.
    upcoming: {
      key: 'upcoming',
      id: 'demo-upcoming',
      name: upcomingName,
      startDate: upcoming,
      capacity: UPCOMING_CAPACITY,
      enrolmentOpen: true,
      pacing: 'weekly',
      callDay: 3,
    },
    // Its start date is migration 0019's (the SQL below leaves it unless it is after today); self-paced, it shows no clock.
    selfPaced: {
      key: 'selfPaced',
      id: SELF_PACED_ID,
      name: SELF_PACED_NAME,
      startDate: today,
      capacity: null,
      enrolmentOpen: true,
      pacing: 'self-paced',
      callDay: 1,
    },
  };
}

/** Day `day` of a cohort (1 is its start date; 0 and below are before it) in the coaches' zone. */
function cohortDate(cohort: DemoCohort, day: number): string {
  return addDays(cohort.startDate, day - 1);
}

/** The cohort's day today in the coaches' zone (day 9 is the second Tuesday). */
export function cohortToday(cohort: DemoCohort, now: Date): number {
  return daysBetween(cohort.startDate, calendarDay(now, COACH_ZONE)) + 1;
}

const HOUR_MS = 60 * 60 * 1000;

/** An instant on day `day` of the cohort, `hour` hours after its midnight in the coaches' zone; never after `now`. */
export function cohortMoment(cohort: DemoCohort, day: number, hour: number, now: Date): string {
  const at = startOfDay(cohortDate(cohort, day), COACH_ZONE).getTime() + hour * HOUR_MS;
  return new Date(Math.min(at, now.getTime())).toISOString();
}

const q = (value: string | number | boolean | null): string =>
  value === null
    ? 'NULL'
    : typeof value === 'boolean'
      ? value
        ? '1'
        : '0'
      : typeof value === 'number'
        ? String(value)
        : `'${value.replace(/'/g, "''")}'`;
const row = (values: (string | number | boolean | null)[]) => `(${values.map(q).join(', ')})`;

/**
 * The cohorts' rows. The weekly ones are inserted once (a later run leaves them, their dates and
 * their people as the first run made them, as it leaves every seeded row); the founding cohort is
 * made self-paced, renamed and made the only default for sign-ups on every run.
 */
export function cohortsSql(cohorts: DemoCohorts): string[] {
  const weekly = [cohorts.finished, cohorts.running, cohorts.upcoming];
  const self = cohorts.selfPaced;
  return [
    // A database where someone removed it gets it back (a fresh one has it from migration 0019).
    `INSERT OR IGNORE INTO cohorts (id, name, start_date, pacing, enrolment_open, default_for_sign_ups) VALUES ${row([self.id, self.name, self.startDate, 'self-paced', true, false])};`,
    `UPDATE cohorts SET default_for_sign_ups = 0 WHERE default_for_sign_ups = 1 AND id <> ${q(self.id)};`,
    `UPDATE cohorts SET name = ${q(self.name)}, pacing = 'self-paced', capacity = NULL, enrolment_open = 1, default_for_sign_ups = 1 WHERE id = ${q(self.id)};`,
    // Migration 0019 dated it by UTC's day, which runs ahead of the coaches' zone in their evening:
    // never a start after the coaches' today, or it would read 'Upcoming' until their midnight.
    `UPDATE cohorts SET start_date = ${q(self.startDate)} WHERE id = ${q(self.id)} AND start_date > ${q(self.startDate)};`,
    `INSERT OR IGNORE INTO cohorts (id, name, start_date, capacity, enrolment_open, pacing, default_for_sign_ups) VALUES\n${weekly
      .map((c) => row([c.id, c.name, c.startDate, c.capacity, c.enrolmentOpen, c.pacing, false]))
      .join(',\n')};`,
  ];
}

/** One cohort membership of a seeded person: their current one (no `leftAt`) or an earlier one. */
export interface Placement {
  userId: string;
  cohortId: string;
  seat: Seat;
  joinedAt: string;
  seatedAt: string | null;
  leftAt: string | null;
}

/** Seats `capacity` of the people joining a cohort, first come first served, and waitlists the rest. */
export function seatInOrder(joining: { userId: string; cohortId: string; joinedAt: string }[], capacity: number | null): Placement[] {
  return [...joining]
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.userId.localeCompare(b.userId))
    .map((p, i) => {
      const seated = capacity === null || i < capacity;
      return { ...p, seat: seated ? 'seated' : 'waitlisted', seatedAt: seated ? p.joinedAt : null, leftAt: null };
    });
}

const placementId = (p: Placement) => `seed-${p.cohortId}-${p.userId}`;

/**
 * Everyone seeded in exactly one current cohort, some with a history. Earlier memberships are
 * inserted unless the person already has another row in that cohort; a current one from migration
 * 0019 (an older development database, 'founding-<user>') ends when the seed places them elsewhere;
 * then each current membership is inserted, unless the person is already in a cohort (someone moved
 * them since an earlier run: the seed leaves them there). A second run changes nothing.
 */
export function placementsSql(placements: Placement[], now: Date): string[] {
  const columns = 'id, user_id, cohort_id, seat, joined_at, seated_at, left_at';
  const values = (list: Placement[]) =>
    list.map((p) => row([placementId(p), p.userId, p.cohortId, p.seat, p.joinedAt, p.seatedAt, p.leftAt])).join(',\n');
  const earlier = placements.filter((p) => p.leftAt !== null);
  const current = placements.filter((p) => p.leftAt === null);
  const movedFromFounding = current.filter((p) => p.cohortId !== SELF_PACED_ID).map((p) => q(`${SELF_PACED_ID}-${p.userId}`));
  return [
    earlier.length === 0
      ? ''
      : [
          `INSERT OR IGNORE INTO cohort_members (${columns})`,
          `SELECT * FROM (VALUES\n${values(earlier)}) AS v`,
          'WHERE NOT EXISTS (SELECT 1 FROM cohort_members m WHERE m.user_id = v.column2 AND m.cohort_id = v.column3 AND m.id <> v.column1);',
        ].join('\n'),
    movedFromFounding.length === 0
      ? ''
      : `UPDATE cohort_members SET left_at = ${q(now.toISOString())} WHERE left_at IS NULL AND id IN (${movedFromFounding.join(', ')});`,
    `INSERT OR IGNORE INTO cohort_members (${columns}) VALUES\n${values(current)};`,
  ].filter(Boolean);
}

const WEBINAR_START_HOUR = 18;
const WEBINAR_END_HOUR = 19;

/** Where a past call's recording is: a placeholder address (example.com is reserved for examples). */
const recordingUrl = (id: string) => `https://example.com/life7-replays/${id}`;

/**
 * Each weekly cohort's four calls, one a week on its call day, 18:00-19:00 in the coaches' zone,
 * with the default series' titles and words; those over at `now` have a recording. The
 * self-paced cohort gets the default series (the next four Tuesdays) whenever none of its own is
 * upcoming, as the seed always did.
 */
export function cohortWebinarsSql(cohorts: DemoCohorts, now: Date): string[] {
  const words = nextTuesdaySessions(now, 4);
  const rows = [cohorts.finished, cohorts.running, cohorts.upcoming].flatMap((cohort) =>
    words.map((w, i) => {
      const day = startOfDay(cohortDate(cohort, 1 + 7 * i + cohort.callDay), COACH_ZONE).getTime();
      const start = new Date(day + WEBINAR_START_HOUR * HOUR_MS);
      const end = new Date(day + WEBINAR_END_HOUR * HOUR_MS);
      const id = `webinar-${cohort.id}-week-${i + 1}`;
      return row([
        id,
        cohort.id,
        w.title,
        w.description,
        w.location,
        start.toISOString(),
        end.toISOString(),
        null,
        end <= now ? recordingUrl(id) : null,
      ]);
    }),
  );
  const self = cohorts.selfPaced.id;
  const series = words.map((w) => row([w.id, self, w.title, w.description, w.location, w.startTime, w.endTime, w.joinUrl, w.recordingUrl]));
  const columns = 'id, cohort_id, title, description, location, start_time, end_time, join_url, recording_url';
  return [
    `INSERT OR IGNORE INTO webinars (${columns}) VALUES\n${rows.join(',\n')};`,
    // One statement, so the guard is checked once for all four rows (SQLite reads the SELECT fully
    // before inserting); julianday() compares instants, whatever ISO form an admin saved the time in.
    [
      `INSERT OR IGNORE INTO webinars (${columns})`,
      `SELECT * FROM (VALUES ${series.join(', ')})`,
      `WHERE NOT EXISTS (SELECT 1 FROM webinars WHERE cohort_id = ${q(self)} AND julianday(end_time) > julianday(${q(now.toISOString())}));`,
    ].join('\n'),
  ];
}
