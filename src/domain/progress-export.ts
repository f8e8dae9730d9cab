// 'Download My Progress' (docs/product.md#summary-and-data-export): all of the user's own data as one JSON file.
// Every part is built from fields picked by name, never by spreading a row, so a column added
// later (or the password hash that is already there) cannot leak into the download.
import { ARENAS, type Arena } from './arenas';
import type { CheckIn } from './check-ins';
import { PRODUCT_NAME, PRODUCT_SLUG } from './product';
import { type ProgressRecord, type ProgressView, toClientView } from './progress-view';
import { isQuestionId } from './questions';
import { DEFAULT_CHECK_IN_MINUTE, formatLocalTime } from './reminders';
import { totalScore } from './scoring';
import { isCalendarDay } from './time-zone';

export const EXPORT_FORMAT = `${PRODUCT_SLUG}-progress`;
const EXPORT_VERSION = 1;

/** What the export reads from the account; a full user row fits, and only these fields are copied. */
interface ExportAccountSource {
  id: string;
  email: string;
  name: string | null;
  role: string;
  timeZone?: string | null;
  createdAt: string;
  lastLoginAt?: string | null;
}

interface ExportMembershipSource {
  plan: string;
  status: string;
  source?: string | null;
  updatedAt?: string | null;
}

interface ExportWheelSource {
  scores: Readonly<Partial<Record<Arena, number>>>;
  keystoneArena: string | null;
  completedAt: string;
  /** That wheel's 70 answers; absent or null for wheels kept before they were. */
  questionResponses?: Readonly<Record<string, number>> | null;
  /** The reflections written with that wheel (decision 39); absent or null when they could not be kept. */
  reflections?: readonly string[] | null;
}

interface ExportCheckInSource extends CheckIn {
  createdAt?: string | null;
  updatedAt?: string | null;
}

/** The reminder choices (a stored row fits); null before any was saved: every reminder off. */
interface ExportRemindersSource {
  checkInEnabled: boolean;
  /** Local time of day, minutes after midnight. */
  checkInMinute: number;
  webinarsEnabled: boolean;
  updatedAt?: string | null;
}

interface ExportEmailChangeSource {
  newEmail: string;
  createdAt: string;
  expiresAt: string;
}

/** The reminder mails, by the name the unsubscribe link and the API give them. */
const REMINDER_KINDS = ['check-in', 'webinar'] as const;

export interface ProgressExportInput {
  account: ExportAccountSource;
  membership: ExportMembershipSource | null;
  /** The stored progress record (null before anything was saved). */
  progress: (ProgressRecord & { updatedAt?: string | null }) | null;
  /** Every completed Session 1 (docs/product.md#wheel-history), in any order. */
  wheelHistory: readonly ExportWheelSource[];
  checkIns: readonly ExportCheckInSource[];
  /** The reminder and mail choices (decision 42); null before any was saved. */
  reminders?: ExportRemindersSource | null;
  /** The email change waiting for its new address's confirmation, if any. */
  pendingEmailChange?: ExportEmailChangeSource | null;
  exportedAt: Date;
}

export interface ProgressExport {
  format: string;
  version: number;
  product: string;
  exportedAt: string;
  account: {
    id: string;
    email: string;
    name: string | null;
    role: string;
    timeZone: string | null;
    createdAt: string;
    lastLoginAt: string | null;
  };
  membership: { plan: string; status: string; source: string | null; updatedAt: string | null } | null;
  progress: ProgressView & { updatedAt: string | null };
  wheelHistory: {
    completedAt: string;
    scores: Record<Arena, number>;
    total: number;
    keystoneArena: string | null;
    questionResponses: Record<string, number> | null;
    reflections: string[] | null;
  }[];
  checkIns: { date: string; mood: number; drift: string; win: string; createdAt: string | null; updatedAt: string | null }[];
  /**
   * The reminder mails chosen (decision 29): off until turned on, and a one-click unsubscribe turns
   * one off. `unsubscribed` lists the reminder mails not sent to them; the account's security
   * mails (verification, reset, email change) are always sent.
   */
  reminders: {
    checkIn: { enabled: boolean; localTime: string };
    webinars: { enabled: boolean };
    unsubscribed: (typeof REMINDER_KINDS)[number][];
    updatedAt: string | null;
  };
  /** A change of address waiting for confirmation: the account's address stays `account.email` until then. */
  pendingEmailChange: { newEmail: string; requestedAt: string; expiresAt: string } | null;
}

