// One cohort at a glance (docs/product.md#the-coachs-desk, decision 37): /admin/cohort?cohort=ID
// (the running cohort without one, else the next, else the latest; a selector to pick another) and
// the same figures as JSON (GET /api/admin/cohort?cohort=ID, everyone who needs attention a page at
// a time), read from the report the 15-minute cron stores for that cohort, in the session's D1
// round trip; 'Refresh now' (POST /admin/cohort?cohort=ID) works that cohort's out again at once,
// at most once a minute per cohort whichever admin asks; and one row per member of that cohort as
// a spreadsheet-safe CSV (GET /admin/cohort.csv?cohort=ID), written as it is read, a page of members
// at a time. Admins only. Worked out in src/data/cohort.ts, read in src/data/cohort-report.ts,
// finished in src/domain/cohort-report.ts. The comparison of cohorts: src/routes/admin-cohort-compare.tsx.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { computeCohortReport } from '../data/cohort';
import { readExportDays, readExportPage } from '../data/cohort-export';
import {
  type AttentionRow,
  type DeskCohortRow,
  readAttention,
  readDeskCohorts,
  readStoredReport,
  storedAttention,
} from '../data/cohort-report';
import type { DeskReadValues } from '../data/page-reads';
import { claimOnce } from '../data/throttle';
import { readWorklist, type WorklistRow } from '../data/worklist';
import type { CohortReportRow } from '../db/schema-cohort-reports';
import { cohortExportRow, type ZoneDay, zoneDays } from '../domain/cohort';
import { cohortQuerySchema, type DeskCohort } from '../domain/cohort-compare';
import {
  ATTENTION_PAGE_SIZE,
  attentionInWords,
  attentionRange,
  COHORT_REPORT_VERSION,
  type CohortFigures,
  cohortApiQuerySchema,
  figuresAsOf,
  figuresFromJson,
  pageCount,
} from '../domain/cohort-report';
import { COHORT_NOT_FOUND } from '../domain/cohorts';
import { csvLines } from '../domain/csv';
import { PRODUCT_SLUG } from '../domain/product';
import { primaryReason, REASON_BITS, type ReasonKey, WORKLIST_PAGE_SIZE, worklistQuerySchema } from '../domain/worklist';
import { deskPath, PATHS } from '../paths';
import { coachDay } from '../server/coach-day';
import { postWorklistForm } from '../server/coach-forms';
import { HttpError } from '../server/errors';
import { setFlash } from '../server/flash';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { errorFields, log } from '../server/log';
import { cohortRefreshLimit } from '../server/throttle-policy';
import { AdminCohortPage } from '../views/AdminCohortPage';
import type { WorklistPerson } from '../views/CoachWorklist';
import { renderPage } from '../views/render-page';

const BAD_COHORT = 'That is not a cohort id';

/** ?cohort=ID, read: the id (null: the default cohort), or a 400. */
function askedCohort(c: Context<AppEnv>): string | null {
  const parsed = cohortQuerySchema.safeParse({ cohort: c.req.query('cohort') });
  if (!parsed.success) throw new HttpError(400, BAD_COHORT, { cohort: [BAD_COHORT] });
  return parsed.data.cohort ?? null;
}

/** What the desk's reads bind (src/data/cohort-report.ts): a malformed id binds one no cohort has, and the handler answers 400. */
function deskReadValues(c: Context<AppEnv>): DeskReadValues {
  const parsed = cohortQuerySchema.safeParse({ cohort: c.req.query('cohort') });
  const { reason, offset } = worklistAsked(c);
  return {
    cohortId: parsed.success ? (parsed.data.cohort ?? null) : '',
    coachToday: coachDay(c),
    worklistReason: reason ? REASON_BITS[reason] : 0,
    worklistOffset: offset,
  };
}

/** The worklist's ?reason= and ?page= (unreadable ones: every reason, the first page). */
function worklistAsked(c: Context<AppEnv>) {
  const { reason, page } = worklistQuerySchema.parse({ reason: c.req.query('reason'), page: c.req.query('page') });
  return { reason: reason ?? null, page, offset: (page - 1) * WORKLIST_PAGE_SIZE };
}

/** The cohorts and the one the desk shows (as read with the session, else now), or a 404 when the asked one does not exist. */
async function deskCohorts(c: Context<AppEnv>): Promise<{ cohorts: DeskCohort[]; shown: DeskCohort }> {
  const asked = askedCohort(c);
  const rows: DeskCohortRow[] = currentAuth(c).reads.deskCohorts ?? (await readDeskCohorts(c.get('db'), asked, coachDay(c)));
  const cohorts = rows.map(({ shown: _, ...cohort }) => cohort);
  const shown = rows.find((r) => Boolean(r.shown));
  if (!shown) throw new HttpError(404, COHORT_NOT_FOUND);
  return { cohorts, shown: cohorts.find((cohort) => cohort.id === shown.id)! };
}

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
 * The cohort's stored report and its needs-attention rows at positions (after, upTo]: as the guard
 * read them with the session when it did, else read now. With no report stored (a new cohort, a
 * fresh database, or a change that dropped it: src/data/cohort-report.ts forgetCohortReport) it is
 * worked out first, once.
 */
async function storedReport(
  c: Context<AppEnv>,
  cohortId: string,
  range: { after: number; upTo: number },
  readWithSession: AttentionRow[] | undefined,
): Promise<Report> {
  const db = c.get('db');
  let row = currentAuth(c).reads.cohortReport;
  let attention = readWithSession;
  if (row === undefined || (row !== null && row.cohortId !== cohortId))
    ({ report: row, attention } = await readStoredReport(db, cohortId, range.after, range.upTo));
  let figures = figuresOf(row);
  if (!figures) {
    await computeCohortReport(db, cohortId, new Date());
    ({ report: row, attention } = await readStoredReport(db, cohortId, range.after, range.upTo));
    figures = figuresOf(row);
    if (!figures) throw new Error('The cohort report was worked out but not stored');
  }
  attention ??= await readAttention(db, cohortId, range.after, range.upTo);
  return { computedAt: row!.computedAt, figures, attentionTotal: row!.attentionTotal, attention };
}

