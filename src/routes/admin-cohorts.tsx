// The coach's cohorts (decision 35, docs/product.md#cohorts): /admin/cohorts, its forms (?intent=
// create, update&id=…, enrolment&id=…: plain form posts, 303 back with a toast, a mistake shown
// again on the page after its own redirect), the admin JSON API (GET and POST /api/admin/cohorts,
// PATCH /api/admin/cohorts/:id) and the public GET /api/cohorts. Whoever a change seats off a
// waitlist is mailed.
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { adminCohorts, type CohortWebinarRow, cohortWebinarsQuery, listCohorts, withoutReport } from '../data/cohort-admin';
import { createCohort, updateCohort } from '../data/cohort-changes';
import { workOutMissingReports } from '../data/cohort-compare';
import { listOpenCohorts } from '../data/cohort-public';
import type { Db } from '../db/client';
import { REPORTS_PER_READ } from '../domain/cohort-compare';
import {
  cohortChangeSchema,
  cohortEditFormSchema,
  enrolmentFormSchema,
  newCohortFormSchema,
  newCohortSchema,
} from '../domain/cohort-schema';
import { coachTimeZone } from '../domain/webinars';
import { PATHS } from '../paths';
import { coachDay } from '../server/coach-day';
import { mailSeatedFromWaitlist } from '../server/cohort-seat-mail';
import { HttpError } from '../server/errors';
import { type Failure, takeFailure } from '../server/flash';
import { currentAuth, requireAdminApi, requireAdminPage } from '../server/guards';
import { readInput } from '../server/input';
import { accept, reject } from '../server/respond';
import { AdminCohortsPage } from '../views/AdminCohortsPage';
import { renderPage } from '../views/render-page';

const idParam = (value: string | undefined) => (value ?? '').slice(0, 64);

/**
 * Every cohort with its figures on the coaches' `today`: Session 4 and the wheel gain come from the
 * cohorts' stored reports, any missing ones worked out first (at most REPORTS_PER_READ a request,
 * as the comparison does; the rest show as not worked out yet until the 15-minute run). As read
 * with the session when every report was there (one D1 round trip), else read afresh. `webinars`
 * gives the webinars shown with them: every cohort's (the API), one cohort's (the page's open edit
 * form, one round trip more) or none (the list shows none).
 */
async function listWithFigures(c: Context<AppEnv>, today: string, webinars: (db: Db) => Promise<CohortWebinarRow[]>) {
  const db = c.get('db');
  const rows = currentAuth(c).reads.adminCohorts;
  if (rows && !rows.some(withoutReport)) return adminCohorts(rows, await webinars(db), today);
  await workOutMissingReports(db, new Date(), REPORTS_PER_READ);
  return listCohorts(db, today);
}

async function renderCohortsPage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
  const form = c.req.query('intent') === 'create' ? 'create' : idParam(c.req.query('id'));
  // The cohort whose edit form is open: the one a failed save was for, else ?edit=ID.
  const edit = failure && form !== 'create' ? form : idParam(c.req.query('edit'));
  const today = coachDay(c);
  const cohorts = await listWithFigures(c, today, async (db) => (edit ? cohortWebinarsQuery(db, edit) : []));
  return renderPage(
    c,
    <AdminCohortsPage
      cohorts={cohorts}
      today={today}
      edit={edit}
      failure={
        failure
          ? { form, values: (failure.reply.initialValue ?? {}) as Record<string, unknown>, fieldErrors: failure.fieldErrors ?? {} }
          : undefined
      }
    />,
    {
      title: 'Cohorts',
      status: failure?.status,
      toast: failure ? { title: 'Error', description: failure.message, variant: 'destructive' } : undefined,
    },
  );
}

/** ' 2 seated from the waitlist.' after a change that seated some. */
const seatedWords = (n: number) => (n === 0 ? '' : ` ${n} seated from the waitlist and mailed.`);

