// The SQL that keeps check_in_summaries (src/db/schema.ts) right: one statement that works the
// summary out again from check_ins for the users `filter` picks. The check-in write runs it in its
// own batch for that user (src/data/check-ins.ts); migration 0014 and the seeds run it for everyone.
// The mood rule's mask mirrors src/domain/cohort.ts's attentionReasons (MOOD_WEEK, MOOD_DROP).
import { MOOD_DROP, MOOD_WEEK } from '../domain/cohort';

/** Longest run counted, as the participant's own streak reads a year of days at most. */
const RUN_CAP = 366;

const avgMood = (from: number, to: number) =>
  `(SELECT avg(c.mood) FROM check_ins c WHERE c.user_id = l.user_id AND c.date BETWEEN date(l.last_day, '${from} days') AND date(l.last_day, '${to} days'))`;

/** Bit k: on the day last_day + k, the week before averaged MOOD_DROP or more above the last week. */
function moodDropMask(): string {
  const bits = Array.from({ length: MOOD_WEEK }, (_, k) => {
    const before = avgMood(k - 2 * MOOD_WEEK + 1, k - MOOD_WEEK);
    const recent = avgMood(k - MOOD_WEEK + 1, k);
    return `(CASE WHEN ${before} - ${recent} >= ${MOOD_DROP} THEN ${1 << k} ELSE 0 END)`;
  });
  return bits.join(' + ');
}

/**
 * Upserts the summary of every user `filter` (SQL over check_ins' own columns, e.g. `user_id = ?`)
 * picks who has a check-in. A user left with none keeps no row: delete it alongside.
 */
export function refreshCheckInSummariesSql(filter: string): string {
  return [
    'INSERT INTO check_in_summaries (user_id, last_day, run, mood_drop_mask)',
    'SELECT l.user_id, l.last_day,',
    `  (WITH RECURSIVE r(day) AS (SELECT l.last_day UNION ALL SELECT date(r.day, '-1 day') FROM r WHERE EXISTS (SELECT 1 FROM check_ins c WHERE c.user_id = l.user_id AND c.date = date(r.day, '-1 day')) LIMIT ${RUN_CAP}) SELECT count(*) FROM r),`,
    `  ${moodDropMask()}`,
    `FROM (SELECT user_id, max(date) AS last_day FROM check_ins WHERE ${filter} GROUP BY user_id) l WHERE true`,
    'ON CONFLICT (user_id) DO UPDATE SET last_day = excluded.last_day, run = excluded.run, mood_drop_mask = excluded.mood_drop_mask',
  ].join('\n');
}