/**
 * The export, written as it is read: the header, then one page of participants per pull, so a
 * large cohort never sits whole in memory.
 */
function exportBody(c: Context<AppEnv>, cohortId: string, now: Date): ReadableStream<Uint8Array> {
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
          days = new Map((await readExportDays(db, cohortId, now)).map((d) => [d.zone, d]));
          controller.enqueue(encoder.encode(csvLines([CSV_HEADER])));
          return;
        }
        if (after === null) return controller.close();
        const page = await readExportPage(db, cohortId, after);
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

const DESK_READS = { readValues: deskReadValues } as const;

/** A worklist row in words, with the reason its nudge is about and why they are back, if they were handled. */
function worklistPerson(row: WorklistRow, filter: ReasonKey | null): WorklistPerson {
  const back =
    row.was === 'snoozed' && row.wasUntil !== null && row.wasUntil <= new Date().toISOString()
      ? 'Snooze ended'
      : row.was
        ? 'New reason'
        : null;
  return { ...attentionInWords(storedAttention(row)), reason: primaryReason(row.reasons, filter), back };
}

export const adminCohortRoutes = new Hono<AppEnv>()
  .get(
    PATHS.adminCohort,
    requireAdminPage({ reads: ['deskCohorts', 'cohortReport', 'worklist', 'worklistCounts'], ...DESK_READS }),
    async (c) => {
      const { reads, user } = currentAuth(c);
      const { cohorts, shown } = await deskCohorts(c);
      const sessionRead = reads.cohortReport?.cohortId === shown.id && figuresOf(reads.cohortReport) !== null;
      const report = await storedReport(c, shown.id, { after: 0, upTo: 0 }, []);
      const now = new Date();
      const asked = worklistAsked(c);
      // Read with the session, unless the report was (re)worked out just now.
      const { rows, counts } =
        sessionRead && reads.worklist && reads.worklistCounts
          ? { rows: reads.worklist, counts: reads.worklistCounts }
          : await readWorklist(c.get('db'), shown.id, now, asked.reason ? REASON_BITS[asked.reason] : 0, asked.offset);
      return renderPage(
        c,
        <AdminCohortPage
          cohort={shown}
          cohorts={cohorts}
          today={coachDay(c, now)}
          figures={report.figures}
          worklist={{
            cohortId: shown.id,
            people: rows.map((row) => worklistPerson(row, asked.reason)),
            counts,
            reason: asked.reason,
            page: asked.page,
            pageCount: pageCount(asked.reason ? counts[asked.reason] : counts.open, WORKLIST_PAGE_SIZE),
          }}
          attentionTotal={report.attentionTotal}
          asOf={figuresAsOf(report.computedAt, now, user.timeZone)}
        />,
        { title: `${shown.name} · Cohort` },
      );
    },
  )
  // 'Refresh now': a plain form post to the desk's own address (same-origin, like every admin
  // action), answered 303 back to it with a flash.
  .post(PATHS.adminCohort, requireAdminPage(), async (c) => {
    const db = c.get('db');
    const { shown } = await deskCohorts(c);
    if (c.req.query('action') === 'attention') {
      const { reason, page } = worklistAsked(c);
      return postWorklistForm(c, `${deskPath(shown.id)}${reason ? `&reason=${reason}` : ''}${page > 1 ? `&page=${page}` : ''}#worklist`);
    }
    const back = deskPath(shown.id);
    const limit = cohortRefreshLimit(c.env, shown.id);
    if (!(await claimOnce(db, limit.key, limit.windowSeconds))) {
      setFlash(c, { toast: { title: 'Figures already fresh', description: 'They were worked out again less than a minute ago.' } });
      return c.redirect(back, 303);
    }
    const now = new Date();
    await computeCohortReport(db, shown.id, now);
    setFlash(c, {
      toast: {
        title: 'Figures refreshed',
        description: `As of ${figuresAsOf(now.toISOString(), now, currentAuth(c).user.timeZone).label}.`,
      },
    });
    return c.redirect(back, 303);
  })
  .get(
    '/api/admin/cohort',
    requireAdminApi({ reads: ['deskCohorts', 'cohortReport', 'cohortAttentionFirstPage'], ...DESK_READS }),
    async (c) => {
      const { page } = cohortApiQuerySchema.parse(c.req.query());
      const { shown } = await deskCohorts(c);
      const report = await storedReport(
        c,
        shown.id,
        attentionRange(page, ATTENTION_PAGE_SIZE),
        page === 1 ? currentAuth(c).reads.cohortAttentionFirstPage : undefined,
      );
      return c.json({
        cohort: { id: shown.id, name: shown.name },
        ...report.figures,
        needsAttention: report.attention.map((row) => attentionInWords(storedAttention(row))),
        needsAttentionTotal: report.attentionTotal,
        page,
        pageCount: pageCount(report.attentionTotal, ATTENTION_PAGE_SIZE),
        computedAt: report.computedAt,
      });
    },
  )
  .get(PATHS.adminCohortCsv, requireAdminPage(), async (c) => {
    const { shown } = await deskCohorts(c);
    const now = new Date();
    return c.body(exportBody(c, shown.id, now), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${PRODUCT_SLUG}-cohort-${shown.id}-${now.toISOString().slice(0, 10)}.csv"`,
    });
  });
