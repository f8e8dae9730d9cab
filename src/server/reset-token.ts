// Password reset tokens: 32 random bytes for the link, only their SHA-256 in the database.
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** How the emails and pages say the lifetime: '1 hour'. */
export const RESET_TOKEN_VALIDITY = '1 hour';

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function hashResetToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return base64url(new Uint8Array(digest));
}

export async function createResetToken(): Promise<{ token: string; tokenHash: string }> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, tokenHash: await hashResetToken(token) };
}
