// What a handler reads about its signed-in user: the value its guard read with the session when
// the route declared it (one round trip), else a query of its own. Reads ride with the session
// only on GET and HEAD (src/server/auth-session.ts), so a handler that writes always reads afresh.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { findPendingEmailChange, type PendingEmailChange, type ProviderGrant, providerGrantsQuery } from '../data/account';
import { type CoachCard, coachCardsQuery } from '../data/announcements';
import { feedVersion } from '../data/calendar-feeds';
import { listCheckInDays, listCheckIns } from '../data/check-ins';
import { coachMailOn } from '../data/coach-mail';
import { listActionAnswers } from '../data/practice';
import { firstAndLatestWheelsQuery, readProgress, type WheelHistoryEntry, wheelHistoryOf } from '../data/progress';
import { getReminderSettings, type ReminderSettings, toSettings } from '../data/reminders';
import { listPastWebinars, listUpcomingWebinars } from '../data/webinars';
import type { CheckInRow, ProgressRow } from '../db/schema';
import { RECENT_CHECK_INS } from '../domain/check-ins';
import { CALENDAR_DAYS } from '../domain/consistency';
import type { ActionAnswer } from '../domain/practice';
import { webinarsForViewer } from '../domain/webinar-access';
import type { Webinar } from '../domain/webinars';
import { currentAuth } from './guards';

/**
 * Their current cohort's upcoming webinars (decision 37) as this member may see them: the join link
 * only with an active plan (decision 26).
 */
export async function upcomingWebinars(c: Context<AppEnv>): Promise<Webinar[]> {
  const { reads, membership, cohort } = currentAuth(c);
  return webinarsForViewer(reads.webinars ?? (await listUpcomingWebinars(c.get('db'), cohort?.id ?? null)), membership);
}

/** The past webinars of every cohort they have been in, newest first (/replays), under decision 26. */
export async function pastWebinars(c: Context<AppEnv>): Promise<Webinar[]> {
  const { reads, membership, user } = currentAuth(c);
  return webinarsForViewer(reads.pastWebinars ?? (await listPastWebinars(c.get('db'), user.id)), membership);
}

export async function userProgress(c: Context<AppEnv>): Promise<ProgressRow | null> {
  const { reads, user } = currentAuth(c);
  return reads.progress !== undefined ? reads.progress : readProgress(c.get('db'), user.id);
}

export async function userRecentCheckIns(c: Context<AppEnv>): Promise<CheckInRow[]> {
  const { reads, user } = currentAuth(c);
  return reads.recentCheckIns ?? listCheckIns(c.get('db'), user.id, RECENT_CHECK_INS);
}

/** The newest 28 check-ins (the summary's mood line and notes). */
export async function userMonthCheckIns(c: Context<AppEnv>): Promise<CheckInRow[]> {
  const { reads, user } = currentAuth(c);
  return reads.monthCheckIns ?? listCheckIns(c.get('db'), user.id, CALENDAR_DAYS);
}

export async function userCheckInDays(c: Context<AppEnv>): Promise<string[]> {
  const { reads, user } = currentAuth(c);
  return reads.checkInDays ?? listCheckInDays(c.get('db'), user.id);
}

/** The daily practice's answers, newest day first (decision 38). */
export async function userActionAnswers(c: Context<AppEnv>): Promise<ActionAnswer[]> {
  const { reads, user } = currentAuth(c);
  return reads.actionAnswers ?? listActionAnswers(c.get('db'), user.id);
}

/** The first and the latest wheel, oldest first. */
export async function userFirstAndLatestWheels(c: Context<AppEnv>): Promise<WheelHistoryEntry[]> {
  const { reads, user } = currentAuth(c);
  return wheelHistoryOf(reads.firstAndLatestWheels ?? (await firstAndLatestWheelsQuery(c.get('db'), user.id)));
}

/** The reminder choices (Settings). */
export async function userReminders(c: Context<AppEnv>): Promise<ReminderSettings> {
  const { reads, user } = currentAuth(c);
  return reads.reminders !== undefined ? toSettings(reads.reminders) : getReminderSettings(c.get('db'), user.id);
}

/** The private calendar feed address's version (Settings). */
export async function userFeedVersion(c: Context<AppEnv>): Promise<number> {
  const { reads, user } = currentAuth(c);
  return reads.feedVersion ?? feedVersion(c.get('db'), user.id);
}

/** The email change waiting for confirmation (Settings), null when none. */
export async function userPendingEmailChange(c: Context<AppEnv>): Promise<PendingEmailChange | null> {
  const { reads, user } = currentAuth(c);
  return reads.pendingEmailChange !== undefined ? reads.pendingEmailChange : findPendingEmailChange(c.get('db'), user.id);
}

/** The user's Stripe and Patreon grants (Settings). */
export async function userProviderGrants(c: Context<AppEnv>): Promise<ProviderGrant[]> {
  const { reads, user } = currentAuth(c);
  return reads.providerGrants ?? providerGrantsQuery(c.get('db'), user.id);
}

/** The 'From your coach' cards of their dashboard (decision 40). */
export async function userCoachCards(c: Context<AppEnv>): Promise<CoachCard[]> {
  const { reads, user } = currentAuth(c);
  return reads.coachCards ?? coachCardsQuery(c.get('db'), user.id);
}

/** Whether they take mail from their coach (Settings). */
export async function userCoachMailOn(c: Context<AppEnv>): Promise<boolean> {
  const { reads, user } = currentAuth(c);
  return reads.coachMailOptOut !== undefined ? reads.coachMailOptOut === null : coachMailOn(c.get('db'), user.id);
}
