import { applyD1Migrations, env } from 'cloudflare:test';
import { coachToday } from '../src/domain/cohort-compare';
import { DEFAULT_COACH_TIME_ZONE } from '../src/domain/webinars';

// Setup files run before each test file. The Worker test files share one workerd per vitest worker
// (vitest.config.ts, isolate: false), so each file starts from an empty database: every row a
// previous file left is deleted. Applying migrations is idempotent (applied ones are skipped).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The triggers that keep the audit trail append-only are set aside while the rows go.
const { results } = await env.DB.prepare(
  "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
).all<{ type: 'table' | 'trigger'; name: string; sql: string }>();
const triggers = results.filter((row) => row.type === 'trigger');
await env.DB.batch([
  env.DB.prepare('PRAGMA defer_foreign_keys = ON'),
  ...triggers.map(({ name }) => env.DB.prepare(`DROP TRIGGER "${name}"`)),
  ...results.filter((row) => row.type === 'table').map(({ name }) => env.DB.prepare(`DELETE FROM "${name}"`)),
  ...triggers.map(({ sql }) => env.DB.prepare(sql)),
]);
// A fresh deploy has the cohort migration 0019 made (self-paced, the default for sign-ups), so new
// accounts in every test file have a cohort, as they do in production.
// It starts on the coaches' today (COACH_TIME_ZONE, unset here: its default), not UTC's: from
// midnight UTC until midnight in Los Angeles a cohort starting on UTC's date would be upcoming.
await env.DB.prepare(
  "INSERT INTO cohorts (id, name, start_date, pacing, enrolment_open, default_for_sign_ups) VALUES ('founding', 'Founding cohort', ?, 'self-paced', 1, 1)",
)
  .bind(coachToday(new Date(), DEFAULT_COACH_TIME_ZONE))
  .run();
