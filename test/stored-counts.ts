import { env } from 'cloudflare:test';
import { afterEach, expect } from 'vitest';

// After every Worker test, whatever it changed (sign-ups, joins, holds confirmed or released, moves,
// the waitlist seated, deletions, rows written straight into D1), each cohort's stored seat and
// waitlist counts (migration 0026's triggers) equal a live recount of its members' places.
afterEach(async () => {
  const { results } = await env.DB.prepare(
    `SELECT c.id, c.seated, c.waitlisted,
       (SELECT count(*) FROM cohort_members m WHERE m.cohort_id = c.id AND m.left_at IS NULL AND m.seat = 'seated') AS live_seated,
       (SELECT count(*) FROM cohort_members m WHERE m.cohort_id = c.id AND m.left_at IS NULL AND m.seat = 'waitlisted') AS live_waitlisted
     FROM cohorts c`,
  ).all<{ id: string; seated: number; waitlisted: number; live_seated: number; live_waitlisted: number }>();
  expect(results.filter((r) => r.seated !== r.live_seated || r.waitlisted !== r.live_waitlisted)).toEqual([]);
});