/** Known arenas only, each a finite number (a missing one is 0, as the wheel draws it). */
function arenaScoresOf(scores: Readonly<Partial<Record<Arena, number>>>): Record<Arena, number> {
  const out = {} as Record<Arena, number>;
  for (const arena of ARENAS) {
    const value = scores[arena];
    out[arena] = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  }
  return out;
}

export function progressExport({
  account,
  membership,
  progress,
  wheelHistory,
  checkIns,
  reminders = null,
  pendingEmailChange = null,
  exportedAt,
}: ProgressExportInput): ProgressExport {
  const enabled = { 'check-in': reminders?.checkInEnabled ?? false, webinar: reminders?.webinarsEnabled ?? false };
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    product: PRODUCT_NAME,
    exportedAt: exportedAt.toISOString(),
    account: {
      id: account.id,
      email: account.email,
      name: account.name,
      role: account.role,
      timeZone: account.timeZone ?? null,
      createdAt: account.createdAt,
      lastLoginAt: account.lastLoginAt ?? null,
    },
    // The payment provider's own reference (externalId) is an internal link, not the user's data.
    membership: membership
      ? { plan: membership.plan, status: membership.status, source: membership.source ?? null, updatedAt: membership.updatedAt ?? null }
      : null,
    progress: { ...toClientView(progress), updatedAt: progress?.updatedAt ?? null },
    wheelHistory: [...wheelHistory]
      .sort((a, b) => a.completedAt.localeCompare(b.completedAt))
      .map((wheel) => {
        const scores = arenaScoresOf(wheel.scores);
        const answers = wheel.questionResponses
          ? Object.fromEntries(Object.entries(wheel.questionResponses).filter(([id, value]) => isQuestionId(id) && Number.isFinite(value)))
          : null;
        return {
          completedAt: wheel.completedAt,
          scores,
          total: totalScore(scores),
          keystoneArena: wheel.keystoneArena,
          questionResponses: answers,
          reflections: wheel.reflections ? [...wheel.reflections] : null,
        };
      }),
    checkIns: [...checkIns]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((c) => ({
        date: c.date,
        mood: c.mood,
        drift: c.drift,
        win: c.win,
        createdAt: c.createdAt ?? null,
        updatedAt: c.updatedAt ?? null,
      })),
    reminders: {
      checkIn: { enabled: enabled['check-in'], localTime: formatLocalTime(reminders?.checkInMinute ?? DEFAULT_CHECK_IN_MINUTE) },
      webinars: { enabled: enabled.webinar },
      unsubscribed: REMINDER_KINDS.filter((kind) => !enabled[kind]),
      updatedAt: reminders?.updatedAt ?? null,
    },
    pendingEmailChange: pendingEmailChange
      ? { newEmail: pendingEmailChange.newEmail, requestedAt: pendingEmailChange.createdAt, expiresAt: pendingEmailChange.expiresAt }
      : null,
  };
}

/** The download's text: indented, so it is readable when opened. */
export function progressExportJson(data: ProgressExport): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/**
 * `life7-progress-YYYY-MM-DD.json`. The day goes into a Content-Disposition header, so anything
 * that is not a calendar day is refused rather than passed through.
 */
export function exportFileName(day: string): string {
  if (!isCalendarDay(day)) throw new RangeError(`Not a calendar day (YYYY-MM-DD): ${day}`);
  return `${PRODUCT_SLUG}-progress-${day}.json`;
}
