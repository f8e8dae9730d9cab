// The cohorts side by side (docs/product.md#the-coachs-desk): /admin/cohorts/compare and the same
// figures as JSON (GET /api/admin/cohorts/compare), read from the stored per-cohort reports in the
// session's D1 round trip: as many rows as there are cohorts, none per member. A cohort with no
// report yet (a new one, before the 15-minute run) is worked out on the read, at most
// REPORTS_PER_READ per request; any more show as not worked out yet. Admins only.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { type ComparisonRow, reportMissing, workOutMissingReports } from '../data/cohort-compare';
import { type ComparedCohort, comparedCohort, REPORTS_PER_READ } from '../domain/cohort-compare';
import { figuresFromJson } from '../domain/cohort-report';
import { PATHS } from '../paths';
import { coachDay } from '../server/coach-day';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { AdminCohortComparePage } from '../views/AdminCohortComparePage';
import { renderPage } from '../views/render-page';

const figuresOf = (row: ComparisonRow) => (reportMissing(row) ? null : figuresFromJson(row.figures!));

/** Every cohort compared, as of now: the rows read with the session, the missing reports worked out first (bounded). */
async function comparison(c: Context<AppEnv>, now: Date): Promise<ComparedCohort[]> {
  const db = c.get('db');
  const rows = await workOutMissingReports(db, now, REPORTS_PER_READ, currentAuth(c).reads.cohortComparison);
  const today = coachDay(c, now);
  return rows.map((row) => {
    const figures = figuresOf(row);
    return comparedCohort(row, figures ? { computedAt: row.computedAt!, figures } : null, today);
  });
}

export const adminCohortCompareRoutes = new Hono<AppEnv>()
  .get(PATHS.adminCohortCompare, requireAdminPage({ reads: ['cohortComparison'] }), async (c) => {
    const now = new Date();
    return renderPage(c, <AdminCohortComparePage cohorts={await comparison(c, now)} today={coachDay(c, now)} />, {
      title: 'Cohorts compared',
    });
  })
  .get(`/api${PATHS.adminCohortCompare}`, requireAdminApi({ reads: ['cohortComparison'] }), async (c) => {
    return c.json({ cohorts: await comparison(c, new Date()) });
  });
