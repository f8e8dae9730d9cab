// The cohort at a glance (docs/product.md#the-coachs-desk): /admin/cohort, the same figures as
// JSON (GET /api/admin/cohort) and one row per participant as a spreadsheet-safe CSV
// (GET /admin/cohort.csv). Admins only. The page and the JSON count in SQL and read only who needs
// attention (readCohortSummary); the CSV reads every participant (readCohort). Both in
// src/data/cohort.ts, worked out in src/domain/cohort.ts.
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { readCohort, readCohortSummary } from '../data/cohort';
import { cohortReport, cohortSummaryReport } from '../domain/cohort';
import { toCsv } from '../domain/csv';
import { PRODUCT_SLUG } from '../domain/product';
import { PATHS } from '../paths';
import { requireAdminApi, requireAdminPage } from '../server/guards';
import { AdminCohortPage, ATTENTION_SHOWN } from '../views/AdminCohortPage';
import { renderPage } from '../views/render-page';

const CSV_HEADER = ['Name', 'Email', 'Plan', 'Sessions done', 'Last check-in', 'Current streak', 'Latest wheel total'];

export const adminCohortRoutes = new Hono<AppEnv>()
  .get(PATHS.adminCohort, requireAdminPage(), async (c) => {
    const now = new Date();
    const { input, flaggedTotal } = await readCohortSummary(c.get('db'), now, ATTENTION_SHOWN);
    return renderPage(c, <AdminCohortPage report={cohortSummaryReport(input, now)} attentionTotal={flaggedTotal} />, { title: 'Cohort' });
  })
  .get('/api/admin/cohort', requireAdminApi(), async (c) => {
    const now = new Date();
    const { input } = await readCohortSummary(c.get('db'), now);
    return c.json(cohortSummaryReport(input, now));
  })
  .get(PATHS.adminCohortCsv, requireAdminPage(), async (c) => {
    const now = new Date();
    const { rows } = cohortReport(await readCohort(c.get('db'), now), now);
    const csv = toCsv(
      CSV_HEADER,
      rows.map((r) => [r.name, r.email, r.plan, r.sessionsDone, r.lastCheckIn, r.currentStreak, r.latestWheelTotal]),
    );
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${PRODUCT_SLUG}-cohort-${now.toISOString().slice(0, 10)}.csv"`,
    });
  });
