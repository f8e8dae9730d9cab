// What admins may do to accounts (docs/product.md#admin-actions): the payloads, the typed
// confirmation words, and the list's search, sort and pages. Pure: the data layer applies them.
import * as z from 'zod/mini';
import { emailField } from './auth-schemas';
import type { PublicMembership, PublicUser } from './accounts';
import { PLANS, ROLES, type Role } from './plans';
import { WEBHOOK_STATUSES } from './webhook-status';
import { singleLine } from './text';

/** The word an admin types to confirm each action, exactly as written. */
export const CONFIRM_WORDS = { delete: 'delete', plan: 'upgrade', admin: 'admin', user: 'user' } as const;

/** Granting admin is confirmed with 'admin', removing it with 'user'. */
export function roleConfirmWord(role: Role): string {
  return CONFIRM_WORDS[role];
}

/** A user as the admin list shows it. */
export interface AdminUserView extends PublicUser {
  sessionsCompleted: number;
  membership: PublicMembership | null;
}

export const USERS_PAGE_SIZE = 50;
export const USER_SORTS = ['createdAt', 'email', 'name', 'role', 'lastLoginAt', 'sessionsCompleted', 'plan'] as const;
export type UserSort = (typeof USER_SORTS)[number];

const userId = z.string({ error: 'Choose a user' }).check(z.trim(), z.minLength(1, 'Choose a user'), z.maxLength(64, 'Choose a user'));
const plan = z.enum(PLANS, { error: `Plan must be one of ${PLANS.join(', ')}` });
const role = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });

/**
 * The typed word. The JSON API (a public contract) may leave it out; when given, and on every
 * form post from the admin pages, it must be exactly right.
 */
const confirmedWith =
  (expected: (value: Record<string, unknown>) => string) => (value: { confirm?: string } & Record<string, unknown>, ctx: z.core.$RefinementCtx) => {
    if (value.confirm !== undefined && value.confirm !== expected(value)) {
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: `Type ${expected(value)} to confirm` });
    }
  };
const confirmField = z.optional(z.string().check(z.maxLength(20)));

export const createUserSchema = z.object({
  email: emailField,
  name: z
    .string({ error: 'Name is required' })
    .check(z.overwrite(singleLine), z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name must be at most 100 characters')),
  plan: z._default(plan, 'challenge'),
});

export const grantMembershipSchema = z
  .object({ userId, plan, confirm: confirmField })
  .check(z.superRefine(confirmedWith(() => CONFIRM_WORDS.plan)));

export const changeRoleSchema = z
  .object({ userId, role, confirm: confirmField })
  .check(z.superRefine(confirmedWith((value) => roleConfirmWord(value.role as Role))));

export const resetUserPasswordSchema = z.object({ userId });

export const deleteUserSchema = z.object({ userId, confirm: confirmField }).check(z.superRefine(confirmedWith(() => CONFIRM_WORDS.delete)));

/** The list's query string: anything unreadable falls back to the first page, newest first. */
export const userListQuerySchema = z.object({
  q: z.catch(z.optional(z.string().check(z.trim(), z.maxLength(100))), undefined),
  sort: z.catch(z._default(z.enum(USER_SORTS), 'createdAt'), 'createdAt'),
  dir: z.catch(z._default(z.enum(['asc', 'desc']), 'desc'), 'desc'),
  page: z.catch(z._default(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(100_000))), 1), 1),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

/** Why an admin may not make this change to their own account, or null when they may. */
export function selfChangeRefusal(action: 'delete' | 'role' | 'reset', adminId: string, targetId: string, newRole?: Role): string | null {
  if (adminId !== targetId) return null;
  if (action === 'delete') return 'You cannot delete your own account';
  if (action === 'reset') return 'Change your own password in Settings';
  return newRole === 'admin' ? null : 'You cannot remove your own admin role';
}

export const LAST_ADMIN = 'The last admin cannot be removed: make another admin first';

/** The webhook log's filters; anything else means all. */
export const webhookFilterSchema = z.object({
  source: z.catch(z.optional(z.enum(['stripe', 'patreon'])), undefined),
  status: z.catch(z.optional(z.enum(WEBHOOK_STATUSES)), undefined),
});
