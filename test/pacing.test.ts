// The four-week clock for the participant (decision 36, docs/product.md#session-order-and-status):
// under weekly pacing Sessions 2 to 4 open on days 8, 15 and 22 of the cohort at 00:00 in the
// participant's own zone, to a seated participant, each after the one before; the re-assessment
// comes at the end of week 4. The clock is moved with vitest's fake Date, which the Worker's code
// sees too (it runs in this workerd); cohorts are made and people moved with SQL and moveToCohort.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveToCohort } from '../src/data/cohorts';
import { getDb } from '../src/db/client';
import { FLASH_COOKIE } from '../src/paths';
import { call, followFailedPost, htmlOf, logIn, signUp } from './helpers';
import { session1, session2, session3, session4 } from './oracles/session-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock the Worker reads (`new Date()`, `Date.now()`) to this instant. */
function at(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

let made = 0;
async function makeCohort(options: { startDate: string; pacing?: 'weekly' | 'self-paced'; capacity?: number | null }) {
  made += 1;
  const id = `pace-${made}-${crypto.randomUUID().slice(0, 6)}`;
  const name = `Cohort ${made}`;
  await env.DB.prepare('INSERT INTO cohorts (id, name, start_date, capacity, pacing, enrolment_open) VALUES (?, ?, ?, ?, ?, 1)')
    .bind(id, name, options.startDate, options.capacity ?? null, options.pacing ?? 'weekly')
    .run();
  return { id, name };
}

/** A participant signed up now (the faked now), living in `timeZone`, moved into the cohort. */
async function participant(cohortId: string, timeZone = 'America/Los_Angeles') {
  const user = await signUp();
  await env.DB.prepare('UPDATE users SET time_zone = ? WHERE id = ?').bind(timeZone, user.id).run();
  const moved = await moveToCohort(getDb(env.DB), user.id, cohortId, new Date().toISOString());
  expect(moved.ok).toBe(true);
  return user;
}

const save = (cookie: string, body: unknown) => call('/api/progress', { cookie, json: body });

async function refusal(response: Response): Promise<string> {
  expect(response.status).toBe(409);
  return ((await response.json()) as { message: string }).message;
}

/** Session 2's form as a page without JavaScript posts it. */
const session2Form = { 'blockers[0].name': 'Fear', 'blockers[0].reflection': 'Fear of failing' };

/** A closed page's redirect, followed as a browser would (its toast rides in the flash cookie). */
async function redirectedPage(response: Response, cookie: string): Promise<string> {
  expect(response.status).toBe(303);
  const location = response.headers.get('location')!;
  const flash = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith(FLASH_COOKIE))
    .map((c) => c.split(';')[0])
    .join('; ');
  return htmlOf(await call(location, { cookie: `${cookie}; ${flash}` }), 200);
}

