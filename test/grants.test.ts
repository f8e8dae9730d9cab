// Memberships as grants (decision 24, docs/product.md#plans-and-memberships): a provider's
// event changes only the grant it made, a checkout binds to an account by client_reference_id or a
// verified address no other customer holds, the plan arrives whichever order the events come in,
// a failed payment starts 7 days of grace, and what changed nothing is logged as ignored.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, latestMailTo, signUp, uniqueEmail } from './helpers';
import {
  at,
  checkout,
  logsFor,
  meMembership,
  member,
  membershipOf,
  next,
  paymentFailed,
  sendPatreon,
  sendStripe,
  subscription,
  verifiedSignUp,
} from './webhook-helpers';

const DAY = 24 * 60 * 60;

async function signUpAdmin() {
  const admin = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  return admin;
}

/** Who can open the check-ins API (plan `challenge`): 200, or 403 without an active plan. */
const checkInsStatus = async (cookie: string) => (await call('/api/check-ins', { cookie })).status;

describe('a checkout is bound by client_reference_id or a verified address no other customer holds', () => {
  it('a checkout naming a member whose address another customer holds changes nothing and needs review', async () => {
    const victim = await verifiedSignUp();
    const own = checkout(victim.email, { metadata: { plan: 'mastermind' } }, at(-100));
    await sendStripe(own);
    const ownCustomer = own.data.object.customer as string;
    expect(await meMembership(victim.cookie)).toEqual({ plan: 'mastermind', status: 'active' });

    // Someone else pays with the victim's address: Stripe Checkout does not prove it.
    const foreign = checkout(victim.email, { metadata: { plan: 'challenge' } }, at(-50));
    const response = await sendStripe(foreign);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, status: 'needs review' });
    expect(await logsFor(foreign.id)).toEqual([
      {
        status: 'needs review',
        eventType: 'checkout.session.completed',
        errorMessage: `The address ${victim.email} is already linked to ${ownCustomer}: nothing changed`,
      },
    ]);
    expect(await membershipOf(victim.id)).toMatchObject({ plan: 'mastermind', status: 'active', externalId: ownCustomer });

    // The victim's own subscription still reaches them (it used to answer 409 for good)...
    const renewal = subscription('customer.subscription.updated', ownCustomer, 'price_mastermind', 'active', at(-20));
    expect((await sendStripe(renewal)).status).toBe(200);
    expect(await logsFor(renewal.id)).toHaveLength(1);
    // ...and the payer's cancellation does not cancel them.
    const payerCancels = subscription(
      'customer.subscription.deleted',
      foreign.data.object.customer as string,
      'price_challenge',
      'canceled',
      at(-10),
    );
    expect((await sendStripe(payerCancels)).status).toBe(200);
    expect(await meMembership(victim.cookie)).toEqual({ plan: 'mastermind', status: 'active' });

    // The admin sees it, marked apart from errors.
    const admin = await signUpAdmin();
    const page = await (await call('/admin/webhooks?status=needs+review', { cookie: admin.cookie })).text();
    expect(page).toContain(foreign.id);
    expect(page).toContain('Needs review');
    expect(page).toContain('<option value="needs review" selected="">needs review</option>');
  });

  it('a customer bound to one account is not taken over by a checkout naming another', async () => {
    const first = await verifiedSignUp();
    const second = await verifiedSignUp();
    const start = checkout(first.email, { metadata: { plan: 'premium' } }, at(-100));
    await sendStripe(start);
    const customer = start.data.object.customer as string;
    const takeover = checkout(second.email, { customer, metadata: { plan: 'mastermind' } }, at(-50));
    expect(await (await sendStripe(takeover)).json()).toEqual({ received: true, status: 'needs review' });
    expect(await meMembership(first.cookie)).toEqual({ plan: 'premium', status: 'active' });
    expect(await meMembership(second.cookie)).toEqual({ plan: 'challenge', status: 'active' });
  });

  it('binds by client_reference_id, whatever address the checkout names and whether or not it is verified', async () => {
    const buyer = await signUp(); // not verified
    const other = await verifiedSignUp();
    const started = checkout(other.email, { client_reference_id: buyer.id, metadata: { plan: 'inner_circle' } });
    expect(await (await sendStripe(started)).json()).toEqual({ received: true, status: 'success' });
    expect(await meMembership(buyer.cookie)).toEqual({ plan: 'inner_circle', status: 'active' });
    expect(await meMembership(other.cookie)).toEqual({ plan: 'challenge', status: 'active' });
    // A second checkout from the app (a new customer) binds too: the app vouches for it.
    await sendStripe(checkout(uniqueEmail('typo'), { client_reference_id: buyer.id, metadata: { plan: 'mastermind' } }));
    expect(await meMembership(buyer.cookie)).toEqual({ plan: 'mastermind', status: 'active' });
  });

  it('keeps a payment for an unverified address pending, follows its customer meanwhile, and binds it at verification', async () => {
    const email = uniqueEmail('later');
    const start = checkout(email, { metadata: {} }, at(-100));
    const customer = start.data.object.customer as string;
    await sendStripe(start);
    await sendStripe(subscription('customer.subscription.created', customer, 'price_premium', 'active', at(-110)));
    const user = await signUp(email);
    expect(await meMembership(user.cookie)).toEqual({ plan: 'challenge', status: 'active' });
    const mail = await latestMailTo(email, 50, 'verify-email?token=');
    const link = /https:\/\/life7\.test(\/verify-email\?token=\S+)/.exec(mail?.text ?? '')![1]!;
    expect((await call(link, { cookie: user.cookie, form: {} })).status).toBe(303);
    expect(await meMembership(user.cookie)).toEqual({ plan: 'premium', status: 'active' });
    // The customer stays linked: its later events reach the account.
    await sendStripe(subscription('customer.subscription.updated', customer, 'price_mastermind', 'active', at(-5)));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'mastermind', status: 'active' });
  });
});

