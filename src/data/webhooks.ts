// The webhook log (Stripe and Patreon events) as the admin pages read it.
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookEvents } from '../db/schema';

export const WEBHOOK_LOG_LIMIT = 100;

export type WebhookLogRow = typeof webhookEvents.$inferSelect;

/** The latest entries, newest first. */
export async function listWebhookLogs(db: Db): Promise<WebhookLogRow[]> {
  return db.select().from(webhookEvents).orderBy(desc(webhookEvents.processedAt)).limit(WEBHOOK_LOG_LIMIT);
}
