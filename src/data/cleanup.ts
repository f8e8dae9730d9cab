// The daily clean-up of what has stopped mattering (decision 27): expired sign-in sessions and
// link tokens (reset, verification, email change), and throttle windows that have ended; reminder
// claims and mail delivery records past their use, and cancelled webinars that have ended. One
// batch, one round trip.
import { and, gte, lt, lte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authSessions, emailVerificationTokens, passwordResetTokens, rateLimits } from '../db/schema';
import { emailChangeReports, emailChanges } from '../db/schema-account';
import { cancelledWebinars, mailDeliveries, reminderSends } from '../db/schema-reminders';
import { MAIL_RECORD_DAYS, REMINDER_CLAIM_DAYS } from '../domain/retention';

/** A family of throttle keys (`name:subject`) and the length of its windows. */
export interface ThrottleFamily {
  name: string;
  windowSeconds: number;
}

export interface Deleted {
  sessions: number;
  resetTokens: number;
  verificationTokens: number;
  /** Email changes never confirmed, and 'It was not me' links past their week (decision 42). */
  emailChangeLinks: number;
  throttleWindows: number;
  reminderClaims: number;
  mailRecords: number;
  cancelledWebinars: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes every row that expired before `now`. A throttle window has ended once the current
 * window of its family has begun; the families are given because the window lengths are policy.
 */
export async function deleteExpired(db: Db, now: Date, families: readonly ThrottleFamily[]): Promise<Deleted> {
  const at = now.toISOString();
  const seconds = Math.floor(now.getTime() / 1000);
  const [reminderClaims, mailRecords, cancelled, sessions, resetTokens, verificationTokens, emailChangeLinks, reports, ...windows] =
    await db.batch([
      db.delete(reminderSends).where(lt(reminderSends.createdAt, new Date(now.getTime() - REMINDER_CLAIM_DAYS * DAY_MS).toISOString())),
      db.delete(mailDeliveries).where(lt(mailDeliveries.updatedAt, new Date(now.getTime() - MAIL_RECORD_DAYS * DAY_MS).toISOString())),
      db.delete(cancelledWebinars).where(lte(cancelledWebinars.endTime, at)),
      db.delete(authSessions).where(lte(authSessions.expiresAt, at)),
      db.delete(passwordResetTokens).where(lte(passwordResetTokens.expiresAt, at)),
      db.delete(emailVerificationTokens).where(lte(emailVerificationTokens.expiresAt, at)),
      db.delete(emailChanges).where(lte(emailChanges.expiresAt, at)),
      db.delete(emailChangeReports).where(lte(emailChangeReports.expiresAt, at)),
      ...families.map(({ name, windowSeconds }) =>
        // `name:` to `name;` is the key range of the family (';' follows ':'), so the primary key serves it.
        db
          .delete(rateLimits)
          .where(
            and(
              gte(rateLimits.key, `${name}:`),
              lt(rateLimits.key, `${name};`),
              lt(rateLimits.windowStart, seconds - (seconds % windowSeconds)),
            ),
          ),
      ),
    ]);
  const changes = (result: unknown) => (result as D1Result).meta.changes;
  return {
    sessions: changes(sessions),
    resetTokens: changes(resetTokens),
    verificationTokens: changes(verificationTokens),
    emailChangeLinks: changes(emailChangeLinks) + changes(reports),
    throttleWindows: windows.reduce((sum, result) => sum + changes(result), 0),
    reminderClaims: changes(reminderClaims),
    mailRecords: changes(mailRecords),
    cancelledWebinars: changes(cancelled),
  };
}
