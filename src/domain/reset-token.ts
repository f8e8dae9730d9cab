// Password reset tokens (docs/product.md#password-reset): made by src/server/link-token.ts, valid one hour.
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** How the emails and pages say the lifetime: '1 hour'. */
export const RESET_TOKEN_VALIDITY = '1 hour';
