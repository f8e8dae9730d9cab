// /admin/webhooks (docs/product.md#admin-screens): the latest 100 webhook events, newest first,
// filtered by source and status; each payload collapsible and pretty-printed.
import type { WebhookLogRow } from '../data/webhooks';
import { adminTime } from '../domain/admin-time';
import { WEBHOOK_STATUS_LABELS, WEBHOOK_STATUSES, type WebhookStatus, webhookStatusLabel } from '../domain/webhook-status';
import { PATHS } from '../paths';
import { AdminShell } from './AdminShell';

export interface WebhookFilter {
  source?: 'stripe' | 'patreon';
  status?: WebhookStatus;
}

/** The badge of an entry that did not succeed: errors red, 'needs review' amber, ignored grey (nothing changed, nothing wrong). */
const BADGES: Partial<Record<string, { label: string; className: string }>> = {
  error: { label: 'Error', className: 'badge badge-error' },
  'needs review': { label: 'Needs review', className: 'badge badge-warning' },
  ignored: { label: 'Ignored', className: 'badge badge-neutral' },
};

/** The payload indented for reading; the raw text when it is not JSON. */
function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

function Choice({ name, label, value, options }: { name: string; label: string; value: string | undefined; options: string[] }) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ''}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** `adminZone`: the signed-in admin's saved zone, in which each time is shown with the zone named. */
export function AdminWebhooksPage({ logs, filter, adminZone }: { logs: WebhookLogRow[]; filter: WebhookFilter; adminZone: string }) {
  return (
    <AdminShell active="webhooks">
      <h1 className="page-title">Webhook Logs</h1>
      <form method="get" action={PATHS.adminWebhooks} className="filter-form" aria-label="Filter webhook events">
        <Choice name="source" label="Source" value={filter.source} options={['stripe', 'patreon']} />
        <Choice
          name="status"
          label="Status"
          value={filter.status && WEBHOOK_STATUS_LABELS[filter.status]}
          options={WEBHOOK_STATUSES.map((status) => WEBHOOK_STATUS_LABELS[status])}
        />
        <button type="submit" className="button button-outline">
          Filter
        </button>
      </form>
      {logs.length === 0 && <p>No webhook events yet</p>}
      <ul className="webhook-list">
        {logs.map((log) => {
          // A status this page does not know (an older log) shows as an error.
          const badge = log.status === 'success' ? null : (BADGES[log.status] ?? BADGES.error!);
          const alarming = log.status === 'error' || log.status === 'needs review';
          return (
            <li key={log.id} className="card webhook-log">
              <h2 className="card-title">
                {log.source} · {log.eventType} {badge && <span className={badge.className}>{badge.label}</span>}
              </h2>
              <p className="muted">
                {webhookStatusLabel(log.status)} ·{' '}
                <time className="nowrap" dateTime={log.processedAt}>
                  {adminTime(log.processedAt, adminZone)}
                </time>
              </p>
              {log.errorMessage && <p className={alarming ? 'field-error' : 'muted'}>{log.errorMessage}</p>}
              <details>
                <summary>Payload</summary>
                <pre className="mail-text">{pretty(log.payload)}</pre>
              </details>
            </li>
          );
        })}
      </ul>
    </AdminShell>
  );
}
