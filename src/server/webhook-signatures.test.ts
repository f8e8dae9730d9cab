import { describe, expect, it } from 'vitest';
import { patreonSignatureHeader, stripeSignatureHeader, verifyPatreonSignature, verifyStripeSignature } from './webhook-signatures';

describe('webhook signatures', () => {
  const body = '{"id":"evt_1"}';
  const now = 1_800_000_000;

  it('checks Stripe signatures over "t.body" within 300 seconds', () => {
    const header = stripeSignatureHeader('whsec_a', body, now);
    expect(verifyStripeSignature('whsec_a', header, body, now)).toBe(true);
    expect(verifyStripeSignature('whsec_a', header, body, now + 300)).toBe(true);
    expect(verifyStripeSignature('whsec_a', header, body, now + 301)).toBe(false);
    expect(verifyStripeSignature('whsec_a', header, body, now - 301)).toBe(false);
    expect(verifyStripeSignature('whsec_b', header, body, now)).toBe(false);
    expect(verifyStripeSignature('whsec_a', header, `${body} `, now)).toBe(false);
    expect(verifyStripeSignature('whsec_a', header.replace('v1=', 'v0='), body, now)).toBe(false);
    expect(verifyStripeSignature('whsec_a', `${header},v1=${'f'.repeat(64)}`, body, now)).toBe(true);
    expect(verifyStripeSignature('whsec_a', undefined, body, now)).toBe(false);
    expect(verifyStripeSignature('whsec_a', 'x'.repeat(5000), body, now)).toBe(false);
  });

  it('checks Patreon signatures as the hex HMAC-MD5 of the body', () => {
    const header = patreonSignatureHeader('p_secret', body);
    expect(header).toMatch(/^[0-9a-f]{32}$/);
    expect(verifyPatreonSignature('p_secret', header, body)).toBe(true);
    expect(verifyPatreonSignature('p_secret', header.toUpperCase(), body)).toBe(true);
    expect(verifyPatreonSignature('other', header, body)).toBe(false);
    expect(verifyPatreonSignature('p_secret', header, `${body}\n`)).toBe(false);
    expect(verifyPatreonSignature('p_secret', undefined, body)).toBe(false);
  });
});
