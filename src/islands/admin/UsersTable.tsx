// /admin/users: the user table with each row's actions and 'Create User' (docs/product.md#admin-actions).
// The server renders the rows (search, sort and pages are links); this island owns the dialogs
// and patches its rows after each change, so the admin keeps their place.
import type { HydrateOn } from '../../constants';
import { useState } from 'react';
import { CONFIRM_WORDS, roleConfirmWord, type AdminUserView } from '../../domain/admin';
import { PLAN_LABELS, type Plan, type Role } from '../../domain/plans';
import { showToast } from '../toast-store';
import { ActionDialog } from './ActionDialog';
import { adminCall, copyText, failureToast } from './admin-api';
import { PlanSelect } from './PlanSelect';
import { CreateUserDialog } from './CreateUserDialog';

export interface SortColumn {
  label: string;
  /** The link that sorts by this column (null: not sortable). */
  href: string | null;
  sorted: 'ascending' | 'descending' | 'none';
}

export interface UsersTableProps {
  users: AdminUserView[];
  currentUserId: string;
  columns: SortColumn[];
  /** The search form's current values (it is a plain GET form; the island only renders it). */
  search: { action: string; q: string; sort: string; dir: string };
}

type Action = { kind: 'plan' | 'role' | 'reset' | 'delete'; user: AdminUserView } | null;

const API = {
  grant: '/api/admin/grant-membership',
  role: '/api/admin/change-role',
  reset: '/api/admin/reset-user-password',
  remove: '/api/admin/delete-user',
};

function planText(user: AdminUserView): string {
  return user.membership ? `${PLAN_LABELS[user.membership.plan]} (${user.membership.status})` : 'No Plan';
}

