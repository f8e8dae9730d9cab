// /admin/users: search, the sortable list (each name opens the participant's page), one menu of
// actions per row (a <details> disclosure of links, so it works without JavaScript) and 'Create
// User'. With JavaScript each action opens a confirmation dialog on this page: the row menus'
// links open one dialog for their row (src/islands/admin/UserRowActions.tsx), 'Create User' its
// own (AdminActionDialog). Without it the links lead to the forms on the participant's page and
// 'Create User' opens a plain form here. Dates and each plan with its status are one unbreakable
// line; a long email breaks anywhere instead, so the row fits at 1280 px with its Actions in view.

import { opensDialog } from '../components/dialog-invoker';
import type { UserPage } from '../data/admin-users';
import { type AdminUserView, CONFIRM_WORDS, USER_SEARCH_MAX, type UserListQuery, type UserSort } from '../domain/admin';
import type { FieldErrors } from '../domain/field-errors';
import { PLAN_LABELS, PLANS } from '../domain/plans';
import { ROW_ACTION_ATTR } from '../islands/admin/UserRowActions';
import { adminUserPath, PATHS } from '../paths';
import { AdminShell } from './AdminShell';
import { FieldMessage } from './FieldMessage';
import { Island } from './islands';
import { OnlyScripted, OnlyUnscripted } from './scripting';

const CREATE_USER_DIALOG_ID = 'create-user-dialog';

const COLUMNS: { label: string; sort: UserSort | null }[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Email', sort: 'email' },
  { label: 'Role', sort: 'role' },
  { label: 'Plan', sort: 'plan' },
  { label: 'Sessions', sort: 'sessionsCompleted' },
  { label: 'Joined', sort: 'createdAt' },
  { label: 'Last login', sort: 'lastLoginAt' },
  { label: 'Actions', sort: null },
];

export interface CreateUserFailure {
  message: string;
  fieldErrors: FieldErrors;
  values: Record<string, unknown>;
}

function listHref(query: UserListQuery, change: Partial<UserListQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  params.set('sort', next.sort);
  params.set('dir', next.dir);
  if (next.page > 1) params.set('page', String(next.page));
  return `${PATHS.adminUsers}?${params}`;
}

function planText(user: AdminUserView): string {
  return user.membership ? `${PLAN_LABELS[user.membership.plan]} (${user.membership.status})` : 'No Plan';
}

/** An address that may break before its '@' first, and anywhere only when a part is still too long. */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** 'YYYY-MM-DD' of an ISO time, as a <time> that never wraps. */
function Day({ iso }: { iso: string | null }) {
  if (!iso) return <>Never</>;
  return (
    <time className="nowrap" dateTime={iso}>
      {iso.slice(0, 10)}
    </time>
  );
}

