// /admin/mail (docs/product.md#reminders-and-mail): mail not delivered, newest first: still being
// retried, or failed for good (moved to the dead-letter queue).
import type { MailDeliveryRow } from '../db/schema-reminders';
import { AdminShell } from './AdminShell';
import { TableHead } from './TableHead';

const STATUS_BADGES: Record<string, { label: string; className: string }> = {
  failed: { label: 'Not delivered', className: 'badge badge-error' },
  retrying: { label: 'Retrying', className: 'badge badge-warning' },
};

export function MailLogPage({ rows }: { rows: MailDeliveryRow[] }) {
  return (
    // The admin bar has no Mail entry yet (its sections are another change's); none is marked current.
    <AdminShell active="mail">
      <h1 className="page-title">Mail not delivered</h1>
      <p className="page-subtitle">
        Emails the provider did not accept. Each is retried with a growing delay; after the last retry it is listed here as not delivered.
        Delivered mail is not listed.
      </p>
      {rows.length === 0 ? (
        <p>Every email was delivered.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table-cards mail-log">
            <TableHead columns={['Status', 'To', 'Email', 'Tries', 'Last error', 'When']} />
            <tbody>
              {rows.map((row) => {
                const badge = STATUS_BADGES[row.status] ?? STATUS_BADGES.failed!;
                return (
                  <tr key={row.id}>
                    <td data-label="Status">
                      <span className={badge.className}>{badge.label}</span>
                    </td>
                    <td data-label="To">{row.to}</td>
                    <td data-label="Email">{row.subject}</td>
                    <td data-label="Tries">{row.attempts}</td>
                    <td data-label="Last error">{row.error ?? ''}</td>
                    <td data-label="When">
                      <time dateTime={row.updatedAt}>{row.updatedAt.replace('T', ' ').slice(0, 16)} UTC</time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}