describe('weekly pacing', () => {
  it('keeps Session 2 closed before day 8, with the date, for the page, the form and JSON; it opens at 00:00 local on day 8', async () => {
    // Day 4 of a cohort starting Tue 2027-01-12; the participant lives in Los Angeles.
    at('2027-01-15T20:00:00Z');
    const cohort = await makeCohort({ startDate: '2027-01-12' });
    const { cookie } = await participant(cohort.id);
    expect((await save(cookie, session1())).status).toBe(200);

    const message = 'Session 2 opens Tue, Jan 19, on day 8 of your cohort';
    const page = await call('/sessions/2', { cookie });
    expect(page.headers.get('location')).toBe('/sessions');
    const sessions = await redirectedPage(page, cookie);
    expect(sessions).toContain('Session 2 is not open yet');
    expect(sessions).toContain(`${message}.`);
    expect(sessions).toContain('Opens Tue, Jan 19');
    expect(sessions).toContain('Opens Tue, Jan 26');
    expect(sessions).toContain('Opens Tue, Feb 2');
    expect(sessions).toContain(`${cohort.name} moves a week at a time`);
    // Every closed card's button is disabled and described by when it opens; none is a link.
    expect(sessions.match(/disabled="" aria-describedby="locked-/g)).toHaveLength(3);
    expect(sessions).not.toContain('href="/sessions/2"');

    expect(await refusal(await save(cookie, session2()))).toBe(message);
    const posted = await followFailedPost(await call('/sessions/2', { cookie, form: session2Form }), cookie);
    expect(posted.status).toBe(409);
    expect(await posted.text()).toContain(`<p class="toast-description">${message}</p>`);

    const dashboard = await htmlOf(await call('/dashboard', { cookie }), 200);
    expect(dashboard).toContain(`Week 1 of 4 · ${cohort.name} · day 4`);
    expect(dashboard).toContain('Session 2: Opens Tue, Jan 19');

    // 23:59:59 on Mon, Jan 18 in Los Angeles: still closed.
    at('2027-01-19T07:59:59Z');
    expect(await refusal(await save(cookie, session2()))).toBe(message);
    // 00:00 on Tue, Jan 19 in Los Angeles (08:00 UTC): open.
    at('2027-01-19T08:00:00Z');
    expect((await call('/sessions/2', { cookie })).status).toBe(200);
    expect((await save(cookie, session2())).status).toBe(200);
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).toContain(`Week 2 of 4 · ${cohort.name} · day 8`);
    // Session 3 waits for day 15 even with Session 2 done.
    expect(await refusal(await save(cookie, session3()))).toBe('Session 3 opens Tue, Jan 26, on day 15 of your cohort');
  });

  it("opens on the participant's own day: Auckland before Los Angeles, at the same instant", async () => {
    at('2027-01-13T12:00:00Z');
    const cohort = await makeCohort({ startDate: '2027-01-12' });
    const auckland = await participant(cohort.id, 'Pacific/Auckland');
    const losAngeles = await participant(cohort.id, 'America/Los_Angeles');
    for (const { cookie } of [auckland, losAngeles]) expect((await save(cookie, session1())).status).toBe(200);

    // 00:00 on Tue, Jan 19 in Auckland (NZDT, UTC+13) is 03:00 on Mon, Jan 18 in Los Angeles.
    at('2027-01-18T11:00:00Z');
    expect(await htmlOf(await call('/dashboard', { cookie: auckland.cookie }), 200)).toContain(`Week 2 of 4 · ${cohort.name} · day 8`);
    expect(await htmlOf(await call('/dashboard', { cookie: losAngeles.cookie }), 200)).toContain(`Week 1 of 4 · ${cohort.name} · day 7`);
    expect(await refusal(await save(losAngeles.cookie, session2()))).toBe('Session 2 opens Tue, Jan 19, on day 8 of your cohort');
    expect((await save(auckland.cookie, session2())).status).toBe(200);
    // A minute before, Auckland was still on Monday.
    at('2027-01-18T10:59:00Z');
    const other = await participant(cohort.id, 'Pacific/Auckland');
    expect((await save(other.cookie, session1())).status).toBe(200);
    expect((await save(other.cookie, session2())).status).toBe(409);
  });

  it('opens at local midnight across the US clock change of 2027-03-14', async () => {
    // A cohort starting Sun 2027-03-07: day 8 is the 14th (clocks go forward at 02:00 that night),
    // day 15 the 21st, when Los Angeles is on PDT (UTC-7) instead of PST (UTC-8).
    at('2027-03-08T18:00:00Z');
    const cohort = await makeCohort({ startDate: '2027-03-07' });
    const { cookie } = await participant(cohort.id, 'America/Los_Angeles');
    expect((await save(cookie, session1())).status).toBe(200);

    at('2027-03-14T07:59:59Z'); // 23:59:59 PST on the 13th
    expect((await save(cookie, session2())).status).toBe(409);
    at('2027-03-14T08:00:00Z'); // 00:00 PST on the 14th
    expect((await save(cookie, session2())).status).toBe(200);

    at('2027-03-21T06:59:59Z'); // 23:59:59 PDT on the 20th: an hour earlier in UTC than a week before
    expect(await refusal(await save(cookie, session3()))).toBe('Session 3 opens Sun, Mar 21, on day 15 of your cohort');
    at('2027-03-21T07:00:00Z'); // 00:00 PDT on the 21st
    expect((await save(cookie, session3())).status).toBe(200);
  });

  it('lets a late joiner through every session whose day has passed, in order', async () => {
    // Day 19 of a cohort that started Tue 2027-01-12: Sessions 2 and 3 are due, 4 opens on Tue, Feb 2.
    at('2027-01-30T18:00:00Z');
    const cohort = await makeCohort({ startDate: '2027-01-12' });
    const { cookie } = await participant(cohort.id);
    expect(await refusal(await save(cookie, session2()))).toBe('Complete Session 1 first');
    expect((await save(cookie, session1())).status).toBe(200);
    expect(await refusal(await save(cookie, session3()))).toBe('Complete Session 2 first');

    const sessions = await htmlOf(await call('/sessions', { cookie }), 200);
    expect(sessions).toContain('href="/sessions/2"');
    expect(sessions).toContain('Complete Session 2 first');
    expect(sessions).toContain('Opens Tue, Feb 2');
    expect(sessions).not.toContain('Opens Tue, Jan 19');

    expect((await save(cookie, session2())).status).toBe(200);
    expect((await save(cookie, session3())).status).toBe(200);
    expect(await refusal(await save(cookie, session4()))).toBe('Session 4 opens Tue, Feb 2, on day 22 of your cohort');
    const locked = await call('/sessions/4', { cookie });
    expect(await redirectedPage(locked, cookie)).toContain('Session 4 opens Tue, Feb 2, on day 22 of your cohort.');

    // Session 4 on its day; the milestones fall due 30, 60 and 90 days after it, in their zone.
    at('2027-02-02T09:00:00Z'); // 01:00 on Tue, Feb 2 in Los Angeles
    expect((await save(cookie, session4())).status).toBe(200);
    const path = await htmlOf(await call('/sessions/4', { cookie }), 200);
    expect(path).toContain('<time dateTime="2027-03-04">Due Thu, Mar 4</time>');
    expect(path).toContain('<time dateTime="2027-04-03">Due Sat, Apr 3</time>');
    expect(path).toContain('<time dateTime="2027-05-03">Due Mon, May 3</time>');
    // 'Mark done' at any time, even long before the due date, and dated.
    at('2027-02-05T20:00:00Z');
    expect((await call('/sessions/4?form=milestone', { cookie, form: { week: '60', status: 'done' } })).status).toBe(303);
    const marked = await htmlOf(await call('/sessions/4', { cookie }), 200);
    expect(marked).toMatch(/Done on(<!-- -->)? <time dateTime="2027-02-05T20:00:00.000Z" class="muted small">Fri, Feb 5<\/time>/);
    const summary = await htmlOf(await call('/summary', { cookie }), 200);
    expect(summary).toContain('Done on Fri, Feb 5');
    expect(summary).toContain('Due Thu, Mar 4');
  });

  it('lets a waitlisted participant do Session 1, and opens the rest once seated', async () => {
    at('2027-01-25T18:00:00Z'); // day 14
    const cohort = await makeCohort({ startDate: '2027-01-12', capacity: 1 });
    const seated = await participant(cohort.id);
    const waiting = await participant(cohort.id);
    const dashboard = await htmlOf(await call('/dashboard', { cookie: waiting.cookie }), 200);
    expect(dashboard).toContain(`You are on the waitlist of ${cohort.name}`);
    expect(dashboard).toContain('Sessions 2, 3 and 4 open once you have a seat.');

    expect((await save(waiting.cookie, session1())).status).toBe(200);
    const message = 'Session 2 opens once you have a seat in your cohort: you are on its waitlist';
    expect(await refusal(await save(waiting.cookie, session2()))).toBe(message);
    const posted = await followFailedPost(await call('/sessions/2', { cookie: waiting.cookie, form: session2Form }), waiting.cookie);
    expect(posted.status).toBe(409);
    expect(await htmlOf(await call('/sessions', { cookie: waiting.cookie }), 200)).toContain('Opens once you have a seat');

    // The seated one moves on: the first on the waitlist gets the seat, and Session 2 opens.
    const elsewhere = await makeCohort({ startDate: '2027-02-01' });
    const moved = await moveToCohort(getDb(env.DB), seated.id, elsewhere.id, new Date().toISOString());
    expect(moved).toMatchObject({ ok: true, seatedFromWaitlist: [waiting.id] });
    expect((await save(waiting.cookie, session2())).status).toBe(200);
  });

  it('says when a cohort starts and when it finished', async () => {
    at('2027-01-09T18:00:00Z');
    const cohort = await makeCohort({ startDate: '2027-01-12' });
    const { cookie, email, password } = await participant(cohort.id);
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).toContain(`${cohort.name} · Starts in 3 days, Tue, Jan 12`);
    // A month on: the 30-day sign-in has ended, so sign in again.
    at('2027-02-10T18:00:00Z');
    const later = await htmlOf(await call('/dashboard', { cookie: await logIn(email, password) }), 200);
    expect(later).toContain(`${cohort.name} · Finished on Mon, Feb 8`);
  });
});

