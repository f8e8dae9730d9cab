// What admins may do to accounts (docs/product.md#admin-actions): the payloads, the typed
// confirmation words, and the list's search, sort and pages. Pure: the data layer applies them.
import * as z from 'zod/mini';
import type { PublicMembership, PublicUser } from './accounts';
import { emailField } from './auth-schemas';
import { PLANS, type Plan, planRank, ROLES, type Role } from './plans';
import { singleLine } from './text';
import { webhookStatusNamed } from './webhook-status';

/** The word an admin types to confirm each action (any letter case). */
export const CONFIRM_WORDS = {
  delete: 'delete',
  upgrade: 'upgrade',
  downgrade: 'downgrade',
  admin: 'admin',
  user: 'user',
  revoke: 'revoke',
} as const;

/** 'Change plan' to no plan: the admin grant ends (decision 24); a grant paid through Stripe or Patreon stays. */
export const NO_PLAN = 'none';
export type PlanChoice = Plan | typeof NO_PLAN;

/** Granting admin is confirmed with 'admin', removing it with 'user'. */
export function roleConfirmWord(role: Role): string {
  return CONFIRM_WORDS[role];
}

/**
 * The word for setting the admin grant to `next`: 'downgrade' when it lowers the plan the admin
 * grant gives now, else 'upgrade' (a first grant, a higher plan, or the same plan made active again).
 */
export function planConfirmWord(current: Plan | null, next: PlanChoice): 'upgrade' | 'downgrade' | 'revoke' {
  if (next === NO_PLAN) return CONFIRM_WORDS.revoke;
  return current !== null && planRank(next) < planRank(current) ? CONFIRM_WORDS.downgrade : CONFIRM_WORDS.upgrade;
}

/** The typed word matches, in any letter case and with stray spaces around it. */
function confirms(typed: string | undefined, word: string): boolean {
  return typed !== undefined && typed.trim().toLowerCase() === word.toLowerCase();
}

/**
 * Why a typed confirmation does not do, or null when it does. A form post from the admin pages
 * must carry it; the JSON API (a public contract) may leave it out, but a word it sends must fit.
 */
export function confirmationRefusal(typed: string | undefined, word: string, required: boolean): string | null {
  if (typed === undefined && !required) return null;
  return confirms(typed, word) ? null : `Type ${word} to confirm`;
}

/** A user as the admin list shows it. */
export interface AdminUserView extends PublicUser {
  sessionsCompleted: number;
  membership: PublicMembership | null;
}

export const USERS_PAGE_SIZE = 50;
const USER_SORTS = ['createdAt', 'email', 'name', 'role', 'lastLoginAt', 'sessionsCompleted', 'plan'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const userId = z.string({ error: 'Choose a user' }).check(z.trim(), z.minLength(1, 'Choose a user'), z.maxLength(64, 'Choose a user'));
const plan = z.enum(PLANS, { error: `Plan must be one of ${PLANS.join(', ')}` });
const role = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });

/** The typed word, checked against the action by `confirmationRefusal` (the plan's word depends on the grant). */
const confirmField = z.optional(z.string().check(z.maxLength(40)));

export const createUserSchema = z.object({
  email: emailField,
  name: z
    .string({ error: 'Name is required' })
    .check(z.overwrite(singleLine), z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name must be at most 100 characters')),
  plan: z._default(plan, 'challenge'),
});

/** 'Change plan' may also end the admin grant: plan 'none'. */
const planChoice = z.enum([...PLANS, NO_PLAN], { error: `Plan must be one of ${[...PLANS, NO_PLAN].join(', ')}` });

export const grantMembershipSchema = z.object({ userId, plan: planChoice, confirm: confirmField });

export const changeRoleSchema = z.object({ userId, role, confirm: confirmField });

export const resetUserPasswordSchema = z.object({ userId });

export const deleteUserSchema = z.object({ userId, confirm: confirmField });

/** The same actions as form posts from the participant's page, whose address names the user. */
const ADMIN_USER_ACTIONS = ['plan', 'role', 'password', 'delete', 'cohort', 'attention', 'note'] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];
export const planFormSchema = z.object({ plan: planChoice, confirm: confirmField });
export const roleFormSchema = z.object({ role, confirm: confirmField });
export const passwordFormSchema = z.object({});
export const deleteFormSchema = z.object({ confirm: confirmField });

/** The longest search the user list takes, in characters once trimmed (the search box's maxlength). */
export const USER_SEARCH_MAX = 100;
const USER_SEARCH_TOO_LONG = `Search must be at most ${USER_SEARCH_MAX} characters`;

/**
 * The list's query string: an unreadable sort, direction or page falls back to the first page,
 * newest first; a search past USER_SEARCH_MAX is refused (readUserListQuery), never cut or dropped.
 */
export const userListQuerySchema = z.object({
  q: z.optional(z.string().check(z.trim(), z.maxLength(USER_SEARCH_MAX, USER_SEARCH_TOO_LONG))),
  sort: z.catch(z._default(z.enum(USER_SORTS), 'createdAt'), 'createdAt'),
  dir: z.catch(z._default(z.enum(['asc', 'desc']), 'desc'), 'desc'),
  page: z.catch(z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(100_000))), 1), 1),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/**
 * The list's query, or why its search is refused (a 400), with the rest of the query read as
 * usual so the page can still show its sort and pages.
 */
export function readUserListQuery(raw: Record<string, string>): { query: UserListQuery; refusal: string | null } {
  const parsed = userListQuerySchema.safeParse(raw);
  if (parsed.success) return { query: parsed.data, refusal: null };
  return { query: userListQuerySchema.parse({ ...raw, q: undefined }), refusal: parsed.error.issues[0]?.message ?? USER_SEARCH_TOO_LONG };
}

/** Why an admin may not make this change to their own account, or null when they may. */
export function selfChangeRefusal(action: 'delete' | 'role' | 'reset', adminId: string, targetId: string, newRole?: Role): string | null {
  if (adminId !== targetId) return null;
  if (action === 'delete') return 'You cannot delete your own account';
  if (action === 'reset') return 'Change your own password in Settings';
  return newRole === 'admin' ? null : 'You cannot remove your own admin role';
}

export const LAST_ADMIN = 'The last admin cannot be removed: make another admin first';

/** The webhook log's filters; anything else means all. The status by the page's word ('processed') or the stored one. */
export const webhookFilterSchema = z.object({
  source: z.catch(z.optional(z.enum(['stripe', 'patreon'])), undefined),
  status: z.catch(
    z.optional(
      z.pipe(
        z.string(),
        z.transform((word) => webhookStatusNamed(word)),
      ),
    ),
    undefined,
  ),
});
