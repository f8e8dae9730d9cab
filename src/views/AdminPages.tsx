// Admin screens (docs/product.md#admin-screens): their own nav bar, the user list and webhook logs.
import type { ReactNode } from 'react';
import { PLAN_LABELS } from '../domain/plans';
import { PRODUCT_NAME } from '../domain/product';
import { PATHS } from '../paths';
import type { AdminUserRow } from '../data/admin-users';
import { LogoutForm } from './LogoutForm';
import { TableHead } from './TableHead';

export interface WebhookLogRow {
  id: string;
  source: string;
  eventType: string;
  status: string;
  processedAt: string;
  payload: string;
  errorMessage: string | null;
}

function AdminShell({ active, children }: { active: 'users' | 'webhooks'; children: ReactNode }) {
  return (
    <>
      <header className="navbar">
        <div className="navbar-inner">
          <a className="brand" href={PATHS.adminUsers}>
            {PRODUCT_NAME} Admin
          </a>
          <nav aria-label="Admin" className="nav-links">
            <a className="nav-link" href={PATHS.adminUsers} aria-current={active === 'users' ? 'page' : undefined}>
              Users
            </a>
            <a className="nav-link" href={PATHS.adminWebhooks} aria-current={active === 'webhooks' ? 'page' : undefined}>
              Webhooks
            </a>
            <a className="nav-link" href={PATHS.dashboard}>
              Back to Dashboard
            </a>
          </nav>
          <LogoutForm className="button button-outline button-small" />
        </div>
      </header>
      <main id="main" className="container">
        {children}
      </main>
    </>
  );
}

export function AdminUsersPage({ users }: { users: AdminUserRow[] }) {
  return (
    <AdminShell active="users">
      <h1 className="page-title">Users</h1>
      <div className="table-wrap">
        <table className="table">
          <TableHead columns={['Email', 'Name', 'Role', 'Plan', 'Sessions', 'Joined', 'Last login']} />
          <tbody>
            {users.map((user) => (
              <tr key={user.id}>
                <td>{user.email}</td>
                <td>{user.name ?? ''}</td>
                <td>{user.role}</td>
                <td>{user.membership ? `${PLAN_LABELS[user.membership.plan]} (${user.membership.status})` : 'No Plan'}</td>
                <td>{user.sessionsCompleted} / 4</td>
                <td>{user.createdAt.slice(0, 10)}</td>
                <td>{user.lastLoginAt?.slice(0, 10) ?? 'Never'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminShell>
  );
}

export function AdminWebhooksPage({ logs }: { logs: WebhookLogRow[] }) {
  return (
    <AdminShell active="webhooks">
      <h1 className="page-title">Webhook Logs</h1>
      {logs.length === 0 && <p>No webhook events yet</p>}
      {logs.map((log) => (
        <article key={log.id} className="card webhook-log">
          <h2 className="card-title">
            {log.source} · {log.eventType} {log.status !== 'success' && <span className="badge badge-error">Error</span>}
          </h2>
          <p className="muted">
            {log.status} · {log.processedAt}
          </p>
          {log.status !== 'success' && log.errorMessage && <p className="field-error">{log.errorMessage}</p>}
          <pre className="mail-text">{log.payload}</pre>
        </article>
      ))}
    </AdminShell>
  );
}