describe('the plan applies whichever order the checkout and the subscription arrive in', () => {
  it("a checkout without metadata.plan after the subscription event (Stripe's own order)", async () => {
    const user = await verifiedSignUp();
    const customer = `cus_${next()}`;
    const created = subscription('customer.subscription.created', customer, 'price_inner_circle', 'active', at(-20));
    const first = await sendStripe(created);
    const completed = checkout(user.email, { customer, metadata: {} }, at(-10));
    await sendStripe(completed);
    // Had the first answer asked for a retry, this is it.
    if (first.status !== 200) await sendStripe(created);
    expect(await meMembership(user.cookie)).toEqual({ plan: 'inner_circle', status: 'active' });
  });

  it('a subscription event created before the checkout but arriving after it', async () => {
    const user = await verifiedSignUp();
    const customer = `cus_${next()}`;
    await sendStripe(checkout(user.email, { customer, metadata: {} }, at(-10)));
    const late = subscription('customer.subscription.created', customer, 'price_mastermind', 'active', at(-20));
    await sendStripe(late);
    expect(await meMembership(user.cookie)).toEqual({ plan: 'mastermind', status: 'active' });
    expect(await logsFor(late.id)).toMatchObject([{ status: 'success' }]);
  });

  it('never logs an event that changed nothing as success', async () => {
    const user = await verifiedSignUp();
    const start = checkout(user.email, { metadata: { plan: 'premium' } }, at(-100));
    await sendStripe(start);
    const customer = start.data.object.customer as string;
    await sendStripe(subscription('customer.subscription.deleted', customer, 'price_premium', 'canceled', at(-10)));
    // A retry of an older update, after the cancellation.
    const stale = subscription('customer.subscription.updated', customer, 'price_premium', 'active', at(-50));
    expect(await (await sendStripe(stale)).json()).toEqual({ received: true, status: 'ignored' });
    expect(await logsFor(stale.id)).toEqual([
      {
        status: 'ignored',
        eventType: 'customer.subscription.updated',
        errorMessage: 'A newer event has already set this grant: nothing changed',
      },
    ]);
    // The same state again.
    const again = subscription('customer.subscription.deleted', customer, 'price_premium', 'canceled', at(-5));
    await sendStripe(again);
    expect(await logsFor(again.id)).toMatchObject([{ status: 'ignored', errorMessage: 'The grant already says this: nothing changed' }]);
    expect(await meMembership(user.cookie)).toEqual({ plan: 'challenge', status: 'active' });
  });
});

