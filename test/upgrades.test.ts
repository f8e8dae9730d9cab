// Upgrades where the wall is and 'Manage billing' (decision 41, docs/product.md#joining-and-paying):
// /upgrade/{plan} goes on to the plan's Payment Link for the member, Next Steps offers each card's
// plan or says what the member has, a page the plan does not open offers its upgrade, and Settings
// shows the plan, where it comes from, its status and 'Manage billing'.
import { describe, expect, it } from 'vitest';
import { call, htmlOf, sessionCookie, signUp } from './helpers';
import { paymentLinkCheckout } from './join-helpers';
import { sendStripe } from './webhook-helpers';

const PORTAL = 'https://billing.stripe.com/p/login/test_portal';

describe('/upgrade/{plan}', () => {
  it('sends a member to the Payment Link with their id and address, and one who has it to Settings', async () => {
    const user = await signUp();
    const response = await call('/upgrade/premium', { cookie: user.cookie });
    expect(response.status).toBe(303);
    const url = new URL(response.headers.get('location')!);
    expect(url.pathname).toBe('/dev/checkout');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_reference_id: user.id, prefilled_email: user.email, plan: 'premium' });
    expect((await call('/upgrade/challenge', { cookie: user.cookie })).headers.get('location')).toBe('/settings');
    expect((await call('/upgrade/gold', { cookie: user.cookie })).headers.get('location')).toBe('/join');
    expect((await call('/upgrade/premium')).headers.get('location')).toMatch(/^\/login\?next=/);
  });

  it('is offered on Next Steps, and after paying the card says what the member has', async () => {
    const user = await signUp();
    const before = await htmlOf(await call('/next-steps', { cookie: user.cookie }), 200);
    expect(before).toContain('href="/upgrade/premium"');
    expect(before).toContain('Upgrade to Mastermind · $499');
    expect((await sendStripe(paymentLinkCheckout(user, 'inner_circle'))).status).toBe(200);
    const after = await htmlOf(await call('/next-steps', { cookie: user.cookie }), 200);
    expect(after).not.toContain('href="/upgrade/premium"');
    expect(after).not.toContain('href="/upgrade/inner_circle"');
    expect(after).toContain('You have Inner Circle: this is included.');
    expect(after).toContain('href="/upgrade/mastermind"');
  });

  it('is offered on a page the plan does not open', async () => {
    const vars = { SIGNUP_PLAN: 'none' };
    const signup = await call('/api/auth/signup', {
      json: { email: `no-plan-${crypto.randomUUID()}@example.com`, password: 'a-good-password' },
      headers: { 'cf-connecting-ip': '198.51.100.7' },
      vars,
    });
    expect(signup.status).toBe(201);
    const html = await htmlOf(await call('/dashboard', { cookie: sessionCookie(signup), vars }), 403);
    expect(html).toContain('href="/upgrade/challenge"');
    expect(html).toContain('Upgrade to Challenge');
  });
});

describe("Settings' billing", () => {
  it("shows the plan, where it comes from, its status and 'Manage billing' on Stripe's portal", async () => {
    const user = await signUp();
    const free = await htmlOf(await call('/settings', { cookie: user.cookie, vars: { STRIPE_BILLING_PORTAL_URL: PORTAL } }), 200);
    expect(free).toContain('Included when you signed up');
    expect(free).not.toContain('Manage billing');
    expect((await sendStripe(paymentLinkCheckout(user, 'premium'))).status).toBe(200);
    const paid = await htmlOf(await call('/settings', { cookie: user.cookie, vars: { STRIPE_BILLING_PORTAL_URL: PORTAL } }), 200);
    expect(paid).toContain('Paid with Stripe');
    expect(paid).toContain('Active');
    expect(paid).toContain(`href="${PORTAL}?prefilled_email=${encodeURIComponent(user.email)}"`);
    expect(paid).toContain('Manage billing');
  });
});
