// The 15-minute run (docs/product.md#reminders-and-mail): the daily check-in reminders and the
// webinar reminders whose moment falls in this run's window, all worked out from the run's
// scheduledTime. Each reminder is claimed (a unique row per user, kind and day or webinar) before
// it is queued, so a repeated or overlapping run never sends one twice; the mail queue's consumer
// renders and sends them. Reads and writes go in pages of PAGE reminders, jobs onto the queue 100
// per sendBatch call.
import {
  anyWebinarStartsBetween,
  checkedInPairs,
  claimReminders,
  dueCheckIns,
  dueWebinarReminders,
  type WebinarReminderCursor,
} from '../data/reminders';
import { getDb } from '../db/client';
import { hasAccess } from '../domain/plans';
import { checkInDayInWindow, nextCheckInDue, type ReminderWindow, reminderWindow, webinarReminderRange } from '../domain/reminders';
import { userTimeZone } from '../domain/time-zone';
import { mayJoinWebinars } from '../domain/webinar-access';
import type { Env } from '../env';
import type { MailJob } from '../mail/message';
import { queueJobs } from '../mail/send';
import { log } from '../server/log';

/** Reminders read, claimed and queued per page. */
const PAGE = 1000;

export interface RunFigures {
  /** Due reminders looked at. */
  due: number;
  /** Reminders queued. */
  queued: number;
  /** sendBatch calls. */
  queueCalls: number;
}

/** The check-in reminders due in `window`: each looked at once, claimed, moved to its next day. */
export async function checkInReminders(env: Env, window: ReminderWindow): Promise<RunFigures> {
  const db = getDb(env.DB);
  const figures: RunFigures = { due: 0, queued: 0, queueCalls: 0 };
  for (;;) {
    const due = await dueCheckIns(db, window.end, PAGE);
    if (due.length === 0) break;
    figures.due += due.length;
    // The day each reminder is for, in the user's zone as it is now (a zone change moves it).
    const reminders = due.map((row) => ({
      row,
      timeZone: userTimeZone(row.timeZone),
      day: checkInDayInWindow(userTimeZone(row.timeZone), row.minute, window),
    }));
    const moved = reminders.filter((r) => r.day !== null && r.day !== r.row.day).map((r) => ({ userId: r.row.userId, day: r.day! }));
    const movedCheckIns = await checkedInPairs(db, moved);
    const send = reminders.filter(({ row, day }) => {
      if (day === null) return false; // stale (a missed run) or moved later by a zone change
      const checkedIn = day === row.day ? row.checkedIn : movedCheckIns.has(`${row.userId}|${day}`);
      return !checkedIn && hasAccess(row.membership, 'challenge', window.start);
    });
    const advances = reminders.map(({ row, timeZone }) => {
      const next = nextCheckInDue(timeZone, row.minute, window.end);
      return { userId: row.userId, dueAt: next.dueAt.toISOString(), day: next.day };
    });
    const claimed = await claimReminders(
      db,
      'check-in',
      send.map(({ row, day }) => ({ userId: row.userId, key: day! })),
      advances,
    );
    const jobs: MailJob[] = send
      .filter(({ row, day }) => claimed.has(`${row.userId}|${day}`))
      .map(({ row, day }) => ({
        id: `check-in:${row.userId}:${day}`,
        kind: 'check-in-reminder',
        userId: row.userId,
        to: row.email,
        day: day!,
      }));
    figures.queueCalls += await queueJobs(env, jobs);
    figures.queued += jobs.length;
    if (due.length < PAGE) break;
  }
  return figures;
}

/**
 * The webinar reminders of `window`: for sessions starting 24 hours after it, each participant
 * reminded of their own current cohort's only (decision 37). Pages of PAGE (user, session) pairs
 * in one ordered walk, so the round trips grow with the reminders sent, not with the sessions.
 */
export async function webinarReminders(env: Env, window: ReminderWindow): Promise<RunFigures> {
  const db = getDb(env.DB);
  const figures: RunFigures = { due: 0, queued: 0, queueCalls: 0 };
  const range = webinarReminderRange(window);
  if (!(await anyWebinarStartsBetween(db, range.from, range.to))) return figures;
  let cursor: WebinarReminderCursor = { userId: '', webinarId: '' };
  for (;;) {
    const due = await dueWebinarReminders(db, range.from, range.to, cursor, PAGE);
    if (due.length === 0) break;
    const last = due[due.length - 1]!;
    cursor = { userId: last.userId, webinarId: last.webinarId };
    const members = due.filter((s) => hasAccess(s.membership, 'challenge', window.start));
    figures.due += members.length;
    const claimed = await claimReminders(
      db,
      'webinar',
      members.map((s) => ({ userId: s.userId, key: s.webinarId })),
    );
    const jobs: MailJob[] = members
      .filter((s) => claimed.has(`${s.userId}|${s.webinarId}`))
      .map((s) => ({
        id: `webinar:${s.userId}:${s.webinarId}`,
        kind: 'webinar-reminder',
        userId: s.userId,
        to: s.email,
        webinarId: s.webinarId,
        timeZone: userTimeZone(s.timeZone),
        mayJoin: mayJoinWebinars(s.membership),
      }));
    figures.queueCalls += await queueJobs(env, jobs);
    figures.queued += jobs.length;
    if (due.length < PAGE) break;
  }
  return figures;
}

/** Every 15 minutes: both kinds of reminder for the window that holds `at`. */
export async function sendReminders(env: Env, at: Date): Promise<void> {
  const window = reminderWindow(at);
  const checkIns = await checkInReminders(env, window);
  const webinars = await webinarReminders(env, window);
  log('info', 'Reminders queued', {
    window: window.start.toISOString(),
    checkInsDue: checkIns.due,
    checkInsQueued: checkIns.queued,
    webinarRemindersQueued: webinars.queued,
    queueCalls: checkIns.queueCalls + webinars.queueCalls,
  });
}