describe('a provider changes only its own grant', () => {
  it('a Patreon delete does not cancel what Stripe pays for, nor a Stripe cancellation the Patreon pledge', async () => {
    const user = await verifiedSignUp();
    const start = checkout(user.email, { metadata: { plan: 'premium' } }, at(-100));
    await sendStripe(start);
    const memberId = `mem_${next()}`;
    await sendPatreon('members:pledge:create', member(user.email, ['tier_challenge'], 'active_patron', memberId));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'premium', status: 'active' });
    await sendPatreon('members:pledge:delete', member(user.email, [], 'former_patron', memberId));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'premium', status: 'active' });

    await sendPatreon('members:pledge:create', member(user.email, ['tier_inner_circle'], 'active_patron', memberId));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'inner_circle', status: 'active' });
    await sendStripe(
      subscription('customer.subscription.deleted', start.data.object.customer as string, 'price_premium', 'canceled', at(-10)),
    );
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'inner_circle', status: 'active', source: 'patreon' });
  });

  it("an admin's plan change is a grant of its own: it neither cuts nor lowers a paid one", async () => {
    const admin = await signUpAdmin();
    const user = await verifiedSignUp();
    const start = checkout(user.email, { metadata: { plan: 'inner_circle' } }, at(-100));
    await sendStripe(start);
    const change = await call('/api/admin/grant-membership', {
      cookie: admin.cookie,
      json: { userId: user.id, plan: 'premium', confirm: 'upgrade' },
    });
    expect(await change.json()).toMatchObject({ membership: { plan: 'inner_circle', status: 'active' } });
    await sendStripe(
      subscription('customer.subscription.deleted', start.data.object.customer as string, 'price_inner_circle', 'canceled', at(-10)),
    );
    expect(await membershipOf(user.id)).toMatchObject({ plan: 'premium', status: 'active', source: 'admin' });
  });
});

