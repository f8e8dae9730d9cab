// /admin/users: search, the sortable user table (an island, for its action dialogs) and pages.
import type { UserPage } from '../data/admin-users';
import type { UserListQuery, UserSort } from '../domain/admin';
import { PATHS } from '../paths';
import type { SortColumn } from '../islands/admin/UsersTable';
import { AdminShell } from './AdminShell';
import { Island } from './islands';

const COLUMNS: { label: string; sort: UserSort | null }[] = [
  { label: 'Email', sort: 'email' },
  { label: 'Name', sort: 'name' },
  { label: 'Role', sort: 'role' },
  { label: 'Plan', sort: 'plan' },
  { label: 'Sessions', sort: 'sessionsCompleted' },
  { label: 'Joined', sort: 'createdAt' },
  { label: 'Last login', sort: 'lastLoginAt' },
  { label: 'Actions', sort: null },
];

function listHref(query: UserListQuery, change: Partial<UserListQuery>): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  params.set('sort', next.sort);
  params.set('dir', next.dir);
  if (next.page > 1) params.set('page', String(next.page));
  return `${PATHS.adminUsers}?${params}`;
}

export function AdminUsersPage({ page, query, currentUserId }: { page: UserPage; query: UserListQuery; currentUserId: string }) {
  const columns: SortColumn[] = COLUMNS.map(({ label, sort }) => {
    const current = sort === query.sort;
    return {
      label,
      href: sort ? listHref(query, { sort, dir: current && query.dir === 'asc' ? 'desc' : 'asc', page: 1 }) : null,
      sorted: current ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none',
    };
  });
  return (
    <AdminShell active="users">
      <Island
        name="UsersTable"
        props={{ users: page.users, currentUserId, columns, search: { action: PATHS.adminUsers, q: query.q ?? '', sort: query.sort, dir: query.dir } }}
      />
      {page.users.length === 0 && <p>{query.q ? `No users match “${query.q}”.` : 'No users yet.'}</p>}
      <nav className="pager" aria-label="Pages">
        {page.page > 1 ? <a href={listHref(query, { page: page.page - 1 })}>Previous</a> : <span />}
        <span className="muted">
          Page {page.page} of {page.pageCount} · {page.total} {page.total === 1 ? 'user' : 'users'}
        </span>
        {page.page < page.pageCount ? <a href={listHref(query, { page: page.page + 1 })}>Next</a> : <span />}
      </nav>
    </AdminShell>
  );
}
