// Route paths and cookie names shared by routes, views and islands.
import { PRODUCT_SLUG } from './domain/product';

export const PATHS = {
  home: '/',
  login: '/login',
  /** The public page to join a cohort and pay (decision 41): `/join`, `/join/{cohort}`. */
  join: '/join',
  /** `/upgrade/{plan}`: on to the plan's Payment Link (decision 41). */
  upgrade: '/upgrade',
  /** The sign-in's code step for an admin with a second factor (decision 43). */
  loginCode: '/login/code',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  sessions: '/sessions',
  checkIns: '/check-ins',
  summary: '/summary',
  nextSteps: '/next-steps',
  settings: '/settings',
  /** An admin's second factor: set up, recovery codes, turn off (decision 43). */
  twoFactor: '/settings/two-factor',
  verifyEmail: '/verify-email',
  admin: '/admin',
  adminCohort: '/admin/cohort',
  adminCohortCsv: '/admin/cohort.csv',
  /** Every cohort side by side: completion, median streak, wheel gain per arena (docs/product.md#the-coachs-desk). */
  adminCohortCompare: '/admin/cohorts/compare',
  /** Every cohort: create, edit, enrolment (docs/product.md#cohorts). */
  adminCohorts: '/admin/cohorts',
  adminUsers: '/admin/users',
  adminWebhooks: '/admin/webhooks',
  adminWebinars: '/admin/webinars',
  /** Announcements to a cohort: write, preview, send, and what was sent (decision 40). */
  adminAnnouncements: '/admin/announcements',
  replays: '/replays',
  faq: '/faq',
  devMail: '/dev/mail',
  /** Outside production, where a plan with no Payment Link is paid (decision 41). */
  devCheckout: '/dev/checkout',
  devBilling: '/dev/billing',
  /** A one-tap check-in from a reminder mail (decision 29). */
  quickCheckIn: '/check-in',
  /** RFC 8058 one-click unsubscribe from a reminder. */
  unsubscribe: '/unsubscribe',
  adminMail: '/admin/mail',
  /** The private calendar feed: `/calendar/{secret}.ics`. */
  calendarFeed: '/calendar',
  /** What is stored and for how long, how to export and delete it (public, docs/product.md#your-account). */
  privacy: '/privacy',
  /** Where a deleted account lands, signed out (public). */
  accountDeleted: '/account-deleted',
  /** The link mailed to a new address: `?token=…` (decision 42). */
  confirmEmail: '/confirm-email',
  /** The 'It was not me' link mailed to the old address: `?token=…`. */
  reportEmailChange: '/report-email-change',
} as const;

export const API = {
  logout: '/api/auth/logout',
  progress: '/api/progress',
  progressExport: '/api/progress/export',
  wheelImage: '/api/progress/wheel.png',
  milestones: '/api/progress/milestones',
  checkIns: '/api/check-ins',
  resetDemo: '/api/demo/reset',
  reminders: '/api/reminders',
  calendarFeed: '/api/calendar-feed',
  calendarFeedReset: '/api/calendar-feed/reset',
  /** A participant's own account (docs/product.md#your-account): GET it, DELETE it. */
  account: '/api/account',
  accountName: '/api/account/name',
  /** POST a change of address; DELETE cancels the pending one. */
  accountEmail: '/api/account/email',
  accountEmailResend: '/api/account/email/resend',
  /** Mail from the coach: GET and POST { enabled } (decision 40). */
  coachMail: '/api/coach-mail',
} as const;

/** Settings has two forms; the time zone one says so in its address (the other is the password). */
export const TIME_ZONE_SETTINGS_PATH = `${PATHS.settings}?form=time-zone`;
/** The dashboard's check-in card posts to /check-ins with `?return=dashboard` and is sent back (decision 38). */
export const RETURN_TO_DASHBOARD = 'dashboard';
export const DASHBOARD_CHECK_IN_ACTION = `${PATHS.checkIns}?return=${RETURN_TO_DASHBOARD}`;
export const REMINDERS_SETTINGS_PATH = `${PATHS.settings}?form=reminders`;
export const CALENDAR_FEED_RESET_PATH = `${PATHS.settings}?form=calendar-feed`;
/** Mail from the coach on or off (decision 40). */
export const COACH_MAIL_SETTINGS_PATH = `${PATHS.settings}?form=coach-mail`;
/** The account's own forms on Settings (decision 42), each at its own address. */
export const ACCOUNT_FORM_PATHS = {
  name: `${PATHS.settings}?form=name`,
  email: `${PATHS.settings}?form=email`,
  emailResend: `${PATHS.settings}?form=email-resend`,
  emailCancel: `${PATHS.settings}?form=email-cancel`,
  deleteAccount: `${PATHS.settings}?form=delete-account`,
} as const;

/** `/calendar` (PATHS.calendarFeed) and anything under it, with slashes doubled, escaped or backwards. */
const SECRET_IN_PATH = /^[/\\]+calendar(?:[/\\]|%2f|%5c|$)/i;

