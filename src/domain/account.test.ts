import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PATREON_MEMBERSHIPS_URL, paidSubscriptions, pseudonymFrom } from './account';
import { changeNameFormSchema, changeNameSchema, deleteAccountSchema } from './auth-schemas';

const NOW = new Date('2026-11-25T12:00:00.000Z');

describe('paidSubscriptions', () => {
  const grant = (source: string, status: 'active' | 'past_due' | 'cancelled' | 'expired', graceUntil: string | null = null) => ({
    source,
    plan: 'premium' as const,
    status,
    graceUntil,
  });

  it('names the Stripe and Patreon grants that still bill, with where to manage them', () => {
    expect(
      paidSubscriptions(
        [grant('stripe', 'active'), grant('patreon', 'past_due', '2026-11-30T00:00:00.000Z'), grant('admin', 'active')],
        NOW,
        'https://billing.stripe.com/p/login/abc',
      ),
    ).toEqual([
      { source: 'stripe', provider: 'Stripe', plan: 'Premium', manageUrl: 'https://billing.stripe.com/p/login/abc' },
      { source: 'patreon', provider: 'Patreon', plan: 'Premium', manageUrl: PATREON_MEMBERSHIPS_URL },
    ]);
  });

  it('leaves out ended grants and a grace that ran out; a billing link that is not https is none', () => {
    expect(
      paidSubscriptions(
        [grant('stripe', 'cancelled'), grant('stripe', 'expired'), grant('patreon', 'past_due', '2026-11-01T00:00:00.000Z')],
        NOW,
        '',
      ),
    ).toEqual([]);
    for (const url of [undefined, '', 'http://billing.example', 'javascript:alert(1)', 'not a url']) {
      expect(paidSubscriptions([grant('stripe', 'active')], NOW, url)[0]?.manageUrl, String(url)).toBeNull();
    }
  });
});

describe('pseudonymFrom', () => {
  it("is 'deleted:' and the first 12 hex characters", () => {
    expect(pseudonymFrom('0123456789abcdef0123')).toBe('deleted:0123456789ab');
  });
});

describe('the account schemas', () => {
  it("takes 'delete' in any letter case with spaces around it, and nothing else (decision 44)", () => {
    for (const confirm of ['delete', ' DeLeTe ', 'DELETE\t'])
      expect(z.safeParse(deleteAccountSchema, { confirm, password: 'p' }).success).toBe(true);
    for (const confirm of ['delet', 'delete it', '', 'd e l e t e']) {
      const parsed = z.safeParse(deleteAccountSchema, { confirm, password: 'p' });
      expect(parsed.success, confirm).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('Type delete to confirm');
    }
  });

  it('keeps a name to one trimmed line of at most 100 characters; blank clears it', () => {
    expect(z.parse(changeNameSchema, { name: ' Ana\nMaría ' })).toEqual({ name: 'Ana María' });
    expect(z.parse(changeNameSchema, { name: '   ' })).toEqual({ name: null });
    expect(z.parse(changeNameSchema, { name: null })).toEqual({ name: null });
    expect(z.parse(changeNameFormSchema, {})).toEqual({ name: null });
    expect(z.safeParse(changeNameSchema, {}).success).toBe(false);
    expect(z.safeParse(changeNameSchema, { name: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('Name must be at most 100 characters');
  });
});
