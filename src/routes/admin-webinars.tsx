// The webinar schedule editor, /admin/webinars (docs/product.md#webinars), one cohort at a time
// (decision 37): `?cohort=ID`, else the running cohort, else the next to start, else the latest.
// Its forms post to ?intent=create, ?intent=update&id=…, ?intent=delete&id=… (with the cohort
// shown, so a refused form comes back to the same list). Success is a 303 to the webinar's cohort
// with a toast; a mistake shows the page again with the form's messages (after its own redirect,
// docs/product.md#form-posts). The JSON API posts the same addresses: `cohortId` is required (400
// on its field), a cohort that does not exist is 404.
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../app-env';
import { createWebinar, deleteWebinar, listCohortWebinars, listScheduleCohorts, updateWebinar } from '../data/webinars';
import { cohortToShow } from '../domain/schedule-cohort';
import { calendarDay } from '../domain/time-zone';
import { webinarSchema } from '../domain/webinar-schema';
import { coachTimeZone } from '../domain/webinars';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { type Failure, takeFailure } from '../server/flash';
import { requireAdminPage } from '../server/guards';
import { readInput } from '../server/input';
import { accept, reject } from '../server/respond';
import { AdminWebinarsPage, scheduleAddress } from '../views/AdminWebinarsPage';
import { renderPage } from '../views/render-page';

const removeSchema = z.object({ confirm: z.literal('remove', { error: 'Tick the box to confirm' }) });

const NO_COHORT = 'That cohort does not exist';

async function renderWebinarsPage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
  const form = c.req.query('intent') === 'create' ? 'create' : (c.req.query('id') ?? '');
  const db = c.get('db');
  const asked = c.req.query('cohort');
  const cohorts = await listScheduleCohorts(db);
  const cohort = asked
    ? cohorts.find((item) => item.id === asked)
    : cohortToShow(cohorts, calendarDay(new Date(), coachTimeZone(c.env.COACH_TIME_ZONE)));
  if (asked && !cohort) throw new HttpError(404, NO_COHORT);
  const webinars = cohort ? await listCohortWebinars(db, cohort.id) : [];
  return renderPage(
    c,
    <AdminWebinarsPage
      cohorts={cohorts}
      cohort={cohort ?? null}
      webinars={webinars}
      failure={
        failure
          ? { form, values: (failure.reply.initialValue ?? {}) as Record<string, unknown>, fieldErrors: failure.fieldErrors ?? {} }
          : undefined
      }
    />,
    {
      title: 'Webinars',
      status: failure?.status,
      toast: failure ? { title: 'Error', description: failure.message, variant: 'destructive' } : undefined,
    },
  );
}

async function saveWebinars(c: Context<AppEnv>): Promise<Response> {
  const intent = c.req.query('intent');
  const id = c.req.query('id')?.slice(0, 64) ?? '';
  const db = c.get('db');
  if (intent === 'delete') {
    const input = await readInput(c, removeSchema);
    if (!input.ok) return reject(c, input, renderWebinarsPage, { status: 400 });
    const removed = await deleteWebinar(db, id);
    if (!removed) throw new HttpError(404, 'That session no longer exists');
    return accept(c, input.mode, {
      json: { message: 'Session removed' },
      redirect: scheduleAddress(removed.cohortId),
      flash: { title: 'Session removed' },
    });
  }
  if (intent !== 'create' && intent !== 'update') throw new HttpError(400, 'Say what to do: ?intent=create, update or delete');
  const input = await readInput(c, webinarSchema(coachTimeZone(c.env.COACH_TIME_ZONE)));
  if (!input.ok) return reject(c, input, renderWebinarsPage, { status: 400 });
  const outcome =
    intent === 'create' ? ((await createWebinar(db, input.value)) ? 'ok' : 'no-cohort') : await updateWebinar(db, id, input.value);
  if (outcome === 'no-webinar') throw new HttpError(404, 'That session no longer exists');
  // A cohort removed meanwhile (or a made-up id): said beside the form's cohort field, 404 `{ message, fieldErrors }` in JSON.
  if (outcome === 'no-cohort')
    return reject(c, input, renderWebinarsPage, { status: 404, message: NO_COHORT, fieldErrors: { cohortId: [NO_COHORT] } });
  const title = intent === 'create' ? 'Session added' : 'Session updated';
  return accept(c, input.mode, {
    json: { message: title },
    redirect: scheduleAddress(input.value.cohortId),
    flash: { title, description: input.value.title },
  });
}

export const adminWebinarRoutes = new Hono<AppEnv>()
  .get(PATHS.adminWebinars, requireAdminPage(), (c) => renderWebinarsPage(c, takeFailure(c)))
  .post(PATHS.adminWebinars, requireAdminPage(), saveWebinars);
