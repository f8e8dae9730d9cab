// Whether a participant takes mail from their coach (decision 40, docs/product.md#nudges-and-announcements):
// on unless they turned it off in Settings or with a one-click unsubscribe. One row per opt-out.
import { eq, type Placeholder } from 'drizzle-orm';
import type { Db } from '../db/client';
import { coachMailOptOuts } from '../db/schema-outreach';

/** The opt-out row, if any, as a query to await or to read with the session (page read `coachMailOptOut`). */
export function coachMailOptOutQuery(db: Db, userId: string | Placeholder) {
  return db.select({ at: coachMailOptOuts.at }).from(coachMailOptOuts).where(eq(coachMailOptOuts.userId, userId)).limit(1);
}

export async function coachMailOn(db: Db, userId: string): Promise<boolean> {
  return (await coachMailOptOutQuery(db, userId)).length === 0;
}

/** Turns coach mail on or off (nothing happens for an unknown user: the foreign key refuses, the OR IGNORE drops it). */
export async function setCoachMail(db: Db, userId: string, on: boolean): Promise<void> {
  if (on) {
    await db.delete(coachMailOptOuts).where(eq(coachMailOptOuts.userId, userId));
    return;
  }
  await db.$client.prepare('INSERT OR IGNORE INTO coach_mail_opt_outs (user_id) SELECT id FROM users WHERE id = ?1').bind(userId).run();
}
