// The coach's plain form posts (decision 40, docs/product.md#the-worklist), shared by the desk's
// worklist (src/routes/admin-cohort.tsx: /admin/cohort?cohort=ID&action=attention, with userId)
// and the participant's page (src/routes/admin-user.tsx: /admin/users/:id?action=attention, note,
// note-delete): each answers 303 with a toast, or the page again with the form's messages.

import type { Context } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../app-env';
import { addNote, deleteNote } from '../data/notes';
import { setAttention } from '../data/worklist';
import { USER_NOT_FOUND } from '../domain/accounts';
import { type AttentionInput, attentionSchema, NOTES_PER_PARTICIPANT, noteSchema } from '../domain/worklist';
import { adminUserPath, PATHS } from '../paths';
import { HttpError } from './errors';
import { setFlash, type Toast } from './flash';
import { currentAuth } from './guards';
import { type Input, readInput } from './input';
import { type RenderFailure, reject } from './respond';

export const NOTE_NOT_FOUND = 'Note not found';
export const NOT_YOUR_NOTE = 'Only its author can delete a note';
export const NOTES_FULL = `A participant has at most ${NOTES_PER_PARTICIPANT} notes: delete one first`;

/** The admin who acts: the audit trail names them by email, a note by name. */
export function author(c: Context<AppEnv>) {
  const { user } = currentAuth(c);
  return { id: user.id, email: user.email, name: user.name || user.email };
}

export const userParam = (c: Context<AppEnv>) => (c.req.param('id') ?? '').slice(0, 64);

/** The toast for a state just set. */
function attentionToast(input: AttentionInput, who: string): Toast {
  if (input.state === 'contacted')
    return { title: 'Marked contacted', description: `${who} leaves the worklist until a new reason appears.` };
  if (input.state === 'snoozed')
    return { title: 'Snoozed', description: `${who} leaves the worklist for ${input.days} days, or until a new reason appears.` };
  return { title: 'Back on the worklist', description: `${who} is on the worklist again while they need attention.` };
}

/** The participant page's form posts (from src/routes/admin-user.tsx): ?action=attention, note, note-delete. */
export async function postCoachForm(
  c: Context<AppEnv>,
  action: 'attention' | 'note' | 'note-delete',
  render: RenderFailure,
): Promise<Response> {
  const userId = userParam(c);
  const db = c.get('db');
  const back = `${adminUserPath(userId)}#coach`;
  const done = (toast: Toast, to = back) => {
    setFlash(c, { toast });
    return c.redirect(to, 303);
  };
  const gone = () => done({ title: USER_NOT_FOUND, variant: 'destructive' }, PATHS.adminUsers);
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
  if (!deleted.ok)
    return done({
      title: 'Note not deleted',
      description: deleted.reason === 'not-author' ? NOT_YOUR_NOTE : NOTE_NOT_FOUND,
      variant: 'destructive',
    });
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
