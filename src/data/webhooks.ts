// The webhook log (Stripe and Patreon events): each accepted event is written once, together with
// the membership change it causes, in one D1 batch (docs/product.md#webhooks).
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookEvents } from '../db/schema';
import type { WebhookSource } from '../domain/webhook-events';
import { newId } from './ids';
import { writeMembershipForEvent, writePendingMembershipForEvent, type ProviderChange } from './memberships';

export const WEBHOOK_LOG_LIMIT = 100;

export type WebhookLogRow = typeof webhookEvents.$inferSelect;
export type WebhookStatus = 'success' | 'ignored' | 'error';

/** The latest entries, newest first. */
export async function listWebhookLogs(db: Db, filter: { source?: WebhookSource; status?: WebhookStatus } = {}): Promise<WebhookLogRow[]> {
  return db
    .select()
    .from(webhookEvents)
    .where(and(filter.source ? eq(webhookEvents.source, filter.source) : undefined, filter.status ? eq(webhookEvents.status, filter.status) : undefined))
    .orderBy(desc(webhookEvents.processedAt))
    .limit(WEBHOOK_LOG_LIMIT);
}

export async function isEventLogged(db: Db, source: WebhookSource, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.source, source), eq(webhookEvents.externalId, eventId)))
    .limit(1);
  return Boolean(row);
}

export interface EventRecord {
  source: WebhookSource;
  eventId: string;
  eventType: string;
  status: WebhookStatus;
  payload: string;
  errorMessage: string | null;
  /** The membership change, for an account or for an address with none yet. */
  change?: { userId: string; membership: ProviderChange } | { email: string; membership: ProviderChange };
}

/**
 * Logs the event and applies its change in one batch. The log's unique (source, event id) makes a
 * replay racing this one insert nothing, and the change is conditional on this very log row.
 * Answers false when the event had been logged already.
 */
export async function recordEvent(db: Db, event: EventRecord): Promise<boolean> {
  const logId = newId();
  const log = db
    .insert(webhookEvents)
    .values({
      id: logId,
      source: event.source,
      externalId: event.eventId,
      eventType: event.eventType,
      status: event.status,
      payload: event.payload,
      errorMessage: event.errorMessage,
    })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  const change = event.change;
  if (!change) {
    const [[row]] = await db.batch([log]);
    return Boolean(row);
  }
  const write =
    'userId' in change
      ? writeMembershipForEvent(db, change.userId, change.membership, logId)
      : writePendingMembershipForEvent(db, change.email, change.membership, logId);
  const [[row]] = await db.batch([log, write]);
  return Boolean(row);
}
