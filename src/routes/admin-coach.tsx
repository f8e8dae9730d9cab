// What a coach does about one participant (decision 40, docs/product.md#the-worklist): mark them
// contacted (a private note optional), snooze them for 3, 7 or 14 days, or put them back on the
// worklist; write and delete private notes; read their timeline. The JSON API
// (/api/admin/users/:id/attention, /notes, /timeline; DELETE /api/admin/notes/:id) and the plain
// form posts the desk's worklist (/admin/cohort?cohort=ID&action=attention, with userId) and the
// participant's page (/admin/users/:id?action=attention, note, note-delete) send, answered 303 with
// a toast. Admins only, writes same-origin (app.tsx), each write with its audit entry.
import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../app-env';
import { addNote, deleteNote, type Note, notesQuery } from '../data/notes';
import { readTimeline } from '../data/timeline';
import { setAttention } from '../data/worklist';
import { TIMELINE_PAGE_SIZE, TIMELINE_PAGES, timelineQuerySchema } from '../domain/timeline';
import { type AttentionInput, attentionSchema, NOTES_PER_PARTICIPANT, noteSchema } from '../domain/worklist';
import { issuesToFieldErrors } from '../domain/field-errors';
import { adminUserPath } from '../paths';
import { HttpError } from '../server/errors';
import { setFlash, type Toast } from '../server/flash';
import { currentAuth, requireAdminApi } from '../server/guards';
import { type Input, readInput } from '../server/input';
import { reject, type RenderFailure } from '../server/respond';

const USER_NOT_FOUND = 'User not found';
const NOTE_NOT_FOUND = 'Note not found';
const NOT_YOUR_NOTE = 'Only its author can delete a note';
const NOTES_FULL = `A participant has at most ${NOTES_PER_PARTICIPANT} notes: delete one first`;

/** The admin who acts: the audit trail names them by email, a note by name. */
function author(c: Context<AppEnv>) {
  const { user } = currentAuth(c);
  return { id: user.id, email: user.email, name: user.name || user.email };
}

const userParam = (c: Context<AppEnv>) => (c.req.param('id') ?? '').slice(0, 64);

/** The toast for a state just set. */
function attentionToast(input: AttentionInput, who: string): Toast {
  if (input.state === 'contacted') return { title: 'Marked contacted', description: `${who} leaves the worklist until a new reason appears.` };
  if (input.state === 'snoozed')
    return { title: 'Snoozed', description: `${who} leaves the worklist for ${input.days} days, or until a new reason appears.` };
  return { title: 'Back on the worklist', description: `${who} is on the worklist again while they need attention.` };
}

const publicNote = (note: Note) => ({ id: note.id, text: note.text, author: note.author, at: note.at });

/** The participant page's form posts (from src/routes/admin-user.tsx): ?action=attention, note, note-delete. */
export async function postCoachForm(c: Context<AppEnv>, action: 'attention' | 'note' | 'note-delete', render: RenderFailure): Promise<Response> {
  const userId = userParam(c);
  const db = c.get('db');
  const back = `${adminUserPath(userId)}#coach`;
  const done = (toast: Toast, to = back) => {
    setFlash(c, { toast });
    return c.redirect(to, 303);
  };
  const gone = () => done({ title: USER_NOT_FOUND, variant: 'destructive' }, '/admin/users');
  if (action === 'attention') {
    const input = await readInput(c, attentionSchema);
    if (!input.ok) return reject(c, input, render, { status: 400 });
    if (!(await setAttention(db, userId, input.value, author(c), new Date()))) return gone();
    return done(attentionToast(input.value, 'They'));
  }
  if (action === 'note') {
    const input = await readInput(c, noteSchema);
    if (!input.ok) return reject(c, input, render, { status: 400 });
    const added = await addNote(db, userId, author(c), input.value.text);
    if (!added.ok) return added.reason === 'full' ? reject(c, input, render, { status: 409, message: NOTES_FULL }) : gone();
    return done({ title: 'Note saved', description: 'Only admins see it.' });
  }
  const input = await readInput(c, z.object({ noteId: z.string().check(z.minLength(1), z.maxLength(64)) }));
  if (!input.ok) return reject(c, input, render, { status: 400 });
  const deleted = await deleteNote(db, input.value.noteId, author(c));
  if (!deleted.ok) return done({ title: 'Note not deleted', description: deleted.reason === 'not-author' ? NOT_YOUR_NOTE : NOTE_NOT_FOUND, variant: 'destructive' });
  return done({ title: 'Note deleted' });
}

/** The desk's worklist form post: the state for the participant the body names (`userId`), back to the desk with a toast. */
export async function postWorklistForm(c: Context<AppEnv>, back: string): Promise<Response> {
  const schema = z.extend(attentionSchema, { userId: z.string({ error: 'Choose a participant' }).check(z.minLength(1), z.maxLength(64)) });
  const input: Input<z.output<typeof schema>> = await readInput(c, schema);
  const fail = (description: string) => {
    if (input.mode === 'json') throw new HttpError(400, description, input.ok ? undefined : input.fieldErrors);
    setFlash(c, { toast: { title: 'Not changed', description, variant: 'destructive' } });
    return c.redirect(back, 303);
  };
  if (!input.ok) return fail(input.message);
  const { userId, ...state } = input.value;
  if (!(await setAttention(c.get('db'), userId, state, author(c), new Date()))) return fail(USER_NOT_FOUND);
  if (input.mode === 'json') return c.json({ ok: true });
  setFlash(c, { toast: attentionToast(state, 'They') });
  return c.redirect(back, 303);
}

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
