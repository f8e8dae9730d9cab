// The secret in an emailed link (password reset, email verification): 32 random bytes for the
// link, only their SHA-256 in the database, so a database leak yields no working link. Both are
// unpadded base64url.
import { base64url } from 'jose';

export async function hashLinkToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return base64url.encode(new Uint8Array(digest));
}

export async function createLinkToken(): Promise<{ token: string; tokenHash: string }> {
  const token = base64url.encode(crypto.getRandomValues(new Uint8Array(32)));
  return { token, tokenHash: await hashLinkToken(token) };
}
