// Announcements to a cohort (decision 40, docs/product.md#nudges-and-announcements). Sending is one
// D1 batch whatever the cohort's size: the announcement, one recipient row per seated participant
// (INSERT…SELECT, numbered 1..n for the fan-out's chunks), one audit entry per recipient (their
// timeline shows it) and the counts. The mails are then put on the queue by the fan-out job
// (src/jobs/announcement-fan-out.ts), 1,000 recipients per step, and their outcomes are written
// back by the mail queue's consumer; the trigger of migration 0024 keeps the counts.
import { and, desc, eq, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cohorts } from '../db/schema-cohorts';
import { type AnnouncementMailState, announcementRecipients, announcements } from '../db/schema-outreach';
import { AUDIT_ACTIONS } from '../domain/audit';
import type { AnnouncementInput } from '../domain/outreach';
import { newId } from './ids';

/** GET /api/admin/announcements and /admin/announcements list the newest this many. */
const ANNOUNCEMENTS_LISTED = 100;

export interface AnnouncementSummary {
  id: string;
  cohortId: string;
  cohortName: string;
  subject: string;
  body: string;
  sentBy: string;
  createdAt: string;
  recipients: number;
  mails: { queued: number; delivered: number; failed: number };
}

function listQuery(db: Db) {
  const a = announcements;
  return db
    .select({
      id: a.id,
      cohortId: a.cohortId,
      cohortName: cohorts.name,
      subject: a.subject,
      body: a.body,
      sentBy: a.sentBy,
      createdAt: a.createdAt,
      recipients: a.recipients,
      queued: a.mailsQueued,
      delivered: a.mailsDelivered,
      failed: a.mailsFailed,
    })
    .from(a)
    .innerJoin(cohorts, eq(cohorts.id, a.cohortId))
    .orderBy(desc(a.createdAt), desc(sql`${a}.rowid`))
    .limit(ANNOUNCEMENTS_LISTED);
}

function summaries(rows: Awaited<ReturnType<typeof listQuery>>): AnnouncementSummary[] {
  return rows.map(({ queued, delivered, failed, ...row }) => ({ ...row, mails: { queued, delivered, failed } }));
}

/** The newest announcements with their counts, one row each, whatever their cohorts' sizes. */
export async function listAnnouncements(db: Db): Promise<AnnouncementSummary[]> {
  return summaries(await listQuery(db));
}

export type SendOutcome =
  | { ok: true; id: string; recipients: number; mailsQueued: number }
  | { ok: false; reason: 'no-cohort' | 'nobody-seated' };

/** Seated participants of the cohort, current members only: who an announcement goes to. */
const SEATED = `FROM cohort_members cm JOIN users u ON u.id = cm.user_id AND u.role = 'user'
  WHERE cm.cohort_id = ?2 AND cm.seat = 'seated' AND cm.left_at IS NULL`;

/**
 * Sends `input` to every seated participant of its cohort, in one batch: refused (nothing written)
 * when the cohort does not exist or nobody is seated in it. Mail waits for the fan-out ('pending'),
 * except for those who turned coach mail off ('off'); their dashboard shows it all the same.
 */
export async function sendAnnouncement(db: Db, input: AnnouncementInput, sentBy: string): Promise<SendOutcome> {
  const id = newId();
  const d1 = db.$client;
  const [, , , , counts, cohort] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO announcements (id, cohort_id, subject, body, sent_by) SELECT ?1, c.id, ?3, ?4, ?5 FROM cohorts c
        WHERE c.id = ?2 AND EXISTS (SELECT 1 ${SEATED})`,
      )
      .bind(id, input.cohortId, input.subject, input.body, sentBy),
    d1
      .prepare(
        `INSERT INTO announcement_recipients (announcement_id, user_id, position, mail)
        SELECT ?1, cm.user_id, row_number() OVER (ORDER BY cm.user_id),
          CASE WHEN EXISTS (SELECT 1 FROM coach_mail_opt_outs o WHERE o.user_id = cm.user_id) THEN 'off' ELSE 'pending' END
        ${SEATED} AND EXISTS (SELECT 1 FROM announcements WHERE id = ?1)`,
      )
      .bind(id, input.cohortId),
    d1
      .prepare(
        `UPDATE announcements SET recipients = (SELECT count(*) FROM announcement_recipients WHERE announcement_id = ?1),
          mails_queued = (SELECT count(*) FROM announcement_recipients WHERE announcement_id = ?1 AND mail = 'pending')
        WHERE id = ?1`,
      )
      .bind(id),
    d1
      .prepare(
        `INSERT INTO audit_entries (id, user_id, at, actor, action, from_value, to_value)
        SELECT lower(hex(randomblob(16))), r.user_id, a.created_at, a.sent_by, ?2, c.name, a.subject
        FROM announcement_recipients r JOIN announcements a ON a.id = r.announcement_id JOIN cohorts c ON c.id = a.cohort_id
        WHERE r.announcement_id = ?1`,
      )
      .bind(id, AUDIT_ACTIONS.announcement),
    d1.prepare('SELECT recipients, mails_queued AS mailsQueued FROM announcements WHERE id = ?1').bind(id),
    d1.prepare('SELECT id FROM cohorts WHERE id = ?1').bind(input.cohortId),
  ]);
  const sent = (counts?.results as { recipients: number; mailsQueued: number }[] | undefined)?.[0];
  if (sent) return { ok: true, id, recipients: sent.recipients, mailsQueued: sent.mailsQueued };
  return { ok: false, reason: cohort?.results.length ? 'nobody-seated' : 'no-cohort' };
}

/** Fan-out steps are this many recipients each: one D1 round trip and at most 10 sendBatch calls. */
export const FAN_OUT_CHUNK = 1000;

export interface ClaimedRecipient {
  userId: string;
  email: string;
}

/**
 * Claims the recipients at positions (from, to] whose mail waits: 'queued' for those who take
 * coach mail, 'off' for who turned it off since. One statement, so a step run twice claims nothing twice.
 */
export async function claimRecipients(db: Db, announcementId: string, from: number, to: number): Promise<ClaimedRecipient[]> {
  const { results } = await db.$client
    .prepare(
      `UPDATE announcement_recipients
      SET mail = CASE WHEN EXISTS (SELECT 1 FROM coach_mail_opt_outs o WHERE o.user_id = announcement_recipients.user_id) THEN 'off' ELSE 'queued' END
      WHERE announcement_id = ?1 AND position > ?2 AND position <= ?3 AND mail = 'pending'
      RETURNING user_id AS userId, mail, (SELECT email FROM users WHERE id = announcement_recipients.user_id) AS email`,
    )
    .bind(announcementId, from, to)
    .all<{ userId: string; mail: AnnouncementMailState; email: string | null }>();
  return results.filter((r) => r.mail === 'queued' && r.email).map((r) => ({ userId: r.userId, email: r.email! }));
}

/** Puts claimed recipients back to wait (their mails could not be queued; the step is retried). */
export async function unclaimRecipients(db: Db, announcementId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.$client
    .prepare(
      `UPDATE announcement_recipients SET mail = 'pending' WHERE announcement_id = ?1 AND mail = 'queued' AND user_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(announcementId, JSON.stringify(userIds))
    .run();
}

