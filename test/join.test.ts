// Joining and paying (decision 41, docs/product.md#joining-and-paying): GET /api/plans, POST
// /api/cohorts/:id/join, the public /join pages and their 'Join' form, and the development checkout.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { call, htmlOf, signUp } from './helpers';
import { currentPlaces, joinApi, makeCohort, placeOf, seatsLeft } from './join-helpers';
import { meMembership } from './webhook-helpers';

describe('GET /api/plans', () => {
  it('answers the free sign-up plan and the priced ones, cheapest first', async () => {
    const response = await call('/api/plans');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      plans: [
        { plan: 'challenge', price: 'Free', paid: false },
        { plan: 'premium', price: '$99', paid: true },
        { plan: 'inner_circle', price: '$199', paid: true },
        { plan: 'mastermind', price: '$499', paid: true },
      ],
    });
  });

  it('follows PLANS, and a Worker with a broken PLANS refuses to serve', async () => {
    const plans = JSON.stringify({ mastermind: { price: '$1,000', link: 'https://buy.stripe.com/test_abc' } });
    const response = await call('/api/plans', { vars: { PLANS: plans } });
    expect(((await response.json()) as { plans: unknown[] }).plans).toEqual([
      { plan: 'challenge', price: 'Free', paid: false },
      { plan: 'mastermind', price: '$1,000', paid: true },
    ]);
    const app = createApp();
    const ctx = createExecutionContext();
    const broken = await app.fetch(new Request('https://life7.test/api/plans'), { ...env, PLANS: '{"gold":{"price":"$1"}}' }, ctx);
    await waitOnExecutionContext(ctx);
    expect(broken.status).toBe(503);
  });
});

