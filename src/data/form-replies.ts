// Failed form posts waiting for their redirect's page load (docs/product.md#form-posts).
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { formReplies } from '../db/schema';
import { newId } from './ids';

/** How long a reply waits for its page load: the redirect follows at once, so this is generous. */
export const FORM_REPLY_SECONDS = 10 * 60;

export interface StoredFormReply {
  page: string;
  status: number;
  failure: string;
}

const staleBefore = (now: number) => new Date(now - FORM_REPLY_SECONDS * 1000).toISOString();

/** Keeps a reply for one page load and answers its id; stale replies are dropped in the same trip. */
export async function stashFormReply(db: Db, reply: StoredFormReply & { userId: string | null; path: string }, now = Date.now()): Promise<string> {
  const id = newId();
  await db.batch([db.delete(formReplies).where(lt(formReplies.createdAt, staleBefore(now))), db.insert(formReplies).values({ id, ...reply })]);
  return id;
}

/**
 * Takes the reply with this id: it is deleted whatever happens, and answered only when it belongs
 * to this page and this user and is not stale.
 */
export async function takeFormReply(db: Db, id: string, path: string, userId: string | null, now = Date.now()): Promise<StoredFormReply | null> {
  const [row] = await db.delete(formReplies).where(eq(formReplies.id, id)).returning();
  if (!row || row.path !== path || row.userId !== userId || row.createdAt < staleBefore(now)) return null;
  return { page: row.page, status: row.status, failure: row.failure };
}
