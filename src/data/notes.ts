// Private notes on a participant (decision 40, docs/product.md#private-notes): admins write them,
// only admins read them (the participant's admin page, its timeline, GET
// /api/admin/users/:id/notes), the author alone deletes one. Nothing a participant sees reads
// admin_notes. Each write goes with its audit entry in one batch; the entry never holds the text.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { adminNotes } from '../db/schema-coach';
import { AUDIT_ACTIONS } from '../domain/audit';
import { NOTES_PER_PARTICIPANT } from '../domain/worklist';
import { appendAudit } from './audit';
import { newId } from './ids';

export interface Note {
  id: string;
  text: string;
  author: string;
  /** The author's account, while it lasts: only they may delete the note. */
  authorId: string | null;
  at: string;
}

/** The participant's notes, newest first (at most NOTES_PER_PARTICIPANT: no more can be written). */
export function notesQuery(db: Db, userId: string) {
  return db
    .select({ id: adminNotes.id, text: adminNotes.text, author: adminNotes.author, authorId: adminNotes.authorId, at: adminNotes.at })
    .from(adminNotes)
    .where(eq(adminNotes.userId, userId))
    .orderBy(desc(adminNotes.at), desc(adminNotes.id))
    .limit(NOTES_PER_PARTICIPANT);
}

/** The statements that write a note (when the participant exists and has room for it) and its audit entry. */
export function newNoteStatements(db: Db, userId: string, author: { id: string; email: string; name: string }, text: string, id = newId()) {
  const room = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${userId}) AND (SELECT count(*) FROM ${adminNotes} WHERE ${adminNotes.userId} = ${userId}) < ${NOTES_PER_PARTICIPANT}`;
  const entry = appendAudit(db, { userId, actor: author.email, action: AUDIT_ACTIONS.noteWritten, to: `${text.length} characters` }, room);
  const insert = db
    .insert(adminNotes)
    .select(
      db
        .select({
          id: sql<string>`${id}`.as('id'),
          userId: sql<string>`${userId}`.as('user_id'),
          authorId: sql<string>`${author.id}`.as('author_id'),
          author: sql<string>`${author.name}`.as('author'),
          text: sql<string>`${text}`.as('text'),
          at: sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`.as('at'),
        })
        .from(sql`(SELECT 1)`)
        .where(room),
    )
    .returning();
  return [entry, insert] as const;
}

export type AddNote = { ok: true; note: Note } | { ok: false; reason: 'no-user' | 'full' };

export async function addNote(db: Db, userId: string, author: { id: string; email: string; name: string }, text: string): Promise<AddNote> {
  const [[user], [notes], , [note]] = await db.batch([
    db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1),
    db.select({ n: count() }).from(adminNotes).where(eq(adminNotes.userId, userId)),
    ...newNoteStatements(db, userId, author, text),
  ]);
  if (!user) return { ok: false, reason: 'no-user' };
  if (!note) return { ok: false, reason: notes && notes.n >= NOTES_PER_PARTICIPANT ? 'full' : 'no-user' };
  return { ok: true, note: { id: note.id, text: note.text, author: note.author, authorId: note.authorId, at: note.at } };
}

export type DeleteNote = { ok: true; userId: string } | { ok: false; reason: 'not-found' | 'not-author' };

/** Deletes the note when `authorId` wrote it, with its audit entry. */
export async function deleteNote(db: Db, noteId: string, author: { id: string; email: string }): Promise<DeleteNote> {
  const [found] = await db
    .select({ userId: adminNotes.userId, authorId: adminNotes.authorId, at: adminNotes.at })
    .from(adminNotes)
    .where(eq(adminNotes.id, noteId))
    .limit(1);
  if (!found) return { ok: false, reason: 'not-found' };
  if (found.authorId !== author.id) return { ok: false, reason: 'not-author' };
  const mine = and(eq(adminNotes.id, noteId), eq(adminNotes.authorId, author.id));
  const [, deleted] = await db.batch([
    appendAudit(
      db,
      { userId: found.userId, actor: author.email, action: AUDIT_ACTIONS.noteDeleted, from: `A note of ${found.at.slice(0, 10)}` },
      sql`EXISTS (SELECT 1 FROM ${adminNotes} WHERE ${mine})`,
    ),
    db.delete(adminNotes).where(mine).returning({ id: adminNotes.id }),
  ]);
  return deleted.length > 0 ? { ok: true, userId: found.userId } : { ok: false, reason: 'not-found' };
}
