// /admin/mail (docs/product.md#reminders-and-mail): mail not delivered, newest first: still being
// retried, or failed for good (moved to the dead-letter queue).
import type { MailDeliveryRow } from '../db/schema-reminders';
import { adminTime } from '../domain/admin-time';
import { AdminShell } from './AdminShell';
import { TableHead } from './TableHead';

const STATUS_BADGES: Record<string, { label: string; className: string }> = {
  failed: { label: 'Not delivered', className: 'badge badge-error' },
  retrying: { label: 'Retrying', className: 'badge badge-warning' },
};

/** `adminZone`: the signed-in admin's saved zone, in which each time is shown with the zone named. */
export function MailLogPage({ rows, adminZone }: { rows: MailDeliveryRow[]; adminZone: string }) {
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
                      <time className="nowrap" dateTime={row.updatedAt}>
                        {adminTime(row.updatedAt, adminZone)}
                      </time>
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
