// A participant's own account on Settings (decision 42, docs/product.md#your-account): name, email
// change (request, resend, cancel) and deletion, as form posts and as /api/account*. Registered by
// index.tsx beside it.
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { cancelEmailChange, changeName, deleteOwnAccount, passwordAndAddressQuery } from '../../data/account';
import { type BatchedRead, clearHits, countAttempt } from '../../data/throttle';
import { passwordHashQuery, publicUser } from '../../data/users';
import { ACCOUNT_MESSAGES, pseudonymFrom } from '../../domain/account';
import { changeEmailSchema, changeNameFormSchema, changeNameSchema, deleteAccountSchema } from '../../domain/auth-schemas';
import { PATHS } from '../../paths';
import { clearSessionCookie } from '../../server/auth-session';
import { mailSeatedFromWaitlist } from '../../server/cohort-seat-mail';
import { resendEmailChangeLink, sendEmailChangeLinks } from '../../server/email-change-mail';
import { HttpError } from '../../server/errors';
import { setFlash } from '../../server/flash';
import { currentAuth } from '../../server/guards';
import { type Input, readInput } from '../../server/input';
import { verifyPassword } from '../../server/password';
import { accept, type RenderFailure, reject } from '../../server/respond';
import { accountPasswordLimits, verificationResendLimit, waitInWords } from '../../server/throttle-policy';
import { accountState, renderAccountFailure } from './page';

/** A change of name, by sign-up's rule (blank clears it): `{ user }`. */
export async function saveName(c: Context<AppEnv>): Promise<Response> {
  const input = await readInput(c, changeNameSchema, { formSchema: changeNameFormSchema });
  if (!input.ok) return reject(c, input, renderAccountFailure('name'), { status: 400 });
  const user = await changeName(c.get('db'), currentAuth(c).user.id, input.value.name);
  if (!user) throw new HttpError(401, 'Not signed in');
  return accept(c, input.mode, {
    json: { user: publicUser(user) },
    redirect: `${PATHS.settings}#name`,
    flash: { title: 'Name saved', description: user.name ? 'Your new name shows from now on.' : 'Your name was removed.' },
  });
}

const PASSWORD_FIELDS = ['password'];

/**
 * The password asked again before an email change or a deletion, counted like sign-in attempts
 * (per user, 429 past the limit) in the round trip that reads the stored hash with `read`'s
 * other facts. Answers those facts when the password is right, else the refusal to return.
 */
async function checkAccountPassword<R extends { passwordHash: string }>(
  c: Context<AppEnv>,
  input: Input<unknown>,
  render: RenderFailure,
  read: BatchedRead<R[]>,
): Promise<{ ok: true; facts: R } | { ok: false; response: Response | Promise<Response> }> {
  const db = c.get('db');
  const limits = accountPasswordLimits(c.env, currentAuth(c).user.id);
  const [exceeded, [facts]] = await countAttempt(db, limits, undefined, read);
  if (exceeded) {
    const response = reject(c, input, render, {
      status: 429,
      message: `Too many attempts. Please wait ${waitInWords(exceeded.retryAfterSeconds)} and try again.`,
      hideFields: PASSWORD_FIELDS,
      retryAfterSeconds: exceeded.retryAfterSeconds,
    });
    return { ok: false, response };
  }
  const password = input.ok ? (input.value as { password: string }).password : '';
  if (!facts || !(await verifyPassword(password, facts.passwordHash))) {
    const message = ACCOUNT_MESSAGES.wrongPassword;
    const response = reject(c, input, render, { status: 403, message, fieldErrors: { password: [message] }, hideFields: PASSWORD_FIELDS });
    return { ok: false, response };
  }
  return { ok: true, facts };
}

/**
 * A change of address: 202, and the new address gets a link that makes it the account's once
 * followed; the old one is told, with a link that undoes it. An address another account holds is
 * 409 with sign-up's own words, and only after the password: it tells no more than sign-up does.
 */
