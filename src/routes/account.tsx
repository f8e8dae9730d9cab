// The public pages of a participant's own account (decision 42, docs/product.md#your-account): the
// two links of an email change (/confirm-email from the new address, /report-email-change from the
// old one: each opens a page with one button, a POST, since mail scanners open links, and answers
// 303 to its outcome), the page a deleted account lands on, and /privacy. The account's forms and
// JSON API are Settings' own (src/routes/settings/).
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { confirmEmailChange, type EmailChangeReport, reportEmailChange } from '../data/account';
import { attachPendingMembership } from '../data/memberships';
import { outboundLinks } from '../domain/links';
import { PATHS } from '../paths';
import { clearSessionCookie, loadAuth } from '../server/auth-session';
import { hashLinkToken } from '../server/link-token';
import {
  ACCOUNT_DELETED_TITLE,
  AccountDeletedPage,
  CONFIRM_EMAIL_TITLES,
  ConfirmEmailPage,
  type ConfirmEmailState,
  REPORT_TITLES,
  ReportEmailChangePage,
  type ReportState,
} from '../views/AccountPages';
import { PRIVACY_TITLE, PrivacyPage } from '../views/PrivacyPage';
import { renderPage } from '../views/render-page';

/** A link token is 43 characters; anything much longer is no token of ours. */
const TOKEN_MAX = 200;
const tokenOf = (c: Context<AppEnv>) => {
  const token = c.req.query('token') ?? '';
  return token && token.length <= TOKEN_MAX ? token : null;
};

const CONFIRM_DONE: Record<string, ConfirmEmailState> = { '1': 'confirmed', taken: 'taken', '0': 'invalid' };
const CONFIRM_STATUS = { confirm: 200, confirmed: 200, taken: 409, invalid: 400 } as const;

/** GET /confirm-email: with ?token, the button that confirms; with ?done, the outcome. */
async function showConfirmEmail(c: Context<AppEnv>): Promise<Response> {
  const token = tokenOf(c);
  const done = c.req.query('done');
  const state: ConfirmEmailState = done !== undefined ? (CONFIRM_DONE[done] ?? 'invalid') : token ? 'confirm' : 'invalid';
  const auth = await loadAuth(c);
  return renderPage(c, <ConfirmEmailPage state={state} token={token ?? ''} signedIn={Boolean(auth)} />, {
    title: CONFIRM_EMAIL_TITLES[state],
    status: CONFIRM_STATUS[state],
  });
}

/**
 * POST /confirm-email?token=…: the new address becomes the account's, verified; the account's other
 * sessions end (decision 28); a payment waiting for that address attaches (decision 19).
 */
async function confirmEmail(c: Context<AppEnv>): Promise<Response> {
  const token = tokenOf(c);
  const db = c.get('db');
  const keep = (await loadAuth(c))?.sessionId ?? null;
  const result = token ? await confirmEmailChange(db, await hashLinkToken(token), keep) : { outcome: 'invalid' as const };
  if (result.outcome === 'confirmed') await attachPendingMembership(db, result.user.id, result.user.email);
  const done = result.outcome === 'confirmed' ? '1' : result.outcome === 'taken' ? 'taken' : '0';
  return c.redirect(`${PATHS.confirmEmail}?done=${done}`, 303);
}

const REPORT_DONE: Record<string, ReportState> = {
  cancelled: 'cancelled',
  restored: 'restored',
  'not-restored': 'not-restored',
  invalid: 'invalid',
};

/** GET /report-email-change: with ?token, the button that cancels; with ?done, the outcome. */
function showReport(c: Context<AppEnv>): Response {
  const token = tokenOf(c);
  const done = c.req.query('done');
  const state: ReportState = done !== undefined ? (REPORT_DONE[done] ?? 'invalid') : token ? 'confirm' : 'invalid';
  return renderPage(c, <ReportEmailChangePage state={state} token={token ?? ''} contact={outboundLinks(c.env.OUTBOUND_LINKS).email} />, {
    title: REPORT_TITLES[state],
    status: state === 'invalid' ? 400 : 200,
  });
}

/**
 * POST /report-email-change?token=…: 'It was not me'. The pending change goes (or a confirmed one
 * is undone), every session of the account ends, this browser's cookie with them.
 */
async function report(c: Context<AppEnv>): Promise<Response> {
  const token = tokenOf(c);
  const outcome: EmailChangeReport = token ? await reportEmailChange(c.get('db'), await hashLinkToken(token)) : 'invalid';
  if (outcome !== 'invalid') clearSessionCookie(c);
  return c.redirect(`${PATHS.reportEmailChange}?done=${outcome}`, 303);
}

export const accountRoutes = new Hono<AppEnv>()
  .get(PATHS.confirmEmail, showConfirmEmail)
  .post(PATHS.confirmEmail, confirmEmail)
  .get(PATHS.reportEmailChange, showReport)
  .post(PATHS.reportEmailChange, report)
  .get(PATHS.accountDeleted, (c) => renderPage(c, <AccountDeletedPage />, { title: ACCOUNT_DELETED_TITLE }))
  .get(PATHS.privacy, (c) => renderPage(c, <PrivacyPage />, { title: PRIVACY_TITLE }));
