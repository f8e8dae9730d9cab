// The development outbox: mail written instead of sent outside production.
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { newId } from './ids';

export type OutboxMessage = typeof emailOutbox.$inferSelect;

export async function writeToOutbox(db: Db, mail: { to: string; subject: string; text: string }): Promise<void> {
  await db.insert(emailOutbox).values({ id: newId(), ...mail });
}

export async function listOutbox(db: Db, limit = 50): Promise<OutboxMessage[]> {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
