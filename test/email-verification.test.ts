// Email verification (docs/product.md#email-verification): the link from sign-up and from the
// welcome email, single use, 7 days, hashed; the banner's resend, throttled; pending memberships.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { stripeSignatureHeader } from '../src/server/webhook-signatures';
import { call, latestMailTo, logIn, signUp, uniqueEmail } from './helpers';

async function verificationLink(email: string): Promise<string> {
  const mail = await latestMailTo(email, 50, 'verify-email?token=');
  const link = /https:\/\/life7\.test\/verify-email\?token=\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no verification link in: ${mail?.text}`);
  return link.replace('https://life7.test', '');
}

/** Opens the link (a page with one button, so a mail scanner uses nothing up) and confirms. */
async function confirm(path: string, cookie?: string): Promise<Response> {
  const page = await call(path, { cookie });
  expect(await page.text()).toContain('Confirm my email');
  const posted = await call(path, { cookie, form: {} });
  expect(posted.status).toBe(303);
  return call(posted.headers.get('location')!, { cookie });
}

const me = async (cookie: string) =>
  (await (await call('/api/auth/me', { cookie })).json()) as { user: { emailVerified: boolean }; membership: { plan: string } };

describe('email verification', () => {
  it('sends a link at sign-up that verifies once, signed in or out, and is stored only hashed', async () => {
    const user = await signUp();
    expect((await me(user.cookie)).user.emailVerified).toBe(false);
    expect(await (await call('/dashboard', { cookie: user.cookie })).text()).toContain('Verify your email');
    const path = await verificationLink(user.email);
    const token = decodeURIComponent(path.split('token=')[1]!);
    const stored = await env.DB.prepare('SELECT token_hash FROM email_verification_tokens WHERE user_id = ?')
      .bind(user.id)
      .first<{ token_hash: string }>();
    expect(stored?.token_hash).toBeTruthy();
    expect(stored?.token_hash).not.toBe(token);

    // Confirmed signed in as the account, so this session is kept (decision 28; see below).
    const page = await confirm(path, user.cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Email verified');
    expect((await me(user.cookie)).user.emailVerified).toBe(true);
    expect(await (await call('/dashboard', { cookie: user.cookie })).text()).not.toContain('Verify your email');
    const again = await call(path, { form: {} });
    expect(again.headers.get('location')).toBe('/verify-email?done=0');
    const invalid = await call('/verify-email?done=0');
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain('Invalid verification link');
    // Opened again by the verified account: told so, not shown an error.
    for (const opened of [await call(path, { cookie: user.cookie }), await call('/verify-email?done=0', { cookie: user.cookie })]) {
      expect(opened.status).toBe(200);
      const html = await opened.text();
      expect(html).toContain('Your email is already verified');
      expect(html).not.toContain('Invalid verification link');
      expect(html).not.toContain('Confirm my email');
    }
  });

  it('refuses expired, unknown and absurd tokens', async () => {
    const user = await signUp();
    const path = await verificationLink(user.email);
    await env.DB.prepare("UPDATE email_verification_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(user.id)
      .run();
    expect((await call(path, { form: {} })).headers.get('location')).toBe('/verify-email?done=0');
    for (const query of ['?token=nope', `?token=${'x'.repeat(5000)}`]) {
      expect((await call(`/verify-email${query}`, { form: {} })).headers.get('location')).toBe('/verify-email?done=0');
    }
    for (const query of ['', '?token=', `?token=${'x'.repeat(5000)}`, '?token[]=1'])
      expect((await call(`/verify-email${query}`)).status).toBe(400);
    expect((await call('/verify-email', { form: {} })).headers.get('location')).toContain('/login');
    expect((await me(user.cookie)).user.emailVerified).toBe(false);
  });

  it('resends from the banner (a newer link replaces the older) and throttles', async () => {
    const user = await signUp();
    const first = await verificationLink(user.email);
    const resent = await call('/verify-email', { cookie: user.cookie, form: {}, headers: { referer: 'https://life7.test/check-ins' } });
    expect(resent.status).toBe(303);
    expect(resent.headers.get('location')).toBe('/check-ins');
    // The resent mail goes through the mail queue: it arrives a moment later.
    await expect.poll(() => verificationLink(user.email), { timeout: 15_000 }).not.toBe(first);
    expect((await call(first, { form: {} })).headers.get('location')).toBe('/verify-email?done=0');
    const api = await call('/api/auth/resend-verification', { cookie: user.cookie, json: {} });
    expect(api.status).toBe(200);
    await call('/api/auth/resend-verification', { cookie: user.cookie, json: {} });
    const limited = await call('/api/auth/resend-verification', { cookie: user.cookie, json: {} });
    expect(limited.status).toBe(429);
    expect((await call('/api/auth/resend-verification', { json: {} })).status).toBe(401);
  });

  it('attaches a pending paid membership once the address is proven', async () => {
    const email = uniqueEmail('paid-first');
    const event = {
      id: `evt_pending_${Date.now()}`,
      type: 'checkout.session.completed',
      data: { object: { customer: 'cus_p', customer_details: { email }, metadata: { plan: 'inner_circle' } } },
    };
    const raw = JSON.stringify(event);
    expect(
      (
        await call('/api/webhooks/stripe', {
          raw,
          origin: null,
          headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureHeader('whsec_test', raw) },
        })
      ).status,
    ).toBe(200);
    const user = await signUp(email);
    expect((await me(user.cookie)).membership.plan).toBe('challenge');
    await confirm(await verificationLink(email), user.cookie);
    expect((await me(user.cookie)).membership).toMatchObject({ plan: 'inner_circle', status: 'active' });
    expect(await env.DB.prepare('SELECT user_id AS userId FROM membership_grants WHERE subject = ?').bind('cus_p').first()).toEqual({
      userId: user.id,
    });
  });

  it('puts the confirm link in the welcome email of an admin-created account', async () => {
    const admin = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
    const email = uniqueEmail('welcomed');
    await call('/api/admin/create-user', { cookie: admin.cookie, json: { email, name: 'W' } });
    const mail = await latestMailTo(email);
    expect(mail?.subject).toBe('Welcome to Life7');
    const page = await confirm(await verificationLink(email));
    expect(await page.text()).toContain('Go to Login');
  });

  it('never attaches a cancelled pending membership, so verifying cannot take access away', async () => {
    const email = uniqueEmail('lapsed');
    const raw = JSON.stringify({
      data: { id: 'm9', attributes: { email, patron_status: 'former_patron' }, relationships: { currently_entitled_tiers: { data: [] } } },
    });
    // A deletion for an address nobody holds is ignored; a declined pledge is kept as pending but expired.
    const { patreonSignatureHeader } = await import('../src/server/webhook-signatures');
    const send = (type: string, body: string) =>
      call('/api/webhooks/patreon', {
        raw: body,
        origin: null,
        headers: {
          'content-type': 'application/json',
          'x-patreon-event': type,
          'x-patreon-signature': patreonSignatureHeader('patreon_test', body),
        },
      });
    expect(await (await send('members:pledge:delete', raw)).json()).toEqual({ received: true, status: 'ignored' });
    const declined = raw.replace('former_patron', 'declined_patron').replace('"data":[]', '"data":[{"id":"tier_premium"}]');
    await send('members:pledge:update', declined);
    expect(
      await env.DB.prepare("SELECT status FROM membership_grants WHERE source = 'patreon' AND pending_email = ?").bind(email).first(),
    ).toEqual({ status: 'expired' });
    const user = await signUp(email);
    await confirm(await verificationLink(email), user.cookie);
    expect((await me(user.cookie)).membership).toMatchObject({ plan: 'challenge', status: 'active' });
  });
});

describe('confirming an address ends the sessions of whoever opened the account (decision 28)', () => {
  const status = async (cookie: string) => (await call('/api/auth/me', { cookie })).status;

  it('ends every session of the account when confirmed signed out', async () => {
    // Someone opened an account with this address and is signed in twice; the owner of the
    // mailbox follows the link without signing in.
    const squatter = await signUp();
    const second = await logIn(squatter.email, squatter.password);
    expect(await status(squatter.cookie)).toBe(200);
    expect(await status(second)).toBe(200);
    const page = await confirm(await verificationLink(squatter.email));
    expect(await page.text()).toContain('Email verified');
    expect(await status(squatter.cookie)).toBe(401);
    expect(await status(second)).toBe(401);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM auth_sessions WHERE user_id = ?').bind(squatter.id).first('n')).toBe(0);
    // The address is verified, and signing in again works.
    const again = await logIn(squatter.email, squatter.password);
    expect((await me(again)).user.emailVerified).toBe(true);
  });

  it('keeps the session that confirmed, signed in as the account, and ends the others', async () => {
    const user = await signUp();
    const other = await logIn(user.email, user.password);
    await confirm(await verificationLink(user.email), user.cookie);
    expect(await status(user.cookie)).toBe(200);
    expect(await status(other)).toBe(401);
  });

  it('ends every session of the account when confirmed signed in as someone else, and keeps theirs', async () => {
    const owner = await signUp();
    const squatter = await signUp();
    await confirm(await verificationLink(squatter.email), owner.cookie);
    expect(await status(squatter.cookie)).toBe(401);
    expect(await status(owner.cookie)).toBe(200);
  });

  it('ends nothing for a dead link', async () => {
    const user = await signUp();
    const path = await verificationLink(user.email);
    await env.DB.prepare("UPDATE email_verification_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE user_id = ?")
      .bind(user.id)
      .run();
    expect((await call(path, { form: {} })).headers.get('location')).toBe('/verify-email?done=0');
    expect(await status(user.cookie)).toBe(200);
  });
});
