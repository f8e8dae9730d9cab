// /admin/webhooks (docs/product.md#admin-screens): the latest 100 webhook events, newest first,
// filtered by source and status; each payload collapsible and pretty-printed.
import type { WebhookLogRow } from '../data/webhooks';
import { PATHS } from '../paths';
import { AdminShell } from './AdminShell';

export interface WebhookFilter {
  source?: 'stripe' | 'patreon';
  status?: 'success' | 'ignored' | 'error';
}

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

export function AdminWebhooksPage({ logs, filter }: { logs: WebhookLogRow[]; filter: WebhookFilter }) {
  return (
    <AdminShell active="webhooks">
      <h1 className="page-title">Webhook Logs</h1>
      <form method="get" action={PATHS.adminWebhooks} className="filter-form" aria-label="Filter webhook events">
        <Choice name="source" label="Source" value={filter.source} options={['stripe', 'patreon']} />
        <Choice name="status" label="Status" value={filter.status} options={['success', 'ignored', 'error']} />
        <button type="submit" className="button button-outline">
          Filter
        </button>
      </form>
      {logs.length === 0 && <p>No webhook events yet</p>}
      <ul className="webhook-list">
        {logs.map((log) => (
          <li key={log.id} className="card webhook-log">
            <h2 className="card-title">
              {log.source} · {log.eventType} {log.status !== 'success' && <span className="badge badge-error">Error</span>}
            </h2>
            <p className="muted">
              {log.status} · <time dateTime={log.processedAt}>{log.processedAt.replace('T', ' ').slice(0, 19)} UTC</time>
            </p>
            {log.status !== 'success' && log.errorMessage && <p className="field-error">{log.errorMessage}</p>}
            <details>
              <summary>Payload</summary>
              <pre className="mail-text">{pretty(log.payload)}</pre>
            </details>
          </li>
        ))}
      </ul>
    </AdminShell>
  );
}