/** Its links work without JavaScript; the dialogs' code waits for the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

export function UsersTable({ users, currentUserId, columns, search }: UsersTableProps) {
  const [rows, setRows] = useState(users);
  const [action, setAction] = useState<Action>(null);
  const [plan, setPlan] = useState<Plan>('challenge');
  const [creating, setCreating] = useState(false);
  const [busy, setBusy] = useState(false);

  const patch = (id: string, change: Partial<AdminUserView>) => setRows((list) => list.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const open = (kind: NonNullable<Action>['kind'], user: AdminUserView) => {
    setPlan(user.membership?.plan ?? 'challenge');
    setAction({ kind, user });
  };
  /** A dialog's confirm: runs the call for the chosen user, then closes, or toasts the failure. */
  const run = (failure: string, work: (target: AdminUserView) => Promise<void>) => async () => {
    if (!action) return;
    setBusy(true);
    try {
      await work(action.user);
      setAction(null);
    } catch (error) {
      showToast(failureToast(failure, error));
    } finally {
      setBusy(false);
    }
  };
  const dialog = (kind: NonNullable<Action>['kind']) => ({ id: `${kind}-dialog`, open: action?.kind === kind, busy, onCancel: () => setAction(null) });

  const user = action?.user;
  const newRole: Role = user?.role === 'admin' ? 'user' : 'admin';

  return (
    <>
      <div className="page-header">
        <h1 className="page-title">Users</h1>
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          Create User
        </button>
      </div>
      <form method="get" action={search.action} className="search-form" role="search">
        <label htmlFor="user-search">Search users</label>
        <input id="user-search" name="q" type="search" defaultValue={search.q} placeholder="Email or name" maxLength={100} />
        <input type="hidden" name="sort" value={search.sort} />
        <input type="hidden" name="dir" value={search.dir} />
        <button type="submit" className="button button-outline">
          Search
        </button>
      </form>
      <div className="table-wrap">
        {/* On a phone each row is a card of labelled values (data-label, src/styles/pages.css). No
            explicit roles: table, rowgroup, row, columnheader and cell are the elements' own. */}
        <table className="table table-cards">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" aria-sort={column.sorted === 'none' ? undefined : column.sorted}>
                  {column.href ? <a href={column.href}>{column.label}</a> : column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const values = [row.email, row.name ?? '', row.role, planText(row), `${row.sessionsCompleted} / 4`, row.createdAt.slice(0, 10), row.lastLoginAt?.slice(0, 10) ?? 'Never'];
              return (
                <tr key={row.id}>
                  {values.map((value, i) => (
                    <td key={columns[i]?.label ?? i} data-label={columns[i]?.label}>
                      {value}
                    </td>
                  ))}
                  <td data-label={columns[values.length]?.label}>
                    <div className="row-actions" aria-label={`Actions for ${row.email}`} role="group">
                      <button type="button" className="button button-outline button-small" onClick={() => open('plan', row)}>
                        Change Plan
                      </button>
                      <button type="button" className="button button-outline button-small" disabled={row.id === currentUserId} onClick={() => open('role', row)}>
                        {row.role === 'admin' ? 'Remove Admin' : 'Make Admin'}
                      </button>
                      <button type="button" className="button button-outline button-small" disabled={row.id === currentUserId} onClick={() => open('reset', row)}>
                        Reset Password
                      </button>
                      <button type="button" className="button button-destructive button-small" disabled={row.id === currentUserId} onClick={() => open('delete', row)}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <CreateUserDialog open={creating} onClose={() => setCreating(false)} onCreated={(created) => setRows((list) => [created, ...list])} />

      <ActionDialog
        {...dialog('plan')}
        title="Change Plan"
        description={<>Choose the plan for {user?.email}. The membership becomes active.</>}
        word={CONFIRM_WORDS.plan}
        confirmLabel="Update Plan"
        busyLabel="Updating..."
        onConfirm={run('Failed to update membership', async (target) => {
          await adminCall('POST', API.grant, { userId: target.id, plan, confirm: CONFIRM_WORDS.plan });
          patch(target.id, { membership: { plan, status: 'active' } });
          showToast({ title: 'Success', description: 'Membership updated successfully' });
        })}
      >
        <PlanSelect id="plan-dialog-plan" value={plan} onChange={setPlan} />
      </ActionDialog>

      <ActionDialog
        {...dialog('role')}
        title={newRole === 'admin' ? 'Make Admin' : 'Remove Admin'}
        description={
          newRole === 'admin' ? (
            <>Make {user?.email} an admin? Admin users have full access: they manage every user, plan and role.</>
          ) : (
            <>Remove admin access from {user?.email}? They keep their account and plan.</>
          )
        }
        word={roleConfirmWord(newRole)}
        confirmLabel={newRole === 'admin' ? 'Make Admin' : 'Remove Admin'}
        busyLabel="Updating..."
        onConfirm={run('Failed to update role', async (target) => {
          await adminCall('POST', API.role, { userId: target.id, role: newRole, confirm: roleConfirmWord(newRole) });
          patch(target.id, { role: newRole });
          showToast({ title: 'Role Updated', description: `${target.email} is now ${newRole === 'admin' ? 'an admin' : 'a user'}.` });
        })}
      />

      <ActionDialog
        {...dialog('reset')}
        title="Reset Password"
        description={<>Give {user?.email} a new temporary password? They are signed out everywhere and must choose their own password at the next sign-in.</>}
        confirmLabel="Reset Password"
        busyLabel="Resetting..."
        onConfirm={run('Failed to reset password', async (target) => {
          const { tempPassword } = await adminCall<{ tempPassword: string }>('POST', API.reset, { userId: target.id });
          const copied = await copyText(tempPassword);
          patch(target.id, { mustChangePassword: true });
          showToast({ title: 'Password Reset', description: `Temporary password for ${target.email}: ${tempPassword}${copied ? ' (copied to the clipboard)' : ''}` });
        })}
      />

      <ActionDialog
        {...dialog('delete')}
        title="Delete User"
        description={<>Delete {user?.email} and all of their data: progress, check-ins and membership. This cannot be undone.</>}
        word={CONFIRM_WORDS.delete}
        confirmLabel="Delete User"
        busyLabel="Deleting..."
        destructive
        onConfirm={run('Failed to delete user', async (target) => {
          const { deletedUser } = await adminCall<{ deletedUser: { email: string } }>('DELETE', API.remove, { userId: target.id, confirm: CONFIRM_WORDS.delete });
          setRows((list) => list.filter((row) => row.id !== target.id));
          showToast({ title: 'User Deleted', description: `${deletedUser.email} was deleted.` });
        })}
      />
    </>
  );
}