describe('self-paced cohorts', () => {
  it('keep the order alone: all four sessions in one sitting, before any start date', async () => {
    at('2027-01-05T18:00:00Z');
    const cohort = await makeCohort({ startDate: '2027-06-01', pacing: 'self-paced' });
    const { cookie } = await participant(cohort.id);
    expect(await refusal(await save(cookie, session2()))).toBe('Complete Session 1 first');
    for (const payload of [session1(), session2(), session3(), session4()]) expect((await save(cookie, payload)).status).toBe(200);
    const dashboard = await htmlOf(await call('/dashboard', { cookie }), 200);
    expect(dashboard).toContain(`Self-paced · ${cohort.name}`);
    expect(await htmlOf(await call('/sessions', { cookie }), 200)).not.toContain('moves a week at a time');
  });

  it('is what the founding cohort is: a new sign-up is self-paced in it', async () => {
    const { cookie } = await signUp();
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).toContain('Self-paced · Founding cohort');
  });
});

describe('the re-assessment invitation', () => {
  const invitation = 'Time to take your wheel again';

  it("comes at the end of a weekly cohort's week 4, 00:00 of day 29 in the participant's zone", async () => {
    at('2027-01-13T18:00:00Z');
    const cohort = await makeCohort({ startDate: '2027-01-12' });
    const { cookie } = await participant(cohort.id);
    expect((await save(cookie, session1())).status).toBe(200);
    // Day 28 ends at 00:00 PST on Tue, Feb 9 (08:00 UTC).
    at('2027-02-09T07:59:59Z');
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).not.toContain(invitation);
    at('2027-02-09T08:00:00Z');
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).toContain(invitation);
  });

  it('comes four weeks after the first wheel when self-paced, not when Session 4 is done that afternoon', async () => {
    at('2027-01-05T18:00:00Z');
    const cohort = await makeCohort({ startDate: '2027-01-01', pacing: 'self-paced' });
    const { cookie } = await participant(cohort.id);
    for (const payload of [session1(), session2(), session3(), session4()]) expect((await save(cookie, payload)).status).toBe(200);
    at('2027-01-05T22:00:00Z');
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).not.toContain(invitation);
    at('2027-02-02T17:59:59Z');
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).not.toContain(invitation);
    at('2027-02-02T18:00:00Z');
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).toContain(invitation);
  });
});
