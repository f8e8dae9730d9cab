// Nudges (decision 40, docs/product.md#nudges-and-announcements): at most one per participant per
// coaches' day, held by coach_nudges' primary key (user, day), so of two racing nudges one lands;
// none for someone who turned coach mail off. The nudge and its audit entry (the participant as
// its target, for their timeline) are written in one batch, the entry only if this nudge landed.
import type { Db } from '../db/client';
import { AUDIT_ACTIONS } from '../domain/audit';
import type { NudgeReason } from '../domain/outreach';
import { newId } from './ids';

export interface NudgeTarget {
  id: string;
  email: string;
  name: string | null;
  timeZone: string;
  /** Their next session (1 to 4), null when all four are done. */
  nextSession: number | null;
  /** They turned coach mail off: no nudge can go. */
  optedOut: boolean;
  /** Today's nudge (the coaches' day), when one went already. */
  nudgedToday: { at: string; by: string } | null;
}

const TARGET_SQL = `SELECT u.id, u.email, u.name, u.time_zone AS timeZone,
  p.session1_completed_at AS s1, p.session2_completed_at AS s2, p.session3_completed_at AS s3, p.session4_completed_at AS s4,
  EXISTS (SELECT 1 FROM coach_mail_opt_outs o WHERE o.user_id = u.id) AS optedOut,
  n.created_at AS nudgedAt, n.sent_by AS nudgedBy
FROM users u
LEFT JOIN progress p ON p.user_id = u.id
LEFT JOIN coach_nudges n ON n.user_id = u.id AND n.day = ?2
WHERE u.id = ?1`;

interface TargetRow {
  id: string;
  email: string;
  name: string | null;
  timeZone: string;
  s1: string | null;
  s2: string | null;
  s3: string | null;
  s4: string | null;
  optedOut: number;
  nudgedAt: string | null;
  nudgedBy: string | null;
}

/** The participant as the nudge page needs them, on the coaches' day `day`; null when there is no such account. */
export async function readNudgeTarget(db: Db, userId: string, day: string): Promise<NudgeTarget | null> {
  const row = await db.$client.prepare(TARGET_SQL).bind(userId, day).first<TargetRow>();
  if (!row) return null;
  const next = [row.s1, row.s2, row.s3, row.s4].indexOf(null);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    timeZone: row.timeZone,
    nextSession: next === -1 ? null : next + 1,
    optedOut: Boolean(row.optedOut),
    nudgedToday: row.nudgedAt && row.nudgedBy ? { at: row.nudgedAt, by: row.nudgedBy } : null,
  };
}

export type NudgeOutcome = { ok: true } | { ok: false; reason: 'no-user' | 'opted-out' | 'already-today' };

/**
 * Records one nudge to `userId` on the coaches' day `day`, with its audit entry, in one batch.
 * Refused (nothing written) when the account is gone, coach mail is off, or a nudge went today.
 */
export async function recordNudge(
  db: Db,
  nudge: { userId: string; day: string; sentBy: string; reason: NudgeReason | null; subject: string },
): Promise<NudgeOutcome> {
  const id = newId();
  const { userId, day, sentBy, reason, subject } = nudge;
  const d1 = db.$client;
  const [, , check] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO coach_nudges (id, user_id, day, sent_by, reason, subject)
        SELECT ?1, u.id, ?3, ?4, ?5, ?6 FROM users u
        WHERE u.id = ?2 AND NOT EXISTS (SELECT 1 FROM coach_mail_opt_outs o WHERE o.user_id = u.id)
        ON CONFLICT DO NOTHING`,
      )
      .bind(id, userId, day, sentBy, reason, subject),
    // The audit entry, only if this nudge is the one that landed (decision 25: never one without the other).
    d1
      .prepare(
        `INSERT INTO audit_entries (id, user_id, at, actor, action, from_value, to_value)
        SELECT lower(hex(randomblob(16))), user_id, created_at, sent_by, ?2, reason, subject FROM coach_nudges WHERE id = ?1`,
      )
      .bind(id, AUDIT_ACTIONS.nudge),
    d1
      .prepare(
        `SELECT EXISTS (SELECT 1 FROM coach_nudges WHERE id = ?1) AS landed, EXISTS (SELECT 1 FROM users WHERE id = ?2) AS user,
        EXISTS (SELECT 1 FROM coach_mail_opt_outs WHERE user_id = ?2) AS optedOut`,
      )
      .bind(id, userId),
  ]);
  const state = (check?.results as { landed: number; user: number; optedOut: number }[] | undefined)?.[0];
  if (state?.landed) return { ok: true };
  if (!state?.user) return { ok: false, reason: 'no-user' };
  return { ok: false, reason: state.optedOut ? 'opted-out' : 'already-today' };
}
