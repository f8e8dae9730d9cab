// The webhook log's statuses (docs/product.md#webhooks), on their own so the admin filter
// (src/domain/admin.ts, also bundled for the browser) does not pull in the event readers.

/**
 * How an event is logged: success, a grant changed; ignored, nothing changed (the reason is
 * logged); needs review, an address or customer already linked elsewhere, left for an admin;
 * error, the event cannot be applied as it is.
 */
export const WEBHOOK_STATUSES = ['success', 'ignored', 'needs review', 'error'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
