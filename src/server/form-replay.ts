// Post/Redirect/Get for failures too (docs/product.md#form-posts): a failed form post is kept in
// D1 for one page load and answered with a 303 back to its page, which then shows the messages.
// So the history never holds a POST: Back and reload never ask to resubmit.
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { FORM_REPLY_SECONDS, stashFormReply, takeFormReply } from '../data/form-replies';
import { FORM_REPLY_COOKIE } from '../paths';
import type { Failure } from './respond';

/** Renders the page a form lives on, with a failure's messages; named so a redirect can find it. */
export interface FormPage {
  name: string;
  render: (c: Context<AppEnv>, failure: Failure) => Promise<Response> | Response;
}

const FORM_PAGES = new Map<string, FormPage>();

/** Declares a form's page renderer (once, at module load) so its failures can be shown after a redirect. */
export function formPage(name: string, render: FormPage['render']): FormPage {
  if (FORM_PAGES.has(name)) throw new Error(`Form page ${name} is declared twice`);
  const page = { name, render };
  FORM_PAGES.set(name, page);
  return page;
}

/** A failure bigger than this (posted values included) is shown in place rather than kept. */
const KEPT_FAILURE_MAX = 32 * 1024;

function pageAddress(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

const userIdOf = (c: Context<AppEnv>) => c.get('auth')?.user.id ?? null;

/** Answers a failed form post: a 303 back to its page, which shows the failure once. */
export async function showFailure(c: Context<AppEnv>, page: FormPage, failure: Failure): Promise<Response> {
  const path = pageAddress(c);
  const failureJson = JSON.stringify(failure);
  // A legacy post to /api has no page address to return to; an outsized one is not worth keeping;
  // a throttled one (429) is shown in place, so a flood of refused posts writes nothing to D1.
  if (path.startsWith('/api/') || failureJson.length > KEPT_FAILURE_MAX || failure.status === 429) return page.render(c, failure);
  const id = await stashFormReply(c.get('db'), { userId: userIdOf(c), path, page: page.name, status: failure.status, failure: failureJson });
  setCookie(c, FORM_REPLY_COOKIE, id, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: FORM_REPLY_SECONDS });
  return c.redirect(path, 303);
}

/** On the page load after such a redirect, renders the kept failure instead of the blank page. */
export const replayFormFailure: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = c.req.method === 'GET' ? getCookie(c, FORM_REPLY_COOKIE) : undefined;
  if (!id) return next();
  deleteCookie(c, FORM_REPLY_COOKIE, { path: '/', secure: true });
  const kept = await takeFormReply(c.get('db'), id.slice(0, 64), pageAddress(c), userIdOf(c));
  const page = kept && FORM_PAGES.get(kept.page);
  if (!kept || !page) return next();
  return page.render(c, JSON.parse(kept.failure) as Failure);
};
