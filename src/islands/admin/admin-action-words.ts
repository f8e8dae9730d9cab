// The words and addresses of an admin action's dialog (docs/product.md#admin-actions): its title,
// its question, its button, where its form posts and the page a success loads. Pure, so the
// dialog (admin-action-form.tsx) only wires them to the form.

import type { FieldErrors } from '../../domain/field-errors';
import { PLAN_LABELS, type Plan, type Role } from '../../domain/plans';
import type { AdminToastAction } from '../../domain/toast-words';
import { adminUserPath, PATHS } from '../../paths';

export type AdminDialogAction = AdminToastAction;

/** The account an action is for, as a dialog names it. */
export interface ActionUser {
  id: string;
  email: string;
  role: Role;
  /** The plan chosen at first in Change Plan. */
  plan: Plan | null;
}

/** The words the admin types, from the server (CONFIRM_WORDS): the dialogs ship no zod. */
export interface ConfirmWords {
  delete: string;
  upgrade: string;
  downgrade: string;
  admin: string;
  user: string;
  revoke: string;
}

/** A refused attempt, as the dialog shows it: the message, and the messages beside their fields. */
export interface DialogFailure {
  message: string;
  fieldErrors: FieldErrors;
  /** What was posted, kept in the fields (a plain post that came back). */
  values?: Record<string, unknown>;
}

export const newRole = (user: ActionUser | null): Role => (user?.role === 'admin' ? 'user' : 'admin');

/** The dialog's title and its button's words. */
export function actionTitle(action: AdminDialogAction, user: ActionUser | null): string {
  switch (action) {
    case 'plan':
      return 'Change Plan';
    case 'role':
      return newRole(user) === 'admin' ? 'Make Admin' : 'Remove Admin';
    case 'password':
      return 'Reset Password';
    case 'delete':
      return 'Delete User';
    case 'create':
      return 'Create User';
  }
}

export const SUBMIT: Record<AdminDialogAction, { label?: string; busy: string; className: string }> = {
  plan: { label: 'Update Plan', busy: 'Updating...', className: 'button button-primary' },
  role: { busy: 'Updating...', className: 'button button-primary' },
  password: { busy: 'Resetting...', className: 'button button-primary' },
  delete: { busy: 'Deleting...', className: 'button button-destructive' },
  create: { busy: 'Creating...', className: 'button button-primary' },
};

/** Where the form posts: the participant's page with the action, or the users list for Create User. */
export function actionAddress(action: AdminDialogAction, user: ActionUser | null): string {
  return action === 'create' || !user ? PATHS.adminUsers : `${adminUserPath(user.id)}?action=${action}`;
}

/** The page a success loads; null reloads the list the admin is on. */
export function nextPage(action: AdminDialogAction, user: ActionUser | null, answer: unknown, onList: boolean): string | null {
  if (action === 'create') {
    const created = (answer as { user?: { id?: unknown } } | null)?.user?.id;
    return typeof created === 'string' ? adminUserPath(created) : PATHS.adminUsers;
  }
  // A temporary password is shown on the participant's page, never only in a toast.
  if (action === 'password' && user) return adminUserPath(user.id);
  if (onList) return null;
  return action === 'delete' || !user ? PATHS.adminUsers : adminUserPath(user.id);
}

export function question(action: AdminDialogAction, user: ActionUser | null, adminPlan: Plan | null, onList: boolean): string {
  const email = user?.email ?? '';
  switch (action) {
    case 'plan':
      return `Sets the admin grant of ${email}${adminPlan ? ` (now ${PLAN_LABELS[adminPlan]})` : ''}. A plan paid through Stripe or Patreon is kept: the best active grant wins.`;
    case 'role':
      return newRole(user) === 'admin'
        ? `Make ${email} an admin? Admin users have full access: they manage every user, plan and role.`
        : `Remove admin access from ${email}? They keep their account and plan.`;
    case 'password':
      return `Give ${email} a new temporary password? They are signed out everywhere and must choose their own password at the next sign-in. It is shown ${onList ? 'on their page' : 'on this page'} once.`;
    case 'delete':
      return `Delete ${email} and all of their data: progress, check-ins and membership. This cannot be undone. The audit trail is kept.`;
    case 'create':
      return 'A welcome email will be sent to the new user. Their temporary password is shown on the next page.';
  }
}
