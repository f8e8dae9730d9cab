// The seed's cohort to join and pay for (decision 41, docs/product.md#demo-data): weekly, starting
// two weeks after the upcoming one (which is full with a waitlist), enrolment open, 20 seats and
// nobody in it yet, with its four Wednesday evening webinars. So `/join` always has a cohort with
// seats, and `npm run dev` walks join, pay on the development checkout, seated. Inserted once, like
// every seeded row.
import { addDays, startOfDay } from '../src/domain/time-zone';
import { DEFAULT_COACH_TIME_ZONE, nextTuesdaySessions } from '../src/domain/webinars';
import type { DemoCohorts } from './demo-cohorts';

const OPEN_COHORT_ID = 'demo-open';
const OPEN_CAPACITY = 20;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const q = (value: string | number | null): string =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;

export function openCohortSql(cohorts: DemoCohorts, now: Date): string[] {
  const start = addDays(cohorts.upcoming.startDate, 14);
  const name = `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(0, 4)} evenings`;
  // Wednesdays (day 3 of a Monday start), 19:00-20:00 in the coaches' zone.
  const words = nextTuesdaySessions(now, 4);
  const webinars = words.map((w, i) => {
    const day = addDays(start, 2 + 7 * i);
    const startUtc = new Date(startOfDay(day, DEFAULT_COACH_TIME_ZONE).getTime() + 19 * 60 * 60 * 1000);
    const endUtc = new Date(startUtc.getTime() + 60 * 60 * 1000);
    return `(${[`webinar-${OPEN_COHORT_ID}-week-${i + 1}`, OPEN_COHORT_ID, w.title, w.description, w.location, startUtc.toISOString(), endUtc.toISOString()].map(q).join(', ')})`;
  });
  return [
    `INSERT OR IGNORE INTO cohorts (id, name, start_date, capacity, enrolment_open, pacing, default_for_sign_ups) VALUES (${[OPEN_COHORT_ID, name, start, OPEN_CAPACITY].map(q).join(', ')}, 1, 'weekly', 0);`,
    `INSERT OR IGNORE INTO webinars (id, cohort_id, title, description, location, start_time, end_time) VALUES\n${webinars.join(',\n')};`,
  ];
}
