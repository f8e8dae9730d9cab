// Route paths and cookie names shared by routes, views and islands.
import { PRODUCT_SLUG } from './domain/product';

export const PATHS = {
  home: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  sessions: '/sessions',
  checkIns: '/check-ins',
  summary: '/summary',
  nextSteps: '/next-steps',
  settings: '/settings',
  verifyEmail: '/verify-email',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminWebhooks: '/admin/webhooks',
  adminWebinars: '/admin/webinars',
  replays: '/replays',
  faq: '/faq',
  devMail: '/dev/mail',
} as const;

export const API = {
  logout: '/api/auth/logout',
  progress: '/api/progress',
  progressExport: '/api/progress/export',
  wheelImage: '/api/progress/wheel.png',
  checkIns: '/api/check-ins',
  resetDemo: '/api/demo/reset',
} as const;

/** Settings has two forms; the time zone one says so in its address (the other is the password). */
export const TIME_ZONE_SETTINGS_PATH = `${PATHS.settings}?form=time-zone`;

/** A challenge week's page, which its form also posts to: `/sessions/2`. */
export function sessionPath(session: number): string {
  return `${PATHS.sessions}/${session}`;
}

/** `__Host-`: Secure, Path=/ and no Domain, so no subdomain can set or read it. */
export const SESSION_COOKIE = '__Host-life7_session';
export const FLASH_COOKIE = '__Host-life7_flash';
/** Names the failed form post waiting for its page load (docs/product.md#form-posts). */
export const FORM_REPLY_COOKIE = '__Host-life7_form';
/** Session 1's answers between its no-JavaScript steps, sealed (src/actions/session1-draft.ts). */
export const WHEEL_DRAFT_COOKIE = '__Secure-life7_wheel_draft';
/** The D1 bookmark of the visitor's last write (src/server/request-db.ts). */
export const D1_BOOKMARK_COOKIE = '__Host-life7_d1';

/** Only same-site paths are followed after sign-in, never another origin. */
export function safeReturnPath(value: string | null | undefined): string | null {
  // Control characters (tab, newline, NUL…) are dropped or invalid in URLs and headers; refuse them.
  if (!value || value.length > 2000 || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  // Judge the path as a browser will read it: parsed against our own (placeholder) origin, it must
  // stay there. `//evil.example` and `/\t/evil.example` change origin after the parser's clean-up.
  const base = 'https://return.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  return url.pathname + url.search + url.hash;
}

/** The webinar series as a calendar file (docs/product.md#words-and-names: named after the product, -sessions.ics). */
export const CALENDAR_FILE = `${PRODUCT_SLUG}-sessions.ics`;
export const CALENDAR_FILE_PATH = `/api/webinars/${CALENDAR_FILE}`;
