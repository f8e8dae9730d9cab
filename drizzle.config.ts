import { defineConfig } from 'drizzle-kit';

// Flat SQL files in migrations/: the folder wrangler (migrations_dir) and readD1Migrations read.
export default defineConfig({
  dialect: 'sqlite',
  schema: [
    './src/db/schema.ts',
    './src/db/schema-reminders.ts',
    './src/db/schema-cohort-reports.ts',
    './src/db/schema-cohorts.ts',
    './src/db/schema-account.ts',
    './src/db/schema-second-factor.ts',
    './src/db/schema-outreach.ts',
    './src/db/schema-practice.ts',
    './src/db/schema-coach.ts',
  ],
  out: './migrations',
});
