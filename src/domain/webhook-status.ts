// The webhook log's statuses (docs/product.md#webhooks), on their own so the admin filter
// (src/domain/admin.ts, also bundled for the browser) does not pull in the event readers.

/**
 * How an event is logged: success, a grant changed; ignored, nothing changed (the reason is
 * logged); needs review, an address or customer already linked elsewhere, left for an admin;
 * error, the event cannot be applied as it is.
 */
export const WEBHOOK_STATUSES = ['success', 'ignored', 'needs review', 'error'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/**
 * How the admin page words each status (docs/product.md#admin-screens): an event that was handled
 * is 'processed', a failed payment's too (its grace was applied), never a 'success' beside
 * `invoice.payment_failed`. The log and the webhook's answer keep the stored word.
 */
export const WEBHOOK_STATUS_LABELS = {
  success: 'processed',
  ignored: 'ignored',
  'needs review': 'needs review',
  error: 'error',
} as const satisfies Record<WebhookStatus, string>;
export type WebhookStatusLabel = (typeof WEBHOOK_STATUS_LABELS)[WebhookStatus];

/** The page's word for a stored status; one it does not know (an older log) reads 'error'. */
export function webhookStatusLabel(status: string): WebhookStatusLabel {
  return (WEBHOOK_STATUS_LABELS as Record<string, WebhookStatusLabel>)[status] ?? 'error';
}

/** The stored status a filter names by the page's word ('processed'), or by the stored one (an older link's 'success'). */
export function webhookStatusNamed(word: string): WebhookStatus | undefined {
  if ((WEBHOOK_STATUSES as readonly string[]).includes(word)) return word as WebhookStatus;
  return WEBHOOK_STATUSES.find((status) => WEBHOOK_STATUS_LABELS[status] === word);
}
