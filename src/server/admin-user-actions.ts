// The actions on one participant's account that /admin/users/:id's forms and the JSON API share
// (src/routes/admin-user.tsx): each checks the typed confirmation word and the rules against
// acting on oneself, changes the account with its audit entry, and ends in an Outcome, which the
// form shows on the page and the JSON API answers as the error contract's 4xx.

import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { deleteUser, type GuardedChange, setRole, setTemporaryPassword } from '../data/admin-users';
import { moveToCohort } from '../data/cohorts';
import { endAdminPlan, readAdminGrant, setAdminPlan } from '../data/memberships';
import { USER_NOT_FOUND } from '../domain/accounts';
import {
  confirmationRefusal,
  LAST_ADMIN,
  NO_PLAN,
  type PlanChoice,
  planConfirmWord,
  roleConfirmWord,
  selfChangeRefusal,
} from '../domain/admin';
import type { CohortPlace } from '../domain/cohorts';
import { COHORT_NOT_FOUND } from '../domain/cohorts';
import type { FieldErrors } from '../domain/field-errors';
import { isGrantActive } from '../domain/grants';
import type { Role } from '../domain/plans';
import { mailSeatedFromWaitlist } from './cohort-seat-mail';
import { HttpError } from './errors';
import { currentAuth } from './guards';
import { hashPassword, passwordCost } from './password';
import { temporaryPassword } from './temporary-password';

/** What an action ends in: done, or refused with a status and the words for it. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: FieldErrors };
const refused = (status: 400 | 404 | 409, message: string, fieldErrors?: FieldErrors) => ({
  ok: false as const,
  status,
  message,
  fieldErrors,
});
const wordRefused = (message: string) => refused(400, message, { confirm: [message] });

function fromGuarded(result: GuardedChange): Outcome<GuardedChange & { ok: true }> {
  if (result.ok) return { ok: true, value: result };
  return result.reason === 'not-found' ? refused(404, USER_NOT_FOUND) : refused(409, LAST_ADMIN);
}

/** The admin who acts, as the audit trail names them. */
const actor = (c: Context<AppEnv>) => currentAuth(c).user.email;

const NO_ADMIN_GRANT = 'There is no admin grant to end: a plan paid through Stripe or Patreon stays';

export async function changePlan(c: Context<AppEnv>, userId: string, plan: PlanChoice, typed: string | undefined, required: boolean) {
  const db = c.get('db');
  const { user, grant } = await readAdminGrant(db, userId);
  if (!user) return refused(404, USER_NOT_FOUND);
  const current = grant && isGrantActive(grant, new Date()) ? grant.plan : null;
  const refusal = confirmationRefusal(typed, planConfirmWord(current, plan), required);
  if (refusal) return wordRefused(refusal);
  if (plan === NO_PLAN) {
    // Only an active admin grant ends; a past-due one is a provider's affair (decision 24).
    if (grant?.status !== 'active') return refused(409, NO_ADMIN_GRANT, { plan: [NO_ADMIN_GRANT] });
    return { ok: true as const, value: { user, membership: await endAdminPlan(db, userId, actor(c)) } };
  }
  return { ok: true as const, value: { user, membership: await setAdminPlan(db, userId, plan, actor(c)) } };
}

export async function changeRole(c: Context<AppEnv>, userId: string, role: Role, typed: string | undefined, required: boolean) {
  const selfRefusal = selfChangeRefusal('role', currentAuth(c).user.id, userId, role);
  if (selfRefusal) return refused(409, selfRefusal);
  const refusal = confirmationRefusal(typed, roleConfirmWord(role), required);
  if (refusal) return wordRefused(refusal);
  return fromGuarded(await setRole(c.get('db'), userId, role, actor(c)));
}

export async function issuePassword(c: Context<AppEnv>, userId: string): Promise<Outcome<{ tempPassword: string }>> {
  const selfRefusal = selfChangeRefusal('reset', currentAuth(c).user.id, userId);
  if (selfRefusal) return refused(409, selfRefusal);
  const tempPassword = temporaryPassword();
  if (!(await setTemporaryPassword(c.get('db'), userId, await hashPassword(tempPassword, passwordCost(c.env)), actor(c))))
    return refused(404, USER_NOT_FOUND);
  return { ok: true, value: { tempPassword } };
}

export async function removeUser(c: Context<AppEnv>, userId: string, typed: string | undefined, required: boolean) {
  const selfRefusal = selfChangeRefusal('delete', currentAuth(c).user.id, userId);
  if (selfRefusal) return refused(409, selfRefusal);
  const refusal = confirmationRefusal(typed, 'delete', required);
  if (refusal) return wordRefused(refusal);
  const deleted = await deleteUser(c.get('db'), userId, actor(c));
  // The seat they held goes to the first on their cohort's waitlist, who is told (docs/product.md#cohorts).
  if (deleted.ok && deleted.freed?.seatedFromWaitlist) await mailSeatedFromWaitlist(c, deleted.freed.cohortId, deleted.freed.at);
  return fromGuarded(deleted);
}

/**
 * Moves the participant to another cohort, with its audit entry, in one batch; whoever the freed
 * seat went to off the old cohort's waitlist is mailed (docs/product.md#cohorts).
 */
export async function moveCohort(
  c: Context<AppEnv>,
  userId: string,
  cohortId: string,
): Promise<Outcome<{ from: CohortPlace | null; to: CohortPlace }>> {
  const at = new Date().toISOString();
  const moved = await moveToCohort(c.get('db'), userId, cohortId, at, actor(c));
  if (!moved.ok) {
    if (moved.reason === 'no-user') return refused(404, USER_NOT_FOUND);
    if (moved.reason === 'no-cohort') return refused(404, COHORT_NOT_FOUND, { cohortId: [COHORT_NOT_FOUND] });
    return refused(409, SAME_COHORT, { cohortId: [SAME_COHORT] });
  }
  if (moved.from && moved.seatedFromWaitlist.length > 0) await mailSeatedFromWaitlist(c, moved.from.id, at);
  return { ok: true, value: { from: moved.from, to: moved.to } };
}

const SAME_COHORT = 'They are in that cohort already';

/** The JSON API's answer: the value, or the error contract's 4xx. */
export function json<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new HttpError(outcome.status, outcome.message, outcome.fieldErrors);
  return outcome.value;
}
