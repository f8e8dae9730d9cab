// Webhook signatures (docs/product.md#webhooks), over the raw body exactly as it arrived.
// node:crypto (nodejs_compat) because Patreon signs with HMAC-MD5, which Web Crypto lacks.
import { createHmac, timingSafeEqual } from 'node:crypto';

const STRIPE_TOLERANCE_SECONDS = 300;

/** Constant-time equality of two hex digests (different lengths are simply unequal). */
function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Stripe-Signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">[,v1=…]`. Any v1 may match
 * (Stripe sends two while a secret is being rolled); the time must be within the tolerance.
 */
export function verifyStripeSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  nowSeconds = Date.now() / 1000,
): boolean {
  if (!header || header.length > 2000) return false;
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > STRIPE_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  // Compare with every entry, never stopping early, so timing says nothing about which matched.
  return signatures.map((signature) => sameHex(expected, signature)).includes(true);
}

/** X-Patreon-Signature: the hex HMAC-MD5 of the raw body. */
export function verifyPatreonSignature(secret: string, header: string | undefined, rawBody: string): boolean {
  if (!header || !/^[0-9a-f]{32}$/i.test(header.trim())) return false;
  const expected = createHmac('md5', secret).update(rawBody, 'utf8').digest('hex');
  return sameHex(expected, header.trim().toLowerCase());
}

/** Test and tooling helper: the Stripe-Signature header for a body (how Stripe signs it). */
export function stripeSignatureHeader(secret: string, rawBody: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex')}`;
}

export function patreonSignatureHeader(secret: string, rawBody: string): string {
  return createHmac('md5', secret).update(rawBody, 'utf8').digest('hex');
}
