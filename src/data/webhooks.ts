// The webhook log (Stripe and Patreon events): each accepted event is written once, together with
// the membership change it causes, in one D1 batch (docs/product.md#webhooks).
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookEvents } from '../db/schema';
import type { WebhookSource, WebhookStatus } from '../domain/webhook-events';
import { appendAuditForEvent, type NewAuditEntry } from './audit';
import { newId } from './ids';
import { recomputeMembership } from './memberships';
import { endGrantsForEvent, type GrantWrite, grantUnchanged, rekeyGrantForEvent, writeGrantForEvent } from './provider-grants';

const WEBHOOK_LOG_LIMIT = 100;

export type WebhookLogRow = typeof webhookEvents.$inferSelect;
export type { WebhookStatus };

/** The latest entries, newest first. */
export async function listWebhookLogs(db: Db, filter: { source?: WebhookSource; status?: WebhookStatus } = {}): Promise<WebhookLogRow[]> {
  return db
    .select()
    .from(webhookEvents)
    .where(
      and(
        filter.source ? eq(webhookEvents.source, filter.source) : undefined,
        filter.status ? eq(webhookEvents.status, filter.status) : undefined,
      ),
    )
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

/** An event logged already that turned out to need a person (a payment for a seat no longer free: src/routes/webhook-receivers.ts). */
export async function markNeedsReview(db: Db, source: WebhookSource, eventId: string, message: string): Promise<void> {
  await db
    .update(webhookEvents)
    .set({ status: 'needs review', errorMessage: message })
    .where(and(eq(webhookEvents.source, source), eq(webhookEvents.externalId, eventId)));
}

export interface EventRecord {
  source: WebhookSource;
  eventId: string;
  eventType: string;
  status: WebhookStatus;
  payload: string;
  errorMessage: string | null;
  /** The grant's new row, written only while the grant is as it was read. */
  grant?: GrantWrite;
  /** The accounts' audit entries for that change (decision 25), written with it. */
  audit?: NewAuditEntry | NewAuditEntry[];
}

/** recorded; duplicate: the event had been logged already; conflict: its grant changed since it was read (try again). */
export type RecordResult = 'recorded' | 'duplicate' | 'conflict';

/**
 * Logs the event and applies its grant change in one batch, with the owner's membership
 * recomputed. The log's unique (source, event id) makes a replay racing this one insert nothing;
 * with a grant, the log row is inserted only while the grant is at the version the event read, and
 * every write after it is conditional on that very log row.
 */
export async function recordEvent(db: Db, event: EventRecord): Promise<RecordResult> {
  const logId = newId();
  const values = {
    id: logId,
    source: event.source,
    externalId: event.eventId,
    eventType: event.eventType,
    status: event.status,
    processedAt: sql<string>`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    payload: event.payload,
    errorMessage: event.errorMessage,
  };
  const grant = event.grant;
  if (!grant) {
    const [[row]] = await db.batch([db.insert(webhookEvents).values(values).onConflictDoNothing().returning({ id: webhookEvents.id })]);
    return row ? 'recorded' : 'duplicate';
  }
  // Every column of webhook_events, in its order, selected only while the grant is unchanged.
  const guarded = db
    .select({
      id: sql<string>`${values.id}`.as('id'),
      source: sql<WebhookSource>`${values.source}`.as('source'),
      externalId: sql<string>`${values.externalId}`.as('external_id'),
      eventType: sql<string>`${values.eventType}`.as('event_type'),
      status: sql<string>`${values.status}`.as('status'),
      processedAt: values.processedAt.as('processed_at'),
      payload: sql<string>`${values.payload}`.as('payload'),
      errorMessage: sql<string | null>`${values.errorMessage}`.as('error_message'),
    })
    .from(sql`(SELECT 1)`)
    .where(grantUnchanged(grant));
  const logged = sql`EXISTS (SELECT 1 FROM ${webhookEvents} WHERE ${webhookEvents.id} = ${logId})`;
  const userId = grant.owner && 'userId' in grant.owner ? grant.owner.userId : null;
  // The owner's membership, and that of every account the change took a grant from.
  const touched = [...new Set([...(userId ? [userId] : []), ...(grant.alsoRecompute ?? [])])];
  const recomputes = touched.flatMap((id) => {
    const { upsert, remove } = recomputeMembership(db, id, logged);
    return [upsert, remove];
  });
  const audits = event.audit ? [event.audit].flat() : [];
  const rekey = grant.rekeyFrom ? rekeyGrantForEvent(db, { ...grant, rekeyFrom: grant.rekeyFrom }, logId) : null;
  const [inserted] = await db.batch([
    db.insert(webhookEvents).select(guarded).onConflictDoNothing().returning({ id: webhookEvents.id }),
    ...(rekey ? [rekey] : []),
    writeGrantForEvent(db, grant, logId),
    ...(grant.ends?.length ? [endGrantsForEvent(db, grant, logId)] : []),
    ...recomputes,
    ...audits.map((entry) => appendAuditForEvent(db, entry, logId)),
  ]);
  if (inserted.length > 0) return 'recorded';
  return (await isEventLogged(db, event.source, event.eventId)) ? 'duplicate' : 'conflict';
}