describe('a failed payment: 7 days of grace, then the grant lapses', () => {
  it('keeps access, keeps the first failure’s grace, and ends with a successful payment', async () => {
    const user = await verifiedSignUp();
    const start = checkout(user.email, { metadata: { plan: 'mastermind' } }, at(-3 * DAY));
    await sendStripe(start);
    const customer = start.data.object.customer as string;
    const failedAt = at(-2 * DAY);
    const failed = paymentFailed(customer, failedAt);
    expect(await (await sendStripe(failed)).json()).toEqual({ received: true, status: 'success' });
    expect(await meMembership(user.cookie)).toEqual({ plan: 'mastermind', status: 'past_due' });
    expect(await checkInsStatus(user.cookie)).toBe(200);
    const graceUntil = new Date((failedAt + 7 * DAY) * 1000).toISOString();
    expect(
      await env.DB.prepare('SELECT grace_until AS graceUntil, after_grace_plan AS afterGracePlan FROM memberships WHERE user_id = ?')
        .bind(user.id)
        .first(),
    ).toEqual({
      graceUntil,
      afterGracePlan: 'challenge',
    });
    // Stripe retries the charge: a second failure does not extend the grace.
    const again = stripeAgain(customer, failedAt + DAY);
    await sendStripe(again);
    expect(await logsFor(again.id)).toMatchObject([{ status: 'ignored' }]);
    expect(await env.DB.prepare('SELECT grace_until AS graceUntil FROM memberships WHERE user_id = ?').bind(user.id).first()).toEqual({
      graceUntil,
    });
    // The card is updated and paid.
    await sendStripe(subscription('customer.subscription.updated', customer, 'price_mastermind', 'active', at(-DAY)));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'mastermind', status: 'active' });
  });

  it('once the grace is over, only the other grants count', async () => {
    // Failed 8 days ago: lapsed already when it arrives; the sign-up plan is what is left.
    const late = await verifiedSignUp();
    const start = checkout(late.email, { metadata: { plan: 'premium' } }, at(-10 * DAY));
    await sendStripe(start);
    await sendStripe(paymentFailed(start.data.object.customer as string, at(-8 * DAY)));
    expect(await membershipOf(late.id)).toMatchObject({ plan: 'challenge', status: 'active', source: 'signup' });

    // Within grace when it arrived, and then time passes (as if 7 days went by).
    const user = await verifiedSignUp();
    const paid = checkout(user.email, { metadata: { plan: 'premium' } }, at(-3 * DAY));
    await sendStripe(paid);
    await sendStripe(paymentFailed(paid.data.object.customer as string, at(-DAY)));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'premium', status: 'past_due' });
    await env.DB.prepare("UPDATE memberships SET grace_until = '2020-01-01T00:00:00.000Z' WHERE user_id = ?").bind(user.id).run();
    expect(await meMembership(user.cookie)).toEqual({ plan: 'challenge', status: 'active' });
    expect(await checkInsStatus(user.cookie)).toBe(200);
    // With no other grant, nothing is left.
    await env.DB.prepare('UPDATE memberships SET after_grace_plan = NULL WHERE user_id = ?').bind(user.id).run();
    expect(await meMembership(user.cookie)).toEqual({ plan: 'premium', status: 'expired' });
    expect(await checkInsStatus(user.cookie)).toBe(403);
  });

  it('a failed payment never revives a cancelled grant', async () => {
    const user = await verifiedSignUp();
    const start = checkout(user.email, { metadata: { plan: 'premium' } }, at(-100));
    await sendStripe(start);
    const customer = start.data.object.customer as string;
    await sendStripe(subscription('customer.subscription.deleted', customer, 'price_premium', 'canceled', at(-50)));
    const failed = paymentFailed(customer, at(-10));
    await sendStripe(failed);
    expect(await logsFor(failed.id)).toEqual([
      { status: 'ignored', eventType: 'invoice.payment_failed', errorMessage: 'The grant has ended: a failed payment changes nothing' },
    ]);
    expect(await meMembership(user.cookie)).toEqual({ plan: 'challenge', status: 'active' });
  });
});

/** Another invoice.payment_failed for the same customer (a retried charge). */
const stripeAgain = (customer: string, created: number) => paymentFailed(customer, created);

describe('the webhook log page', () => {
  it('shows ignored events in grey and errors in red', async () => {
    const admin = await signUpAdmin();
    const ignored = stripeAgain(`cus_${next()}`, at());
    await env.DB.prepare(
      "INSERT INTO webhook_events (id, source, external_id, event_type, status, payload, error_message) VALUES (?, 'stripe', ?, 'customer.created', 'ignored', '{}', 'customer.created is not used')",
    )
      .bind(crypto.randomUUID(), ignored.id)
      .run();
    const html = await (await call('/admin/webhooks?status=ignored', { cookie: admin.cookie })).text();
    const entry = html.slice(html.indexOf('customer.created'));
    expect(entry).toContain('badge badge-neutral');
    expect(html).not.toContain('badge badge-error');
    expect(entry).toContain('customer.created is not used');
  });
});

