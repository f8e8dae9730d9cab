// The webinar schedule editor, /admin/webinars (docs/product.md#webinars). Its forms post to
// ?intent=create, ?intent=update&id=…, ?intent=delete&id=…. Success is a 303 back with a toast; a
// mistake shows the page again with the form's messages (after its own redirect, docs/product.md#form-posts).
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../app-env';
import { createWebinar, deleteWebinar, listAllWebinars, updateWebinar } from '../data/webinars';
import { webinarSchema } from '../domain/webinar-schema';
import { PATHS } from '../paths';
import { HttpError } from '../server/errors';
import { type Failure, takeFailure } from '../server/flash';
import { requireAdminPage } from '../server/guards';
import { readInput } from '../server/input';
import { accept, reject } from '../server/respond';
import { AdminWebinarsPage } from '../views/AdminWebinarsPage';
import { renderPage } from '../views/render-page';

const removeSchema = z.object({ confirm: z.literal('remove', { error: 'Tick the box to confirm' }) });

async function renderWebinarsPage(c: Context<AppEnv>, failure: Failure | null): Promise<Response> {
  const form = c.req.query('intent') === 'create' ? 'create' : (c.req.query('id') ?? '');
  const webinars = await listAllWebinars(c.get('db'));
  return renderPage(
    c,
    <AdminWebinarsPage
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
    if (!(await deleteWebinar(db, id))) throw new HttpError(404, 'That session no longer exists');
    return accept(c, input.mode, {
      json: { message: 'Session removed' },
      redirect: PATHS.adminWebinars,
      flash: { title: 'Session removed' },
    });
  }
  if (intent !== 'create' && intent !== 'update') throw new HttpError(400, 'Say what to do: ?intent=create, update or delete');
  const input = await readInput(c, webinarSchema);
  if (!input.ok) return reject(c, input, renderWebinarsPage, { status: 400 });
  if (intent === 'create') await createWebinar(db, input.value);
  else if (!(await updateWebinar(db, id, input.value))) throw new HttpError(404, 'That session no longer exists');
  const title = intent === 'create' ? 'Session added' : 'Session updated';
  return accept(c, input.mode, {
    json: { message: title },
    redirect: PATHS.adminWebinars,
    flash: { title, description: input.value.title },
  });
}

export const adminWebinarRoutes = new Hono<AppEnv>()
  .get(PATHS.adminWebinars, requireAdminPage(), (c) => renderWebinarsPage(c, takeFailure(c)))
  .post(PATHS.adminWebinars, requireAdminPage(), saveWebinars);
