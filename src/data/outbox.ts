// The development outbox: mail written instead of sent outside production (the consumer of the
// mail queue writes it, src/jobs/mail-queue.ts).
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { newId } from './ids';

export type OutboxMessage = typeof emailOutbox.$inferSelect;

export async function writeToOutbox(
  db: Db,
  mail: { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> },
): Promise<void> {
  const { headers = {}, html = '', ...rest } = mail;
  await db.insert(emailOutbox).values({ id: newId(), ...rest, html, headers: JSON.stringify(headers) });
}

export async function listOutbox(db: Db, limit = 50): Promise<OutboxMessage[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

export async function findOutboxMessage(db: Db, id: string): Promise<OutboxMessage | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}
