// What a coach does about one participant, as JSON (decision 40, docs/product.md#the-worklist):
// mark them contacted (a private note optional), snooze them for 3, 7 or 14 days, or put them back
// on the worklist (POST /api/admin/users/:id/attention); write, list and delete private notes
// (/api/admin/users/:id/notes, DELETE /api/admin/notes/:id); read their timeline
// (/api/admin/users/:id/timeline). Admins only, writes same-origin (app.tsx), each write with its
// audit entry. The same actions as plain form posts: src/server/coach-forms.ts.
import { type Context, Hono } from 'hono';
import type * as z from 'zod/mini';
import type { AppEnv } from '../app-env';
import { addNote, deleteNote, type Note, notesQuery } from '../data/notes';
import { readTimeline } from '../data/timeline';
import { setAttention } from '../data/worklist';
import { USER_NOT_FOUND } from '../domain/accounts';
import { issuesToFieldErrors } from '../domain/field-errors';
import { TIMELINE_PAGE_SIZE, TIMELINE_PAGES, timelineQuerySchema } from '../domain/timeline';
import { attentionSchema, noteSchema } from '../domain/worklist';
import { author, NOT_YOUR_NOTE, NOTE_NOT_FOUND, NOTES_FULL, userParam } from '../server/coach-forms';
import { HttpError } from '../server/errors';
import { requireAdminApi } from '../server/guards';
import { readInput } from '../server/input';

const publicNote = (note: Note) => ({ id: note.id, text: note.text, author: note.author, at: note.at });

/** The JSON body, or a 400 with the field messages. */
async function body<S extends z.core.$ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const input = await readInput(c, schema);
  if (!input.ok) throw new HttpError(400, input.message, input.fieldErrors);
  return input.value;
}

const api = '/api/admin';

export const adminCoachRoutes = new Hono<AppEnv>()
  .get(`${api}/users/:id/notes`, requireAdminApi(), async (c) => {
    const db = c.get('db');
    const userId = userParam(c);
    const notes = await notesQuery(db, userId);
    if (notes.length === 0 && !(await userExists(c, userId))) throw new HttpError(404, USER_NOT_FOUND);
    return c.json({ notes: notes.map(publicNote) });
  })
  .post(`${api}/users/:id/notes`, requireAdminApi(), async (c) => {
    const { text } = await body(c, noteSchema);
    const added = await addNote(c.get('db'), userParam(c), author(c), text);
    if (!added.ok) throw added.reason === 'full' ? new HttpError(409, NOTES_FULL) : new HttpError(404, USER_NOT_FOUND);
    return c.json({ note: publicNote(added.note) }, 201);
  })
  .delete(`${api}/notes/:id`, requireAdminApi(), async (c) => {
    const deleted = await deleteNote(c.get('db'), c.req.param('id').slice(0, 64), author(c));
    if (!deleted.ok) throw deleted.reason === 'not-author' ? new HttpError(403, NOT_YOUR_NOTE) : new HttpError(404, NOTE_NOT_FOUND);
    return c.json({ deleted: true });
  })
  .post(`${api}/users/:id/attention`, requireAdminApi(), async (c) => {
    const input = await body(c, attentionSchema);
    if (!(await setAttention(c.get('db'), userParam(c), input, author(c), new Date()))) throw new HttpError(404, USER_NOT_FOUND);
    return c.json({ state: input.state, ...(input.state === 'snoozed' ? { days: input.days } : {}) });
  })
  .get(`${api}/users/:id/timeline`, requireAdminApi(), async (c) => {
    const parsed = timelineQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      const fieldErrors = issuesToFieldErrors(parsed.error.issues);
      throw new HttpError(400, Object.values(fieldErrors)[0]?.[0] ?? 'Invalid query', fieldErrors);
    }
    const userId = userParam(c);
    const { page, kind } = parsed.data;
    const { entries, total } = await readTimeline(c.get('db'), userId, page, kind ?? null, TIMELINE_PAGES);
    if (total === 0 && !(await userExists(c, userId))) throw new HttpError(404, USER_NOT_FOUND);
    return c.json({ entries, page, pageCount: Math.max(1, Math.ceil(total / TIMELINE_PAGE_SIZE)) });
  });

async function userExists(c: Context<AppEnv>, userId: string): Promise<boolean> {
  const row = await c.get('db').$client.prepare('SELECT 1 FROM users WHERE id = ?').bind(userId).first();
  return row !== null;
}