export async function requestEmailChange(c: Context<AppEnv>): Promise<Response> {
  const render = renderAccountFailure('email');
  const input = await readInput(c, changeEmailSchema);
  if (!input.ok) return reject(c, input, render, { status: 400, hideFields: PASSWORD_FIELDS });
  const { user } = currentAuth(c);
  const { email } = input.value;
  if (email === user.email) {
    const message = ACCOUNT_MESSAGES.sameEmail;
    return reject(c, input, render, { status: 400, message, fieldErrors: { email: [message] }, hideFields: PASSWORD_FIELDS });
  }
  const checked = await checkAccountPassword(c, input, render, passwordAndAddressQuery(c.get('db'), user.id, email));
  if (!checked.ok) return checked.response;
  if (checked.facts.taken) {
    const message = ACCOUNT_MESSAGES.emailTaken;
    return reject(c, input, render, { status: 409, message, fieldErrors: { email: [message] }, hideFields: PASSWORD_FIELDS });
  }
  await clearHits(
    c.get('db'),
    accountPasswordLimits(c.env, user.id).map((limit) => limit.key),
  );
  const pendingEmail = await sendEmailChangeLinks(c, user, email);
  const message = `We sent a link to ${email}. Your address changes once you open it.`;
  return accept(c, input.mode, {
    json: { message, pendingEmail },
    jsonStatus: 202,
    redirect: `${PATHS.settings}#email`,
    flash: { title: 'Check your new inbox', description: message },
  });
}

/** Answers a Settings button without fields (resend, cancel): JSON for the API, a toast and 303 for the page. */
function buttonAnswer(c: Context<AppEnv>, status: 200 | 409 | 429, title: string, message: string): Response {
  if (c.req.path !== PATHS.settings) {
    if (status !== 200) throw new HttpError(status, message);
    return c.json({ message });
  }
  setFlash(c, { toast: { title, description: message, ...(status === 200 ? {} : { variant: 'destructive' as const }) } });
  return c.redirect(`${PATHS.settings}#email`, 303);
}

/** 'Resend': a new link to the pending address (three an hour, with the verification mails). */
export async function resendEmailChange(c: Context<AppEnv>): Promise<Response> {
  const { user } = currentAuth(c);
  const exceeded = await countAttempt(c.get('db'), [verificationResendLimit(c.env, user.id)]);
  if (exceeded) {
    c.header('Retry-After', String(exceeded.retryAfterSeconds));
    return buttonAnswer(c, 429, 'Too many emails', `Please try again in ${waitInWords(exceeded.retryAfterSeconds)}.`);
  }
  const newEmail = await resendEmailChangeLink(c, user.id);
  if (!newEmail) return buttonAnswer(c, 409, 'Nothing to resend', ACCOUNT_MESSAGES.noPendingChange);
  return buttonAnswer(c, 200, 'Link sent again', `We sent a new link to ${newEmail}.`);
}

/** 'Cancel': the pending change goes, and its link stops working. */
export async function cancelPendingEmail(c: Context<AppEnv>): Promise<Response> {
  const cancelled = await cancelEmailChange(c.get('db'), currentAuth(c).user.id);
  if (!cancelled) return buttonAnswer(c, 409, 'Nothing to cancel', ACCOUNT_MESSAGES.noPendingChange);
  return buttonAnswer(c, 200, 'Email change cancelled', 'Your address stays as it is.');
}

/** The audit trail's name for a self-deleted account: 'deleted:' and the first 12 hex of SHA-256(id + JWT_SECRET). */
async function pseudonymOf(c: Context<AppEnv>, userId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(userId + c.env.JWT_SECRET));
  return pseudonymFrom(Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join(''));
}

/**
 * Deleting the account: the word 'delete' (any letter case) and the password; everything of theirs
 * goes in one batch, the audit trail keeps a pseudonym; they are signed out everywhere and land on
 * the page that says it is done. The last admin cannot (409).
 */
export async function deleteAccount(c: Context<AppEnv>): Promise<Response> {
  const render = renderAccountFailure('delete-account');
  const input = await readInput(c, deleteAccountSchema);
  if (!input.ok) return reject(c, input, render, { status: 400, hideFields: PASSWORD_FIELDS });
  const { user } = currentAuth(c);
  const db = c.get('db');
  const checked = await checkAccountPassword(c, input, render, passwordHashQuery(db, user.id));
  if (!checked.ok) return checked.response;
  const { outcome, freed } = await deleteOwnAccount(db, user, await pseudonymOf(c, user.id));
  if (outcome === 'last-admin') {
    return reject(c, input, render, { status: 409, message: ACCOUNT_MESSAGES.lastAdmin, hideFields: PASSWORD_FIELDS });
  }
  if (freed?.seatedFromWaitlist) await mailSeatedFromWaitlist(c, freed.cohortId, freed.at);
  clearSessionCookie(c);
  return accept(c, input.mode, { json: { message: ACCOUNT_MESSAGES.deleted }, redirect: PATHS.accountDeleted });
}

/** GET /api/account: the account, a pending address and the subscriptions a deletion would leave running. */
export async function showAccount(c: Context<AppEnv>): Promise<Response> {
  return c.json({ user: publicUser(currentAuth(c).user), ...(await accountState(c)) });
}