/** What the mail queue's consumer learnt of announcement mails: one statement for a whole batch, to run with its delivery records. */
export function recordAnnouncementMailsStatement(
  db: Db,
  outcomes: readonly { announcementId: string; userId: string; status: 'retrying' | 'delivered' | 'failed' }[],
): D1PreparedStatement | null {
  if (outcomes.length === 0) return null;
  // A delivered mail stays delivered (a late retry record never undoes it).
  return db.$client
    .prepare(
      `UPDATE announcement_recipients SET mail = j.value ->> 's' FROM json_each(?1) j
      WHERE announcement_recipients.announcement_id = j.value ->> 'a' AND announcement_recipients.user_id = j.value ->> 'u'
        AND announcement_recipients.mail <> 'delivered'`,
    )
    .bind(JSON.stringify(outcomes.map((o) => ({ a: o.announcementId, u: o.userId, s: o.status }))));
}

/** One announcement's subject, body and sender, for rendering its mails (the consumer reads it once per batch). */
export async function findAnnouncement(db: Db, id: string): Promise<{ subject: string; body: string; sentBy: string } | null> {
  const [row] = await db
    .select({ subject: announcements.subject, body: announcements.body, sentBy: announcements.sentBy })
    .from(announcements)
    .where(eq(announcements.id, id))
    .limit(1);
  return row ?? null;
}

/** A 'From your coach' card on the participant's dashboard. */
export interface CoachCard {
  id: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** The dashboard shows at most this many at once, newest first (the next shows when one is dismissed). */
const CARDS_SHOWN = 3;

/** Their announcements not dismissed yet, newest first, as a query (page read `coachCards`). */
export function coachCardsQuery(db: Db, userId: string | Placeholder) {
  const r = announcementRecipients;
  const a = announcements;
  return db
    .select({ id: a.id, subject: a.subject, body: a.body, createdAt: a.createdAt })
    .from(r)
    .innerJoin(a, eq(a.id, r.announcementId))
    .where(and(eq(r.userId, userId), isNull(r.dismissedAt)))
    .orderBy(desc(a.createdAt))
    .limit(CARDS_SHOWN);
}

/** 'Dismiss' on a card: answers whether it was theirs and still showing. */
export async function dismissCoachCard(db: Db, userId: string, announcementId: string, at: Date): Promise<boolean> {
  const r = announcementRecipients;
  const rows = await db
    .update(r)
    .set({ dismissedAt: at.toISOString() })
    .where(and(eq(r.userId, userId), eq(r.announcementId, announcementId), isNull(r.dismissedAt)))
    .returning({ id: r.announcementId });
  return rows.length > 0;
}

export interface CohortChoice {
  id: string;
  name: string;
  startDate: string;
}

/** The page's reads in one round trip: what was sent, and the cohorts to choose from (newest first). */
export async function readAnnouncementsPage(db: Db): Promise<{ sent: AnnouncementSummary[]; cohorts: CohortChoice[] }> {
  const [sent, choices] = await db.batch([
    listQuery(db),
    db.select({ id: cohorts.id, name: cohorts.name, startDate: cohorts.startDate }).from(cohorts).orderBy(desc(cohorts.startDate)),
  ]);
  return { sent: summaries(sent), cohorts: choices };
}

/** Who an announcement to this cohort would reach now: seated participants, and how many of them turned coach mail off. */
export async function countAudience(db: Db, cohortId: string): Promise<{ seated: number; mailOff: number }> {
  const row = await db.$client
    .prepare(
      `SELECT count(*) AS seated, count(o.user_id) AS mailOff ${SEATED.replace('?2', '?1').replace('WHERE', 'LEFT JOIN coach_mail_opt_outs o ON o.user_id = cm.user_id WHERE')}`,
    )
    .bind(cohortId)
    .first<{ seated: number; mailOff: number }>();
  return { seated: row?.seated ?? 0, mailOff: row?.mailOff ?? 0 };
}
