// The development seed's SQL (decision 31, docs/product.md#demo-data): the two demo accounts, the
// four cohorts and their webinars (scripts/demo-cohorts.ts), the living cohort of 40 participants
// (scripts/demo-cohort.ts), everyone in exactly one current cohort, and no stored cohort report.
// Pure: the statements as of `now`, given the password hashes; scripts/seed.mjs writes them to one
// file for one wrangler call, and test/demo-seed.test.ts runs them into the test D1.

import { demoCohortSql } from './demo-cohort';
import { cohortsSql, cohortWebinarsSql, demoCohorts, type Placement, placementsSql } from './demo-cohorts';
import { openCohortSql } from './demo-open-cohort';

/** The demo logins (README), development only. */
export const DEMO_ACCOUNTS = [
  { id: 'demo-admin', email: 'admin@life7.local', password: 'admin-life7-dev', name: 'Life7 Admin', role: 'admin' },
  { id: 'demo-user', email: 'demo@life7.local', password: 'demo-life7-dev', name: 'Demo Participant', role: 'user' },
] as const;

/** The password of every cohort participant (development only): one hash for all, so seeding stays fast. */
export const COHORT_PASSWORD = 'cohort-life7-dev';

const ZONE = 'America/Los_Angeles';
const DAY_MS = 24 * 60 * 60 * 1000;

const q = (value: string | null): string => (value === null ? 'NULL' : `'${value.replace(/'/g, "''")}'`);

export interface SeedHashes {
  /** Hash of each demo account's password, by account id. */
  accounts: Record<(typeof DEMO_ACCOUNTS)[number]['id'], string>;
  cohort: string;
}

/** Every statement of the seed, in order; each ends with ';'. Idempotent: a second run changes nothing. */
export function demoSeedStatements(now: Date, hashes: SeedHashes): string[] {
  const cohorts = demoCohorts(now);
  const participants = demoCohortSql(now, cohorts, hashes.cohort, { id: 'demo-user', zone: ZONE });
  const joinedOf = (id: string) => participants.placements.find((p) => p.userId === id && p.leftAt === null)!.joinedAt;
  // The coach signed up well before the first cohort; the demo participant when they joined theirs.
  const created = {
    'demo-admin': new Date(Date.parse(`${cohorts.finished.startDate}T17:00:00Z`) - 30 * DAY_MS).toISOString(),
    'demo-user': joinedOf('demo-user'),
  };
  const admin: Placement = {
    userId: 'demo-admin',
    cohortId: cohorts.selfPaced.id,
    seat: 'seated',
    joinedAt: created['demo-admin'],
    seatedAt: created['demo-admin'],
    leftAt: null,
  };
  return [
    ...DEMO_ACCOUNTS.flatMap((a) => [
      `INSERT OR IGNORE INTO users (id, email, name, password_hash, role, time_zone, created_at, email_verified_at) VALUES (${[a.id, a.email, a.name, hashes.accounts[a.id], a.role, ZONE, created[a.id], created[a.id]].map(q).join(', ')});`,
      // The seed's plan is the admin grant (decision 24), and the effective membership is that grant.
      `INSERT OR IGNORE INTO membership_grants (source, subject, user_id, plan, status, origin) VALUES ('admin', ${q(a.id)}, ${q(a.id)}, 'challenge', 'active', 'seed');`,
      `INSERT OR IGNORE INTO memberships (user_id, plan, status, source) VALUES (${q(a.id)}, 'challenge', 'active', 'seed');`,
    ]),
    ...participants.statements,
    ...cohortsSql(cohorts),
    ...placementsSql([admin, ...participants.placements], now),
    ...cohortWebinarsSql(cohorts, now),
    // A fifth cohort, with seats, to join and pay for (decision 41).
    ...openCohortSql(cohorts, now),
    // No stored cohort report: the first open of /admin/cohort works it out from the cohort just
    // seeded (wrangler dev runs no Cron Triggers, so one from an earlier run would never be replaced).
    'DELETE FROM cohort_attention;',
    'DELETE FROM cohort_reports;',
  ];
}