function RowMenu({ user, self }: { user: AdminUserView; self: boolean }) {
  const page = adminUserPath(user.id);
  const items: { label: string; href: string; action?: string }[] = [
    { label: 'Open page', href: page },
    { label: 'Change plan', href: `${page}#change-plan`, action: 'plan' },
    ...(self
      ? []
      : [
          { label: user.role === 'admin' ? 'Remove admin' : 'Make admin', href: `${page}#change-role`, action: 'role' },
          { label: 'Temporary password', href: `${page}#temporary-password`, action: 'password' },
          { label: 'Delete', href: `${page}#delete-user`, action: 'delete' },
        ]),
  ];
  // What the row's dialog needs (UserRowActions); the link works without it.
  const account = JSON.stringify({ id: user.id, email: user.email, role: user.role, plan: user.membership?.plan ?? null });
  return (
    <details className="row-menu">
      <summary className="button button-outline button-small" aria-label={`Actions for ${user.email}`}>
        Actions
      </summary>
      <ul className="row-menu-list">
        {items.map((item) => (
          <li key={item.label}>
            <a href={item.href} {...(item.action ? { [ROW_ACTION_ATTR.action]: item.action, [ROW_ACTION_ATTR.user]: account } : {})}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

function CreateUserForm({ failure }: { failure: CreateUserFailure | null }) {
  const value = (name: string) => (typeof failure?.values[name] === 'string' ? (failure.values[name] as string) : '');
  const errors = failure?.fieldErrors ?? {};
  const field = (name: 'email' | 'name', label: string, type: string) => (
    <div className="field">
      <label htmlFor={`create-${name}`}>{label}</label>
      <input
        id={`create-${name}`}
        name={name}
        type={type}
        required
        autoComplete="off"
        maxLength={name === 'name' ? 100 : 254}
        defaultValue={value(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `create-${name}-error` : undefined}
      />
      <FieldMessage id={`create-${name}-error`} messages={errors[name]} />
    </div>
  );
  return (
    <details className="create-user" open={failure !== null}>
      <summary className="button button-primary">Create User</summary>
      <form method="post" action={PATHS.adminUsers} className="card form create-user-form" aria-labelledby="create-user-title">
        <h2 id="create-user-title" className="card-title">
          Create User
        </h2>
        <p className="card-subtitle">A welcome email will be sent to the new user. Their temporary password is shown on the next page.</p>
        {failure && !errors.email && !errors.name && <p className="banner banner-error">{failure.message}</p>}
        {field('email', 'Email', 'email')}
        {field('name', 'Name', 'text')}
        <div className="field">
          <label htmlFor="create-plan">Plan</label>
          <select id="create-plan" name="plan" defaultValue={value('plan') || 'challenge'}>
            {PLANS.map((plan) => (
              <option key={plan} value={plan}>
                {PLAN_LABELS[plan]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary">
          Create User
        </button>
      </form>
    </details>
  );
}

export function AdminUsersPage({
  page,
  query,
  currentUserId,
  createFailure,
  searchError = null,
}: {
  page: UserPage;
  query: UserListQuery;
  currentUserId: string;
  createFailure: CreateUserFailure | null;
  /** Why the search was refused (too long); the list is then empty. */
  searchError?: string | null;
}) {
  return (
    <AdminShell active="users">
      <div className="page-header">
        <h1 className="page-title">Users</h1>
      </div>
      <OnlyScripted>
        <div className="create-user">
          <button type="button" className="button button-primary" {...opensDialog(CREATE_USER_DIALOG_ID)}>
            Create User
          </button>
        </div>
      </OnlyScripted>
      <OnlyUnscripted>
        <CreateUserForm failure={createFailure} />
      </OnlyUnscripted>
      {/* biome-ignore lint/a11y/useSemanticElements: the form is the search landmark itself (ARIA in HTML allows role=search on a form); <search> would add a wrapper around it */}
      <form method="get" action={PATHS.adminUsers} className="search-form" role="search">
        <label htmlFor="user-search">Search users</label>
        <input
          id="user-search"
          name="q"
          type="search"
          defaultValue={query.q ?? ''}
          placeholder="Email or name"
          maxLength={USER_SEARCH_MAX}
          aria-invalid={searchError ? true : undefined}
          aria-describedby={searchError ? 'user-search-error' : undefined}
        />
        <FieldMessage id="user-search-error" messages={searchError ? [searchError] : undefined} />
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        <button type="submit" className="button button-outline">
          Search
        </button>
      </form>
      <div className="table-wrap">
        {/* On a phone each row is a card of labelled values (data-label, src/styles/pages.css). */}
        <table className="table table-cards users-table">
          <thead>
            <tr>
              {COLUMNS.map(({ label, sort }) => {
                const current = sort === query.sort;
                const sorted = current ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <th key={label} scope="col" aria-sort={sorted}>
                    {sort ? (
                      <a href={listHref(query, { sort, dir: current && query.dir === 'asc' ? 'desc' : 'asc', page: 1 })}>{label}</a>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {page.users.map((user) => (
              <tr key={user.id}>
                <td data-label="Name">
                  <a href={adminUserPath(user.id)}>{user.name || user.email}</a>
                </td>
                <td data-label="Email" className="break-anywhere">
                  <Email address={user.email} />
                </td>
                <td data-label="Role">{user.role}</td>
                <td data-label="Plan" className="nowrap">
                  {planText(user)}
                </td>
                <td data-label="Sessions" className="nowrap">
                  {user.sessionsCompleted} / 4
                </td>
                <td data-label="Joined">
                  <Day iso={user.createdAt} />
                </td>
                <td data-label="Last login">
                  <Day iso={user.lastLoginAt} />
                </td>
                <td data-label="Actions">
                  <RowMenu user={user} self={user.id === currentUserId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {page.users.length === 0 && !searchError && <p>{query.q ? `No users match “${query.q}”.` : 'No users yet.'}</p>}
      <nav className="pager" aria-label="Pages">
        {page.page > 1 ? <a href={listHref(query, { page: page.page - 1 })}>Previous</a> : <span />}
        <span className="muted">
          Page {page.page} of {page.pageCount} · {page.total} {page.total === 1 ? 'user' : 'users'}
        </span>
        {page.page < page.pageCount ? <a href={listHref(query, { page: page.page + 1 })}>Next</a> : <span />}
      </nav>
      {/* The dialogs come after the page: Create User's, and the one the row menus share. */}
      <Island
        name="AdminActionDialog"
        props={{ id: CREATE_USER_DIALOG_ID, action: 'create', user: null, adminPlan: null, words: CONFIRM_WORDS, failure: createFailure }}
        // A refused post sent before the island was live: its dialog opens again at once.
        hydrate={createFailure ? 'load' : undefined}
      />
      <Island name="UserRowActions" props={{ words: CONFIRM_WORDS }} />
    </AdminShell>
  );
}