describe('one Stripe customer, two subscriptions (decision 24)', () => {
  it('the new one ending gives way to the old one only when the old one is live after that', async () => {
    const user = await verifiedSignUp();
    const customer = `cus_${next()}`;
    const old = { id: `sub_${next()}`, created: at(-100) };
    const renewed = { id: `sub_${next()}`, created: at(-50) };
    await sendStripe(checkout(user.email, { customer, subscription: old.id, metadata: { plan: 'premium' } }, at(-95)));
    await sendStripe(subscription('customer.subscription.created', customer, 'price_mastermind', 'active', at(-50), renewed));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'mastermind', status: 'active' });
    // An older renewal of the old subscription, or its failed payment, does not steer the new one.
    const oldRenewal = subscription('customer.subscription.updated', customer, 'price_premium', 'active', at(-40), old);
    const oldFailure = paymentFailed(customer, at(-35), { parent: { subscription_details: { subscription: old.id } } });
    for (const event of [oldRenewal, oldFailure]) {
      expect(await logsFor(event.id)).toEqual([]);
      await sendStripe(event);
      expect(await logsFor(event.id)).toMatchObject([
        { status: 'ignored', errorMessage: `This grant follows subscription ${renewed.id}, not ${old.id}: nothing changed` },
      ]);
    }
    expect(await meMembership(user.cookie)).toEqual({ plan: 'mastermind', status: 'active' });
    // The new one is cancelled: the member keeps only what is left (the sign-up plan).
    await sendStripe(subscription('customer.subscription.deleted', customer, 'price_mastermind', 'canceled', at(-20), renewed));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'challenge', status: 'active' });
    // A retry of the old one's renewal from before that changes nothing...
    const stale = subscription('customer.subscription.updated', customer, 'price_premium', 'active', at(-30), old);
    await sendStripe(stale);
    expect(await logsFor(stale.id)).toMatchObject([{ status: 'ignored' }]);
    expect(await meMembership(user.cookie)).toEqual({ plan: 'challenge', status: 'active' });
    // ...but the old one renewing after it brings its plan back.
    await sendStripe(subscription('customer.subscription.updated', customer, 'price_premium', 'active', at(-10), old));
    expect(await meMembership(user.cookie)).toEqual({ plan: 'premium', status: 'active' });
  });
});