async function saveCohorts(c: Context<AppEnv>): Promise<Response> {
  const intent = c.req.query('intent');
  const id = idParam(c.req.query('id'));
  const db = c.get('db');
  const today = coachDay(c);
  if (intent === 'create') {
    const input = await readInput(c, newCohortSchema, { formSchema: newCohortFormSchema });
    if (!input.ok) return reject(c, input, renderCohortsPage, { status: 400 });
    const created = await createCohort(db, input.value, today, coachTimeZone(c.env.COACH_TIME_ZONE));
    if (!created.ok) return reject(c, input, renderCohortsPage, created);
    return accept(c, input.mode, {
      json: { cohort: created.value },
      jsonStatus: 201,
      redirect: PATHS.adminCohorts,
      flash: { title: 'Cohort created', description: created.value.name },
    });
  }
  if (intent !== 'update' && intent !== 'enrolment') throw new HttpError(400, 'Say what to do: ?intent=create, update or enrolment');
  const schema = intent === 'update' ? cohortEditFormSchema : enrolmentFormSchema;
  const input = await readInput(c, cohortChangeSchema, { formSchema: schema });
  if (!input.ok) return reject(c, input, renderCohortsPage, { status: 400 });
  const at = new Date().toISOString();
  const updated = await updateCohort(db, id, input.value, today, coachTimeZone(c.env.COACH_TIME_ZONE), at);
  if (!updated.ok) return reject(c, input, renderCohortsPage, updated);
  const { cohort, seatedFromWaitlist } = updated.value;
  if (seatedFromWaitlist.length > 0) await mailSeatedFromWaitlist(c, cohort.id, at);
  const title = intent === 'update' ? 'Cohort updated' : cohort.enrolmentOpen ? 'Enrolment opened' : 'Enrolment closed';
  return accept(c, input.mode, {
    json: { cohort, seatedFromWaitlist },
    redirect: PATHS.adminCohorts,
    flash: { title, description: `${cohort.name}.${seatedWords(seatedFromWaitlist.length)}` },
  });
}

const api = '/api/admin/cohorts';

export const adminCohortsRoutes = new Hono<AppEnv>()
  .get(PATHS.adminCohorts, requireAdminPage({ reads: ['adminCohorts'] }), (c) => renderCohortsPage(c, takeFailure(c)))
  .post(PATHS.adminCohorts, requireAdminPage(), saveCohorts)
  .get(api, requireAdminApi({ reads: ['adminCohorts', 'cohortWebinars'] }), async (c) =>
    c.json({
      cohorts: await listWithFigures(c, coachDay(c), async (db) => currentAuth(c).reads.cohortWebinars ?? cohortWebinarsQuery(db)),
    }),
  )
  .post(api, requireAdminApi(), async (c) => {
    const input = await readInput(c, newCohortSchema);
    if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
    const created = await createCohort(c.get('db'), input.value, coachDay(c), coachTimeZone(c.env.COACH_TIME_ZONE));
    if (!created.ok) throw new HttpError(created.status, created.message, created.fieldErrors);
    return c.json({ cohort: created.value }, 201);
  })
  .patch(`${api}/:id`, requireAdminApi(), async (c) => {
    const input = await readInput(c, cohortChangeSchema);
    if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
    const at = new Date().toISOString();
    const updated = await updateCohort(
      c.get('db'),
      idParam(c.req.param('id')),
      input.value,
      coachDay(c),
      coachTimeZone(c.env.COACH_TIME_ZONE),
      at,
    );
    if (!updated.ok) throw new HttpError(updated.status, updated.message, updated.fieldErrors);
    const { cohort, seatedFromWaitlist } = updated.value;
    if (seatedFromWaitlist.length > 0) await mailSeatedFromWaitlist(c, cohort.id, at);
    return c.json({ cohort, seatedFromWaitlist });
  })
  // Public: the cohorts open to sign-ups, for a sign-up page elsewhere; no join links.
  .get('/api/cohorts', async (c) => c.json({ cohorts: await listOpenCohorts(c.get('db'), coachDay(c)) }));
