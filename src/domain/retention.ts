// How long the daily clean-up keeps what stops mattering (decision 27), in one place for the
// clean-up itself (src/data/cleanup.ts) and the privacy page that tells people
// (src/views/PrivacyPage.tsx, docs/product.md#your-account).

/** A reminder claim matters while a run could still send that reminder: a few days at most. */
export const REMINDER_CLAIM_DAYS = 7;
/** Delivery records, delivered or not, are kept for admins this long. */
export const MAIL_RECORD_DAYS = 30;
