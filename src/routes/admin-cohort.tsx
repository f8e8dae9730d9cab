// The cohort at a glance (docs/product.md#the-coachs-desk): /admin/cohort and the same figures as
// JSON (GET /api/admin/cohort, everyone who needs attention a page at a time), read from the report
// the 15-minute cron stores, in the session's D1 round trip; 'Refresh now' (POST /admin/cohort)
// works it out again at once, at most once a minute whichever admin asks; and one row per
// participant as a spreadsheet-safe CSV (GET /admin/cohort.csv), written as it is read, a page of
// participants at a time. Admins only. Worked out in src/data/cohort.ts, read in
// src/data/cohort-report.ts, finished in src/domain/cohort-report.ts.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { computeCohortReport, readExportDays, readExportPage } from '../data/cohort';
import { type AttentionRow, readAttention, readStoredReport, storedAttention } from '../data/cohort-report';
import { claimOnce } from '../data/throttle';
import type { CohortReportRow } from '../db/schema-cohort-reports';
import { cohortExportRow, type ZoneDay, zoneDays } from '../domain/cohort';
import {
  ATTENTION_PAGE_SIZE,
  ATTENTION_SHOWN,
  attentionInWords,
  attentionRange,
  COHORT_REPORT_VERSION,
  type CohortFigures,
  cohortApiQuerySchema,
  figuresAsOf,
  figuresFromJson,
  pageCount,
} from '../domain/cohort-report';
import { csvLines } from '../domain/csv';
import { PRODUCT_SLUG } from '../domain/product';
import { PATHS } from '../paths';
import { setFlash } from '../server/flash';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { errorFields, log } from '../server/log';
import { cohortRefreshLimit } from '../server/throttle-policy';
import { AdminCohortPage } from '../views/AdminCohortPage';
import { renderPage } from '../views/render-page';

const CSV_HEADER = ['Name', 'Email', 'Plan', 'Sessions done', 'Last check-in', 'Current streak', 'Latest wheel total'];

interface Report {
  computedAt: string;
  figures: CohortFigures;
  attentionTotal: number;
  attention: AttentionRow[];
}

/** The stored figures, when the row is one this code wrote (a deploy that changed them reads as none). */
const figuresOf = (row: CohortReportRow | null | undefined) =>
  row && row.version === COHORT_REPORT_VERSION ? figuresFromJson(row.figures) : null;

/**
 * The stored report and its needs-attention rows at positions (after, upTo]: as the guard read them
 * with the session when it did, else read now. With no report stored (a fresh database, or a change
 * that dropped it: src/data/cohort-report.ts forgetCohortReport) it is worked out first, once.
 */
async function storedReport(
  c: Context<AppEnv>,
  range: { after: number; upTo: number },
  readWithSession: AttentionRow[] | undefined,
): Promise<Report> {
  const db = c.get('db');
  let row = currentAuth(c).reads.cohortReport;
  let attention = readWithSession;
  if (row === undefined) ({ report: row, attention } = await readStoredReport(db, range.after, range.upTo));
  let figures = figuresOf(row);
  if (!figures) {
    await computeCohortReport(db, new Date());
    ({ report: row, attention } = await readStoredReport(db, range.after, range.upTo));
    figures = figuresOf(row);
    if (!figures) throw new Error('The cohort report was worked out but not stored');
  }
  attention ??= await readAttention(db, range.after, range.upTo);
  return { computedAt: row!.computedAt, figures, attentionTotal: row!.attentionTotal, attention };
}

/**
 * The export, written as it is read: the header, then one page of participants per pull, so a
 * large cohort never sits whole in memory.
 */
function exportBody(c: Context<AppEnv>, now: Date): ReadableStream<Uint8Array> {
  const db = c.get('db');
  const encoder = new TextEncoder();
  let days: Map<string, ZoneDay> | null = null;
  // A zone first seen after the export began (someone signed up meanwhile) is worked out then.
  const daysIn = (zone: string) => days!.get(zone) ?? days!.set(zone, zoneDays([zone], now)[0]!).get(zone)!;
  let after: number | null = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!days) {
          days = new Map((await readExportDays(db, now)).map((d) => [d.zone, d]));
          controller.enqueue(encoder.encode(csvLines([CSV_HEADER])));
          return;
        }
        if (after === null) return controller.close();
        const page = await readExportPage(db, after);
        after = page.lastRowId;
        const rows = page.rows.map((p) => cohortExportRow(p, daysIn(p.timeZone), now));
        controller.enqueue(
          encoder.encode(
            csvLines(rows.map((r) => [r.name, r.email, r.plan, r.sessionsDone, r.lastCheckIn, r.currentStreak, r.latestWheelTotal])),
          ),
        );
      } catch (error) {
        log('error', 'Cohort export failed', errorFields(error));
        controller.error(error);
      }
    },
  });
}

export const adminCohortRoutes = new Hono<AppEnv>()
  .get(PATHS.adminCohort, requireAdminPage({ reads: ['cohortReport', 'cohortAttentionShown'] }), async (c) => {
    const { reads, user } = currentAuth(c);
    const report = await storedReport(c, attentionRange(1, ATTENTION_SHOWN), reads.cohortAttentionShown);
    return renderPage(
      c,
      <AdminCohortPage
        figures={report.figures}
        needsAttention={report.attention.map((row) => attentionInWords(storedAttention(row)))}
        attentionTotal={report.attentionTotal}
        asOf={figuresAsOf(report.computedAt, new Date(), user.timeZone)}
      />,
      { title: 'Cohort' },
    );
  })
  // 'Refresh now': a plain form post (same-origin, like every admin action), answered 303 with a flash.
  .post(PATHS.adminCohort, requireAdminPage(), async (c) => {
    const db = c.get('db');
    const limit = cohortRefreshLimit(c.env);
    if (!(await claimOnce(db, limit.key, limit.windowSeconds))) {
      setFlash(c, { toast: { title: 'Figures already fresh', description: 'They were worked out again less than a minute ago.' } });
      return c.redirect(PATHS.adminCohort, 303);
    }
    const now = new Date();
    await computeCohortReport(db, now);
    setFlash(c, {
      toast: {
        title: 'Figures refreshed',
        description: `As of ${figuresAsOf(now.toISOString(), now, currentAuth(c).user.timeZone).label}.`,
      },
    });
    return c.redirect(PATHS.adminCohort, 303);
  })
  .get('/api/admin/cohort', requireAdminApi({ reads: ['cohortReport', 'cohortAttentionFirstPage'] }), async (c) => {
    const { page } = cohortApiQuerySchema.parse(c.req.query());
    const report = await storedReport(
      c,
      attentionRange(page, ATTENTION_PAGE_SIZE),
      page === 1 ? currentAuth(c).reads.cohortAttentionFirstPage : undefined,
    );
    return c.json({
      ...report.figures,
      needsAttention: report.attention.map((row) => attentionInWords(storedAttention(row))),
      needsAttentionTotal: report.attentionTotal,
      page,
      pageCount: pageCount(report.attentionTotal, ATTENTION_PAGE_SIZE),
      computedAt: report.computedAt,
    });
  })
  .get(PATHS.adminCohortCsv, requireAdminPage(), (c) => {
    const now = new Date();
    return c.body(exportBody(c, now), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${PRODUCT_SLUG}-cohort-${now.toISOString().slice(0, 10)}.csv"`,
    });
  });
