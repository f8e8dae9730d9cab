// What the mail queue's consumer did with each mail (docs/product.md#reminders-and-mail):
// delivered, being retried, or failed for good. One read and one batch write per queue batch.
import { desc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type MailDeliveryRow, mailDeliveries } from '../db/schema-reminders';

export interface DeliveryRecord {
  id: string;
  userId: string;
  kind: string;
  to: string;
  subject: string;
  status: 'retrying' | 'delivered' | 'failed';
  attempts: number;
  error: string | null;
}

/**
 * The ids among `ids` whose mail was already delivered (a redelivered queue message). The ids go
 * as one JSON parameter: D1 takes at most 100 bound parameters, and a batch holds up to 100 mails.
 */
export async function deliveredAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { results } = await db.$client
    .prepare(`SELECT d.id FROM json_each(?1) j JOIN mail_deliveries d ON d.id = j.value WHERE d.status = 'delivered'`)
    .bind(JSON.stringify(ids))
    .all<{ id: string }>();
  return new Set(results.map((row) => row.id));
}

const UPSERT = `INSERT INTO mail_deliveries (id, user_id, kind, "to", subject, status, attempts, error, updated_at)
SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE EXISTS (SELECT 1 FROM users WHERE id = ?2)
ON CONFLICT (id) DO UPDATE SET subject = excluded.subject, status = excluded.status, attempts = max(mail_deliveries.attempts, excluded.attempts), error = excluded.error, updated_at = excluded.updated_at
WHERE mail_deliveries.status <> 'delivered'`;

/**
 * Writes the outcomes in one batch. A delivered mail is never marked otherwise afterwards; a mail
 * whose user has been deleted meanwhile leaves no row (their rows went with them). `also` goes in
 * the same batch (an announcement's recipients' mail states).
 */
export async function recordDeliveries(
  db: Db,
  records: readonly DeliveryRecord[],
  now: Date,
  also?: D1PreparedStatement | null,
): Promise<void> {
  if (records.length === 0) return;
  const at = now.toISOString();
  const statement = db.$client.prepare(UPSERT);
  await db.$client.batch([
    ...records.map((r) =>
      statement.bind(r.id, r.userId, r.kind, r.to, r.subject.slice(0, 500), r.status, r.attempts, r.error?.slice(0, 500) ?? null, at),
    ),
    ...(also ? [also] : []),
  ]);
}

/** Mail not delivered (still retrying, or failed for good), newest first: the admins' list. */
export async function listUndelivered(db: Db, limit = 100): Promise<MailDeliveryRow[]> {
  return db
    .select()
    .from(mailDeliveries)
    .where(inArray(mailDeliveries.status, ['retrying', 'failed']))
    .orderBy(desc(mailDeliveries.updatedAt))
    .limit(limit);
}