/**
 * The address as a log line may hold it (docs/product.md#operations): the private calendar feed,
 * `/calendar/{secret}.ics`, carries its secret in the path, so any path under it is logged as
 * `/calendar/[redacted]`, however it is spelled (letter case, doubled or escaped slashes, escaped
 * letters). The other signed links carry theirs in the query (`?t=` on /check-in and /unsubscribe,
 * `?token=` on /reset-password, /verify-email, /confirm-email and /report-email-change), and no log
 * line holds a query at all.
 */
export function pathForLog(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape: judge the path as it came.
  }
  return SECRET_IN_PATH.test(path) || SECRET_IN_PATH.test(decoded) ? `${PATHS.calendarFeed}/[redacted]` : path;
}

/** The admin's page for one participant: `/admin/users/ID`. */
/** One cohort's desk, its CSV: `/admin/cohort?cohort=ID`, `/admin/cohort.csv?cohort=ID`. */
export function deskPath(cohortId: string, path: string = PATHS.adminCohort): string {
  return `${path}?cohort=${encodeURIComponent(cohortId)}`;
}

export function adminUserPath(userId: string): string {
  return `${PATHS.adminUsers}/${encodeURIComponent(userId)}`;
}

/** The wheel image's query parameter that draws the first wheel as an outline under the latest. */
export const WHEEL_COMPARE_PARAM = 'compare';

/** Session 4's milestone forms post to its page, saying so in the address (as Settings' time zone does). */
export const MILESTONE_FORM_PATH = '/sessions/4?form=milestone';

/** 'Send a nudge' to one participant (decision 40); `reason` is one of the desk's (quiet, mood, stall, grace). */
export function adminNudgePath(userId: string, reason?: string | null): string {
  return `${adminUserPath(userId)}/nudge${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`;
}

/** A challenge week's page, which its form also posts to: `/sessions/2`. */
export function sessionPath(session: number): string {
  return `${PATHS.sessions}/${session}`;
}

/** `__Host-`: Secure, Path=/ and no Domain, so no subdomain can set or read it. */
export const SESSION_COOKIE = '__Host-life7_session';
export const FLASH_COOKIE = '__Host-life7_flash';
/** Session 1's answers between its no-JavaScript steps, sealed (src/server/session1-draft.ts). */
export const WHEEL_DRAFT_COOKIE = '__Secure-life7_wheel_draft';
/** A temporary password an admin just issued, sealed, on its way to the participant's page (src/server/issued-password.ts). */
export const ISSUED_PASSWORD_COOKIE = '__Secure-life7_issued';
/** Recovery codes just made, sealed, on their way to the page that shows them once (src/server/second-factor.ts). */
export const RECOVERY_CODES_COOKIE = '__Secure-life7_recovery';
/** The D1 bookmark of the visitor's last write (src/server/request-db.ts). */
export const D1_BOOKMARK_COOKIE = '__Host-life7_d1';
/** A browser that signed in to an account before: its sign-ins pass that account's lock-out (src/server/device-cookie.ts). */
export const DEVICE_COOKIE = '__Host-life7_device';

/** Characters no return path needs, which parsers drop or read as separators: C0 and C1 controls,
 * DEL, the Unicode line and paragraph separators, and the backslash (a `/` to a browser). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point: a return path holding one is refused
const UNSAFE_IN_RETURN_PATH = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;
/** A placeholder origin to parse against: a return path must stay on it. */
const RETURN_BASE = 'https://return.invalid';
/** How many rounds of percent-decoding are judged too (`%252f` is `%2f` is `/`). */
const DECODE_ROUNDS = 3;

/** The path as a browser will follow it (dot segments resolved), or null if it leaves this site. */
function normalisedPath(value: string): string | null {
  if (!value.startsWith('/') || UNSAFE_IN_RETURN_PATH.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return null;
  }
  if (url.origin !== RETURN_BASE) return null;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can leave a second slash in front (`/.//evil.example`, `/a/%2e%2e//evil`): as a
  // Location that is protocol-relative, another origin.
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/**
 * Only same-site paths are followed after sign-in, never another origin (decision 23): the
 * answer is the NORMALISED path, so what is checked is exactly what goes into the Location. A path
 * that becomes `//…` or `/\…` once its escapes are decoded (once or a few times: a proxy or a
 * router on the way may decode) is refused too, as is one with a malformed escape.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  const path = normalisedPath(value);
  if (path === null) return null;
  let decoded = path;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    if (normalisedPath(next) === null) return null;
    decoded = next;
  }
  return path;
}

/** The webinar series as a calendar file (docs/product.md#words-and-names: named after the product, -sessions.ics). */
export const CALENDAR_FILE = `${PRODUCT_SLUG}-sessions.ics`;
export const CALENDAR_FILE_PATH = `/api/webinars/${CALENDAR_FILE}`;

/** A page's address without its origin: path and query ('/check-ins?return=dashboard'). */
export function pathAndQuery(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
}