describe('POST /api/cohorts/:id/join', () => {
  it('seats a member at once on the free plan, and joining twice answers the same seat', async () => {
    const cohort = await makeCohort(5);
    const user = await signUp();
    expect(await joinApi(user.cookie, cohort)).toEqual({ status: 200, body: { seat: 'seated' } });
    expect(await joinApi(user.cookie, cohort, 'challenge')).toEqual({ status: 200, body: { seat: 'seated' } });
    expect(await currentPlaces(user.id)).toBe(1);
    expect(await seatsLeft(cohort)).toBe(4);
  });

  it('holds a seat for a paid plan and answers where to pay, with the member named', async () => {
    const cohort = await makeCohort(2);
    const user = await signUp();
    const { status, body } = await joinApi(user.cookie, cohort, 'premium');
    expect(status).toBe(200);
    expect(body.seat).toBe('payment-pending');
    const pay = new URL(body.payUrl!);
    expect(pay.pathname).toBe('/dev/checkout');
    expect(pay.searchParams.get('client_reference_id')).toBe(user.id);
    expect(pay.searchParams.get('prefilled_email')).toBe(user.email);
    expect(pay.searchParams.get('plan')).toBe('premium');
    const place = await placeOf(user.id);
    expect(place).toMatchObject({ cohortId: cohort, seat: 'payment-pending', holdPlan: 'premium' });
    const minutes = (Date.parse(place!.holdUntil!) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // The hold counts as a taken seat, and /api/auth/me shows it.
    expect(await seatsLeft(cohort)).toBe(1);
    const me = (await (await call('/api/auth/me', { cookie: user.cookie })).json()) as { cohort: { seat: string; holdUntil: string } };
    expect(me.cohort).toMatchObject({ id: cohort, seat: 'payment-pending', holdUntil: place!.holdUntil });
    // Again: the same hold and the same link, never a second place.
    expect(await joinApi(user.cookie, cohort, 'premium')).toEqual({ status: 200, body });
    expect(await currentPlaces(user.id)).toBe(1);
  });

  it('uses the configured Payment Link, keeping its own parameters', async () => {
    const cohort = await makeCohort();
    const user = await signUp();
    const plans = JSON.stringify({ premium: { price: '$99', link: 'https://buy.stripe.com/test_123?locale=en' } });
    const response = await call(`/api/cohorts/${cohort}/join`, { cookie: user.cookie, json: { plan: 'premium' }, vars: { PLANS: plans } });
    const body = (await response.json()) as { payUrl: string };
    const url = new URL(body.payUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://buy.stripe.com/test_123');
    expect(Object.fromEntries(url.searchParams)).toEqual({ locale: 'en', client_reference_id: user.id, prefilled_email: user.email });
  });

  it('puts a member on the waitlist of a full cohort, with nothing to pay yet', async () => {
    const cohort = await makeCohort(1);
    const first = await signUp();
    const second = await signUp();
    expect((await joinApi(first.cookie, cohort, 'premium')).body.seat).toBe('payment-pending');
    expect(await joinApi(second.cookie, cohort, 'premium')).toEqual({ status: 200, body: { seat: 'waitlisted' } });
    expect(await seatsLeft(cohort)).toBe(0);
  });

  it('refuses an unknown cohort (404), a closed one (409), a plan not offered (400) and an anonymous caller (401)', async () => {
    const user = await signUp();
    const closed = await makeCohort(null, false);
    const open = await makeCohort();
    expect(await joinApi(user.cookie, 'no-such-cohort')).toEqual({ status: 404, body: { message: 'Cohort not found' } });
    expect(await joinApi(user.cookie, closed)).toEqual({ status: 409, body: { message: 'This cohort is not open for enrolment' } });
    const gold = await joinApi(user.cookie, open, 'gold');
    expect(gold.status).toBe(400);
    expect(gold.body).toMatchObject({
      message: 'Choose one of the plans offered',
      fieldErrors: { plan: ['Choose one of the plans offered'] },
    });
    expect((await call(`/api/cohorts/${open}/join`, { json: {} })).status).toBe(401);
    const notJson = await call(`/api/cohorts/${open}/join`, {
      cookie: user.cookie,
      raw: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.status).toBe(400);
    // Nothing of that moved them.
    expect((await placeOf(user.id))?.cohortId).not.toBe(open);
  });
});

describe('/join', () => {
  it('is a public page with the challenge, the plans and the upcoming cohorts, link previews and no join links', async () => {
    const cohort = await makeCohort(3);
    await env.DB.prepare(
      "INSERT INTO webinars (id, cohort_id, title, description, location, start_time, end_time, join_url) VALUES (?, ?, 'Week 1', '', 'Zoom', ?, ?, 'https://zoom.example/secret-join')",
    )
      .bind(crypto.randomUUID(), cohort, '2031-01-07T02:00:00.000Z', '2031-01-07T03:00:00.000Z')
      .run();
    const html = await htmlOf(await call('/join'), 200);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta property="og:title" content="Join Life7');
    expect(head).toContain('<meta name="description"');
    expect(head).toContain('<link rel="canonical" href="https://life7.test/join"');
    expect(html).toContain('Faith, Family, Fitness, Finance, Field, Friends, Fun');
    expect(html).toContain('Break the Chains');
    expect(html).toContain('$99');
    expect(html).toContain('3 seats left');
    expect(html).toContain('Mon 01/06/2031, 6:00 PM PST');
    expect(html).toContain(`action="/join/${cohort}"`);
    expect(html).not.toContain('secret-join');
    expect(html).not.toContain('<script');
    const single = await htmlOf(await call(`/join/${cohort}`), 200);
    expect(single).toContain(`<link rel="canonical" href="https://life7.test/join/${cohort}"`);
    expect((await call('/join/no-such-cohort')).status).toBe(404);
    // /login points newcomers here.
    expect(await htmlOf(await call('/login'), 200)).toContain('href="/join"');
  });

  it("'Join' sends a visitor to sign up and back, and a member on to pay", async () => {
    const cohort = await makeCohort();
    const visitor = await call(`/join/${cohort}`, { form: { plan: 'premium' } });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get('location')).toBe(`/login?tab=signup&next=${encodeURIComponent(`/join/${cohort}?plan=premium`)}`);
    const user = await signUp();
    const member = await call(`/join/${cohort}`, { form: { plan: 'premium' }, cookie: user.cookie });
    expect(member.status).toBe(303);
    expect(member.headers.get('location')).toMatch(/^https:\/\/life7\.test\/dev\/checkout\?client_reference_id=/);
    expect((await placeOf(user.id))?.seat).toBe('payment-pending');
    const free = await signUp();
    const seated = await call(`/join/${cohort}`, { form: { plan: 'challenge' }, cookie: free.cookie });
    expect(seated.headers.get('location')).toBe('/dashboard');
    const closed = await makeCohort(null, false);
    const refused = await call(`/join/${closed}`, { form: { plan: 'challenge' }, cookie: free.cookie });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(`/join/${closed}`);
  });
});

describe('the development checkout', () => {
  it('shows what Stripe would, and Pay sends a signed Payment Link checkout that seats the member with the plan', async () => {
    const cohort = await makeCohort(1);
    const user = await signUp();
    const { body } = await joinApi(user.cookie, cohort, 'inner_circle');
    const pay = new URL(body.payUrl!);
    const page = await htmlOf(await call(`${pay.pathname}${pay.search}`, { cookie: user.cookie }), 200);
    expect(page).toContain('Development checkout');
    expect(page).toContain('Inner Circle');
    expect(page).toContain(user.email);
    const paid = await call('/dev/checkout', { form: Object.fromEntries(pay.searchParams), cookie: user.cookie });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe('/dashboard');
    expect(await placeOf(user.id)).toMatchObject({ cohortId: cohort, seat: 'seated', holdUntil: null });
    expect(await meMembership(user.cookie)).toEqual({ plan: 'inner_circle', status: 'active' });
    const logged = await env.DB.prepare(
      "SELECT payload, status FROM webhook_events WHERE source = 'stripe' ORDER BY processed_at DESC LIMIT 1",
    ).first<{
      payload: string;
      status: string;
    }>();
    expect(logged!.status).toBe('success');
    expect(JSON.parse(logged!.payload).data.object).toMatchObject({
      object: 'checkout.session',
      client_reference_id: user.id,
      customer_details: { email: user.email },
      metadata: { plan: 'inner_circle' },
      payment_status: 'paid',
    });
  });

  it('refuses a checkout naming no plan (400); it and the stand-in billing portal do not exist in production (404)', async () => {
    expect((await call('/dev/checkout?plan=gold&client_reference_id=x&prefilled_email=a@b.co')).status).toBe(400);
    const app = createApp();
    const ctx = createExecutionContext();
    const production = { ...env, ENVIRONMENT: 'production' as const };
    const get = await app.fetch(
      new Request('https://life7.test/dev/checkout?plan=premium&client_reference_id=x&prefilled_email=a@b.co'),
      production,
      ctx,
    );
    const post = await app.fetch(
      new Request('https://life7.test/dev/checkout', {
        method: 'POST',
        headers: { origin: 'https://life7.test', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'plan=premium&client_reference_id=x&prefilled_email=a%40b.co',
      }),
      production,
      ctx,
    );
    const billing = await app.fetch(new Request('https://life7.test/dev/billing?prefilled_email=a%40b.co'), production, ctx);
    await waitOnExecutionContext(ctx);
    expect(get.status).toBe(404);
    expect(post.status).toBe(404);
    // The stand-in billing portal too.
    expect(billing.status).toBe(404);
  });
});
