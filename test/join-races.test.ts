// Races and retries of joining and paying (decision 41, docs/product.md#joining-and-paying): two
// tabs joining at once, a Payment Link checkout arriving twice, before or after the hold ran out,
// and the 15-minute run releasing holds. Each ends with exactly one place per member, and capacity
// holds. The checkouts are Stripe's checkout.session object for a Payment Link (test/join-helpers.ts).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, signUp } from './helpers';
import { currentPlaces, expireHold, joinApi, makeCohort, paymentLinkCheckout, placeOf, runQuarterHour, seatsLeft } from './join-helpers';
import { logsFor, meMembership, sendStripe } from './webhook-helpers';

async function seated(cohortId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM cohort_members WHERE cohort_id = ? AND left_at IS NULL AND seat = 'seated'")
    .bind(cohortId)
    .first<{ n: number }>();
  return row!.n;
}

describe('two tabs joining at once', () => {
  it('hold one seat', async () => {
    const cohort = await makeCohort(3);
    const user = await signUp();
    const answers = await Promise.all([1, 2, 3, 4].map(() => joinApi(user.cookie, cohort, 'premium')));
    for (const answer of answers) expect(answer.body.seat).toBe('payment-pending');
    expect(await currentPlaces(user.id)).toBe(1);
    expect(await seatsLeft(cohort)).toBe(2);
  });

  it('of different members never take more seats than the capacity', async () => {
    const cohort = await makeCohort(2);
    const users = await Promise.all([1, 2, 3, 4, 5].map(() => signUp()));
    const answers = await Promise.all(users.map((u) => joinApi(u.cookie, cohort, 'premium')));
    expect(answers.filter((a) => a.body.seat === 'payment-pending')).toHaveLength(2);
    expect(answers.filter((a) => a.body.seat === 'waitlisted')).toHaveLength(3);
    expect(await seatsLeft(cohort)).toBe(0);
  });
});

describe('the checkout that comes back', () => {
  it('confirms the held seat and binds the plan; the same event twice and a second checkout change nothing more', async () => {
    const cohort = await makeCohort(1);
    const user = await signUp();
    await joinApi(user.cookie, cohort, 'premium');
    const event = paymentLinkCheckout(user);
    const first = await sendStripe(event);
    expect(await first.json()).toEqual({ received: true, status: 'success' });
    expect(await placeOf(user.id)).toMatchObject({ cohortId: cohort, seat: 'seated', holdUntil: null });
    expect(await meMembership(user.cookie)).toEqual({ plan: 'premium', status: 'active' });
    expect(await (await sendStripe(event)).json()).toEqual({ received: true, duplicate: true });
    expect((await sendStripe(paymentLinkCheckout(user))).status).toBe(200);
    expect(await seated(cohort)).toBe(1);
    expect(await currentPlaces(user.id)).toBe(1);
    const me = (await (await call('/api/auth/me', { cookie: user.cookie })).json()) as { cohort: { seat: string } };
    expect(me.cohort.seat).toBe('seated');
  });

  it('arriving before the member joined binds the plan and leaves their place alone; joining then seats them at once', async () => {
    const cohort = await makeCohort(1);
    const user = await signUp();
    const before = await placeOf(user.id);
    expect((await sendStripe(paymentLinkCheckout(user))).status).toBe(200);
    expect(await placeOf(user.id)).toEqual(before);
    expect(await meMembership(user.cookie)).toEqual({ plan: 'premium', status: 'active' });
    // Paid already: nothing to pay, so the join seats them.
    expect(await joinApi(user.cookie, cohort, 'premium')).toEqual({ status: 200, body: { seat: 'seated' } });
  });

  it('after the hold ran out still seats the member while a seat is free', async () => {
    const cohort = await makeCohort(1);
    const user = await signUp();
    await joinApi(user.cookie, cohort, 'premium');
    await expireHold(user.id);
    expect(await seatsLeft(cohort)).toBe(1);
    const event = paymentLinkCheckout(user);
    expect(await (await sendStripe(event)).json()).toEqual({ received: true, status: 'success' });
    expect(await placeOf(user.id)).toMatchObject({ seat: 'seated' });
    expect(await seated(cohort)).toBe(1);
  });

  it('after the hold ran out and the cohort filled: a waitlist place and a needs-review entry', async () => {
    const cohort = await makeCohort(1);
    const late = await signUp();
    const other = await signUp();
    await joinApi(late.cookie, cohort, 'premium');
    await expireHold(late.id);
    // The freed seat goes to someone else meanwhile.
    expect((await joinApi(other.cookie, cohort)).body.seat).toBe('seated');
    const event = paymentLinkCheckout(late);
    expect(await (await sendStripe(event)).json()).toEqual({ received: true, status: 'needs review' });
    expect(await placeOf(late.id)).toMatchObject({ cohortId: cohort, seat: 'waitlisted', holdUntil: null });
    expect(await seated(cohort)).toBe(1);
    const [log] = await logsFor(event.id);
    expect(log).toMatchObject({ status: 'needs review' });
    expect((log as { errorMessage: string }).errorMessage).toContain('Paid after the seat hold ran out');
    // The plan they paid for is theirs all the same.
    expect(await meMembership(late.cookie)).toEqual({ plan: 'premium', status: 'active' });
    const page = await call('/admin/webhooks?status=needs+review');
    expect(page.status).not.toBe(500);
  });

  it('racing a second copy of itself seats the member once', async () => {
    const cohort = await makeCohort(1);
    const user = await signUp();
    await joinApi(user.cookie, cohort, 'premium');
    const event = paymentLinkCheckout(user);
    const answers = await Promise.all([sendStripe(event), sendStripe(event), sendStripe(paymentLinkCheckout(user))]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await seated(cohort)).toBe(1);
    expect(await currentPlaces(user.id)).toBe(1);
  });
});

describe('the 15-minute run', () => {
  it('releases the holds that ran out and gives their seats to the waitlist, leaving running holds alone', async () => {
    const cohort = await makeCohort(2);
    const lapsed = await signUp();
    const holding = await signUp();
    const waiting = await signUp();
    await joinApi(lapsed.cookie, cohort, 'premium');
    await joinApi(holding.cookie, cohort, 'premium');
    expect((await joinApi(waiting.cookie, cohort)).body.seat).toBe('waitlisted');
    await expireHold(lapsed.id);
    await runQuarterHour();
    expect(await placeOf(lapsed.id)).toMatchObject({ seat: 'payment-pending', holdUntil: null });
    expect((await placeOf(holding.id))?.seat).toBe('payment-pending');
    expect((await placeOf(holding.id))?.holdUntil).not.toBeNull();
    expect((await placeOf(waiting.id))?.seat).toBe('seated');
    // The member whose hold lapsed joins again: the cohort is full now, so the waitlist.
    expect(await joinApi(lapsed.cookie, cohort, 'premium')).toEqual({ status: 200, body: { seat: 'waitlisted' } });
    expect(await currentPlaces(lapsed.id)).toBe(1);
  });

  it('lets a lapsed hold be taken again while a seat is free', async () => {
    const cohort = await makeCohort(1);
    const user = await signUp();
    await joinApi(user.cookie, cohort, 'premium');
    await expireHold(user.id);
    await runQuarterHour();
    const again = await joinApi(user.cookie, cohort, 'premium');
    expect(again.body.seat).toBe('payment-pending');
    expect(again.body.payUrl).toBeDefined();
    expect(Date.parse((await placeOf(user.id))!.holdUntil!)).toBeGreaterThan(Date.now());
  });
});