describe('a Patreon grant is the member’s: keyed by member id, it follows their address (decision 24)', () => {
  const create = (email: string, id: string) => sendPatreon('members:pledge:create', member(email, ['tier_premium'], 'active_patron', id));
  const update = (email: string, id: string) => sendPatreon('members:pledge:update', member(email, ['tier_premium'], 'active_patron', id));
  const remove = (email: string, id: string) => sendPatreon('members:pledge:delete', member(email, [], 'former_patron', id));
  const planOf = async (cookie: string) => (await meMembership(cookie))?.plan;

  it('create for one address, update to another, delete with the second: neither keeps the plan', async () => {
    const [a, b] = [await verifiedSignUp(), await verifiedSignUp()];
    const id = `mem_${next()}`;
    await create(a.email, id);
    expect([await planOf(a.cookie), await planOf(b.cookie)]).toEqual(['premium', 'challenge']);
    await update(b.email, id);
    expect([await planOf(a.cookie), await planOf(b.cookie)]).toEqual(['challenge', 'premium']);
    expect(await remove(b.email, id).then((r) => r.json())).toEqual({ received: true, status: 'success' });
    expect([await planOf(a.cookie), await planOf(b.cookie)]).toEqual(['challenge', 'challenge']);
    expect(
      (
        await env.DB.prepare(
          "SELECT subject, user_id AS userId, status FROM membership_grants WHERE source = 'patreon' AND external_id = ?",
        )
          .bind(id)
          .all()
      ).results,
    ).toEqual([{ subject: id, userId: b.id, status: 'cancelled' }]);
    // A's trail says where the grant went, with no address in it.
    const trail = (
      await env.DB.prepare('SELECT actor, from_value AS "from", to_value AS "to" FROM audit_entries WHERE user_id = ? ORDER BY at')
        .bind(a.id)
        .all()
    ).results;
    expect(trail.at(-1)).toEqual({ actor: 'patreon', from: 'Premium, active', to: 'Moved: the Patreon member now uses another address' });
  });

  it('in every order of the three events, the address of the last one holds the grant (Patreon sends no time)', async () => {
    type Step = 'create A' | 'update B' | 'delete B';
    const orders: Step[][] = [
      ['create A', 'update B', 'delete B'],
      ['create A', 'delete B', 'update B'],
      ['update B', 'create A', 'delete B'],
      ['update B', 'delete B', 'create A'],
      ['delete B', 'create A', 'update B'],
      ['delete B', 'update B', 'create A'],
    ];
    for (const order of orders) {
      const [a, b] = [await verifiedSignUp(), await verifiedSignUp()];
      const id = `mem_${next()}`;
      let holder: 'A' | 'B' | null = null;
      for (const [i, step] of order.entries()) {
        const response =
          step === 'create A' ? await create(a.email, id) : step === 'update B' ? await update(b.email, id) : await remove(b.email, id);
        expect(response.status).toBe(200);
        // A deletion before any pledge ends nothing; otherwise the last event's address holds the grant.
        holder = step === 'create A' ? 'A' : step === 'update B' ? 'B' : null;
        const context = order.slice(0, i + 1).join(' → ');
        expect([await planOf(a.cookie), await planOf(b.cookie)], context).toEqual([
          holder === 'A' ? 'premium' : 'challenge',
          holder === 'B' ? 'premium' : 'challenge',
        ]);
      }
    }
  });

  it('an address change to an unverified address leaves the old account and waits for the new one', async () => {
    const a = await verifiedSignUp();
    const id = `mem_${next()}`;
    const later = uniqueEmail('moved');
    await create(a.email, id);
    await update(later, id);
    expect(await planOf(a.cookie)).toBe('challenge');
    expect(
      await env.DB.prepare(
        "SELECT user_id AS userId, pending_email AS pendingEmail FROM membership_grants WHERE source = 'patreon' AND subject = ?",
      )
        .bind(id)
        .first(),
    ).toEqual({ userId: null, pendingEmail: later });
  });

  it('grants keyed by address from before keep working: the member’s next event takes them over and ends their copies', async () => {
    const [a, b, c] = [await verifiedSignUp(), await verifiedSignUp(), await verifiedSignUp()];
    const id = `mem_${next()}`;
    const legacy = (email: string, userId: string, externalId: string | null) =>
      env.DB.batch([
        env.DB.prepare(
          "INSERT INTO membership_grants (source, subject, user_id, plan, status, origin, external_id) VALUES ('patreon', ?, ?, 'premium', 'active', 'patreon', ?)",
        ).bind(email, userId, externalId),
        env.DB.prepare("UPDATE memberships SET plan = 'premium', source = 'patreon', external_id = ? WHERE user_id = ?").bind(
          externalId,
          userId,
        ),
      ]);
    // The state an address change left before: the grant under the old address, and a copy under the new.
    await legacy(a.email, a.id, id);
    await legacy(b.email, b.id, id);
    expect([await planOf(a.cookie), await planOf(b.cookie)]).toEqual(['premium', 'premium']);
    await update(b.email, id);
    expect([await planOf(a.cookie), await planOf(b.cookie)]).toEqual(['challenge', 'premium']);
    expect(
      (
        await env.DB.prepare(
          "SELECT subject, user_id AS userId, status FROM membership_grants WHERE source = 'patreon' AND external_id = ? ORDER BY subject",
        )
          .bind(id)
          .all()
      ).results,
    ).toEqual(
      [
        { subject: a.email, userId: a.id, status: 'cancelled' },
        { subject: id, userId: b.id, status: 'active' },
      ].sort((x, y) => (x.subject < y.subject ? -1 : 1)),
    );
    await remove(b.email, id);
    expect([await planOf(a.cookie), await planOf(b.cookie)]).toEqual(['challenge', 'challenge']);

    // A grant keyed by address with no member id known is the member's whose address it is.
    const other = `mem_${next()}`;
    await legacy(c.email, c.id, null);
    await update(c.email, other);
    expect(await planOf(c.cookie)).toBe('premium');
    expect(
      await env.DB.prepare("SELECT subject, external_id AS externalId FROM membership_grants WHERE source = 'patreon' AND user_id = ?")
        .bind(c.id)
        .all(),
    ).toMatchObject({ results: [{ subject: other, externalId: other }] });
    await remove(c.email, other);
    expect(await planOf(c.cookie)).toBe('challenge');
  });
});
