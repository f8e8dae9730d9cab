// The coach's cohorts (docs/product.md#cohorts): the admin API and /admin/cohorts (create with
// webinars, change, one default for sign-ups, a capacity never under the seats taken), the public
// list, moves from a participant's page with their audit entry, and the mail to whoever a freed
// seat goes to (a move, a deletion by an admin or by the participant, a raised capacity).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, followFailedPost, htmlOf, latestMailTo, signUp } from './helpers';

async function signUpAdmin() {
  const admin = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  return admin;
}

let named = 0;
const uniqueName = (stem = 'Cohort') => {
  named += 1;
  return `${stem} ${named}-${crypto.randomUUID().slice(0, 6)}`;
};

interface CohortJson {
  id: string;
  name: string;
  startDate: string;
  capacity: number | null;
  pacing: string;
  enrolmentOpen: boolean;
  defaultForSignUps: boolean;
  state: string;
  seated: number;
  waitlisted: number;
  participants: number;
  session4CompletionRate: number | null;
  averageWheelGain: number | null;
  webinars: { id: string; title: string; startTime: string; endTime: string }[];
}

async function createCohort(cookie: string, fields: Record<string, unknown> = {}): Promise<CohortJson> {
  const response = await call('/api/admin/cohorts', {
    cookie,
    json: { name: uniqueName(), startDate: '2099-01-05', pacing: 'weekly', enrolmentOpen: true, ...fields },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { cohort: CohortJson }).cohort;
}

async function listCohorts(cookie: string): Promise<CohortJson[]> {
  const response = await call('/api/admin/cohorts', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { cohorts: CohortJson[] }).cohorts;
}

async function seatOf(userId: string) {
  return env.DB.prepare('SELECT cohort_id AS cohortId, seat FROM cohort_members WHERE user_id = ? AND left_at IS NULL')
    .bind(userId)
    .first<{ cohortId: string; seat: string }>();
}

const patch = (cookie: string, id: string, json: unknown) => call(`/api/admin/cohorts/${id}`, { method: 'PATCH', cookie, json });

describe('who may', () => {
  it('answers 401 signed out and 403 to a participant on every admin endpoint; the public list is open', async () => {
    const member = await signUp();
    const endpoints: [string, string, unknown][] = [
      ['GET', '/api/admin/cohorts', undefined],
      ['POST', '/api/admin/cohorts', { name: 'X', startDate: '2099-01-05', pacing: 'weekly', enrolmentOpen: true }],
      ['PATCH', '/api/admin/cohorts/founding', { capacity: 1 }],
      ['POST', `/api/admin/users/${member.id}/cohort`, { cohortId: 'founding' }],
    ];
    for (const [method, path, json] of endpoints) {
      const anonymous = await call(path, { method, json });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const forbidden = await call(path, { method, json, cookie: member.cookie });
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(await forbidden.json()).toEqual({ message: 'Admins only' });
    }
    // The page: a participant is sent to the dashboard, nobody's cohort changed.
    const page = await call('/admin/cohorts', { cookie: member.cookie });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('/dashboard');
    expect((await call('/admin/cohorts', { method: 'POST', form: { name: 'X' }, cookie: member.cookie })).status).toBe(303);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM cohorts WHERE name = 'X'").first<{ n: number }>())?.n).toBe(0);
    expect((await call('/api/cohorts')).status).toBe(200);
  });
});

describe('creating and listing cohorts', () => {
  it('creates a cohort with its four weekly webinars in the coaches’ zone, and lists it', async () => {
    const admin = await signUpAdmin();
    const cohort = await createCohort(admin.cookie, {
      name: '  January 2099 ',
      startDate: '2099-01-05',
      capacity: 2,
      webinars: { weekday: 2, time: '18:00' },
    });
    expect(cohort).toMatchObject({
      name: 'January 2099',
      startDate: '2099-01-05',
      capacity: 2,
      pacing: 'weekly',
      enrolmentOpen: true,
      defaultForSignUps: false,
      state: 'upcoming',
      seated: 0,
      waitlisted: 0,
      session4CompletionRate: null,
      averageWheelGain: null,
    });
    // 2099-01-05 is a Monday: the Tuesdays of its four weeks, 18:00 PST = 02:00 UTC the next day.
    expect(cohort.webinars.map((w) => [w.title, w.startTime, w.endTime])).toEqual([
      ['Life7 Coaching Webinar - Week 1', '2099-01-07T02:00:00.000Z', '2099-01-07T03:00:00.000Z'],
      ['Life7 Coaching Webinar - Week 2', '2099-01-14T02:00:00.000Z', '2099-01-14T03:00:00.000Z'],
      ['Life7 Coaching Webinar - Week 3', '2099-01-21T02:00:00.000Z', '2099-01-21T03:00:00.000Z'],
      ['Life7 Coaching Webinar - Week 4', '2099-01-28T02:00:00.000Z', '2099-01-28T03:00:00.000Z'],
    ]);
    const stored = await env.DB.prepare('SELECT count(*) AS n FROM webinars WHERE cohort_id = ?').bind(cohort.id).first<{ n: number }>();
    expect(stored?.n).toBe(4);
    expect((await listCohorts(admin.cookie)).find((c) => c.id === cohort.id)).toEqual(cohort);
    // Without webinars: none made.
    expect((await createCohort(admin.cookie)).webinars).toEqual([]);
  });

  it('names the state from the coaches’ day, and the public list shows the open upcoming and running ones without join links', async () => {
    const admin = await signUpAdmin();
    const today = new Date().toISOString().slice(0, 10);
    const running = await createCohort(admin.cookie, { startDate: today, capacity: 5, webinars: { weekday: 3, time: '09:00' } });
    const finished = await createCohort(admin.cookie, { startDate: '2020-01-06' });
    const closed = await createCohort(admin.cookie, { enrolmentOpen: false });
    await env.DB.prepare("UPDATE webinars SET join_url = 'https://zoom.example/secret' WHERE cohort_id = ?").bind(running.id).run();
    const states = Object.fromEntries((await listCohorts(admin.cookie)).map((c) => [c.id, c.state]));
    expect(states[finished.id]).toBe('finished');
    expect(['running', 'upcoming']).toContain(states[running.id]); // 'upcoming' for the hours UTC is a day ahead of the coaches

    const response = await call('/api/cohorts');
    const text = await response.clone().text();
    expect(text).not.toContain('zoom.example');
    const { cohorts } = (await response.json()) as { cohorts: Record<string, unknown>[] };
    const ids = cohorts.map((c) => c.id);
    expect(ids).toContain(running.id);
    expect(ids).not.toContain(finished.id);
    expect(ids).not.toContain(closed.id);
    const shown = cohorts.find((c) => c.id === running.id)!;
    expect(Object.keys(shown).sort()).toEqual(['capacity', 'id', 'name', 'pacing', 'seatsLeft', 'startDate', 'webinars']);
    expect(shown).toMatchObject({ capacity: 5, seatsLeft: 5, pacing: 'weekly' });
    expect((shown.webinars as Record<string, unknown>[])[0]).toEqual({
      title: 'Life7 Coaching Webinar - Week 1',
      startTime: expect.any(String),
      endTime: expect.any(String),
    });
    // No capacity: seatsLeft is null.
    const unlimited = await createCohort(admin.cookie, { startDate: '2099-02-02' });
    const again = (await (await call('/api/cohorts')).json()) as { cohorts: Record<string, unknown>[] };
    expect(again.cohorts.find((c) => c.id === unlimited.id)).toMatchObject({ capacity: null, seatsLeft: null });
  });

  it('refuses bad input with field messages, never a 500', async () => {
    const admin = await signUpAdmin();
    const valid = { name: uniqueName(), startDate: '2099-01-05', pacing: 'weekly', enrolmentOpen: true };
    const cases: [unknown, string, string][] = [
      [{ ...valid, startDate: 'next Monday' }, 'startDate', 'Enter the start date as a calendar date, like 2027-01-04'],
      [{ ...valid, startDate: '2099-02-30' }, 'startDate', 'Enter the start date as a calendar date, like 2027-01-04'],
      [{ ...valid, name: 'x'.repeat(81) }, 'name', 'Name must be at most 80 characters'],
      [{ ...valid, name: 'x'.repeat(20_000) }, 'name', 'Name must be at most 80 characters'],
      [{ ...valid, name: { a: { b: { c: ['deep'] } } } }, 'name', 'Name is required'],
      [{ ...valid, pacing: 'monthly' }, 'pacing', 'Pacing must be weekly or self-paced'],
      [{ ...valid, capacity: 0 }, 'capacity', 'Capacity must be a whole number from 1 to 100000, or empty for no limit'],
      [{ ...valid, capacity: '2' }, 'capacity', 'Capacity must be a whole number from 1 to 100000, or empty for no limit'],
      [{ ...valid, webinars: { weekday: 9, time: '18:00' } }, 'webinars.weekday', 'Choose a weekday (0 is Sunday, 6 Saturday)'],
      [{ ...valid, webinars: { weekday: 1, time: '6pm' } }, 'webinars.time', 'Enter a time of day like 18:00'],
      [{ name: 'Only a name' }, 'startDate', 'Enter the start date as a calendar date, like 2027-01-04'],
      [[1, 2, 3], '', ''],
    ];
    for (const [json, field, message] of cases) {
      const response = await call('/api/admin/cohorts', { cookie: admin.cookie, json });
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      const body = (await response.json()) as { message: string; fieldErrors?: Record<string, string[]> };
      if (field) expect(body.fieldErrors?.[field], field).toEqual([message]);
      else expect(body.message).toEqual(expect.any(String));
    }
    expect(
      (await call('/api/admin/cohorts', { cookie: admin.cookie, raw: '{"name":', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
    // A name taken is 409 on the name; an unknown cohort 404; an empty change 400.
    const taken = await createCohort(admin.cookie);
    const duplicate = await call('/api/admin/cohorts', { cookie: admin.cookie, json: { ...valid, name: taken.name } });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      message: 'Another cohort has that name',
      fieldErrors: { name: ['Another cohort has that name'] },
    });
    const other = await createCohort(admin.cookie);
    expect((await patch(admin.cookie, other.id, { name: taken.name })).status).toBe(409);
    expect((await patch(admin.cookie, 'no-such-cohort', { capacity: 3 })).status).toBe(404);
    expect(await (await patch(admin.cookie, 'no-such-cohort', { capacity: 3 })).json()).toEqual({ message: 'Cohort not found' });
    expect((await patch(admin.cookie, other.id, {})).status).toBe(400);
    expect((await patch(admin.cookie, other.id, { startDate: '2099-13-01' })).status).toBe(400);
    // A closed cohort cannot be the default for sign-ups.
    const closedDefault = await call('/api/admin/cohorts', {
      cookie: admin.cookie,
      json: { ...valid, name: uniqueName(), enrolmentOpen: false, defaultForSignUps: true },
    });
    expect(closedDefault.status).toBe(400);
    expect(((await closedDefault.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.defaultForSignUps).toEqual([
      'Only a cohort with enrolment open can take new sign-ups',
    ]);
    // Webinars for a cohort that has some are edited on /admin/webinars.
    const withWebinars = await createCohort(admin.cookie, { webinars: { weekday: 1, time: '10:00' } });
    expect((await patch(admin.cookie, withWebinars.id, { webinars: { weekday: 2, time: '10:00' } })).status).toBe(409);
    const added = await patch(admin.cookie, other.id, { webinars: { weekday: 2, time: '10:00' } });
    expect(added.status).toBe(200);
    expect(((await added.json()) as { cohort: CohortJson }).cohort.webinars).toHaveLength(4);
  });
});

describe('the figures', () => {
  it('counts Session 4 and the wheel gain over current participants, from each cohort’s stored report', async () => {
    const admin = await signUpAdmin();
    const cohort = await createCohort(admin.cookie, { defaultForSignUps: true });
    const [a, b, c] = [await signUp(), await signUp(), await signUp()];
    const wheel = (total: number) => JSON.stringify({ Faith: total - 6, Family: 1, Fitness: 1, Finance: 1, Field: 1, Friends: 1, Fun: 1 });
    await env.DB.batch([
      env.DB.prepare('INSERT INTO progress (user_id, session4_completed_at) VALUES (?, ?)').bind(a.id, '2099-02-01T00:00:00.000Z'),
      // a: 30 then 41.5 (+11.5); b: 50 then 47 then 44 (-6); c: one wheel, not counted.
      ...[
        [a.id, 30, '2099-01-05'],
        [a.id, 41.5, '2099-02-05'],
        [b.id, 50, '2099-01-05'],
        [b.id, 47, '2099-01-20'],
        [b.id, 44, '2099-02-05'],
        [c.id, 60, '2099-01-05'],
      ].map(([user, total, day]) =>
        env.DB.prepare('INSERT INTO wheel_snapshots (id, user_id, arena_scores, completed_at) VALUES (?, ?, ?, ?)').bind(
          crypto.randomUUID(),
          user,
          wheel(total as number),
          `${day}T10:00:00.000Z`,
        ),
      ),
    ]);
    // The figures are the cohort's stored report's: its desk works it out when none is stored (the
    // list works out a few missing ones itself, and the 15-minute run the rest).
    const workOut = async () => expect((await call(`/api/admin/cohort?cohort=${cohort.id}`, { cookie: admin.cookie })).status).toBe(200);
    await workOut();
    expect((await listCohorts(admin.cookie)).find((x) => x.id === cohort.id)).toMatchObject({
      seated: 3,
      participants: 3,
      completedSession4: 1,
      session4CompletionRate: 1 / 3,
      withTwoWheels: 2,
      averageWheelGain: 2.8, // (11.5 - 6) / 2 = 2.75
    });
    // Someone who moves on no longer counts here; an admin in the cohort holds a seat but is no participant.
    const other = await createCohort(admin.cookie);
    await call(`/api/admin/users/${a.id}/cohort`, { cookie: admin.cookie, json: { cohortId: other.id } });
    await call(`/api/admin/users/${admin.id}/cohort`, { cookie: admin.cookie, json: { cohortId: cohort.id } });
    await workOut();
    const after = (await listCohorts(admin.cookie)).find((x) => x.id === cohort.id);
    expect(after).toMatchObject({
      seated: 3,
      participants: 2,
      completedSession4: 0,
      session4CompletionRate: 0,
      withTwoWheels: 1,
      averageWheelGain: -6,
    });
  });
});

describe('the default for sign-ups', () => {
  it('is one cohort: marking another unmarks the first, sign-ups follow, and closing its enrolment unmarks it', async () => {
    const admin = await signUpAdmin();
    const first = await createCohort(admin.cookie, { defaultForSignUps: true });
    expect((await signUp().then((u) => seatOf(u.id)))?.cohortId).toBe(first.id);
    const second = await createCohort(admin.cookie);
    const marked = await patch(admin.cookie, second.id, { defaultForSignUps: true });
    expect(marked.status).toBe(200);
    const defaults = (await listCohorts(admin.cookie)).filter((c) => c.defaultForSignUps).map((c) => c.id);
    expect(defaults).toEqual([second.id]);
    expect((await signUp().then((u) => seatOf(u.id)))?.cohortId).toBe(second.id);

    const closed = await patch(admin.cookie, second.id, { enrolmentOpen: false });
    expect(((await closed.json()) as { cohort: CohortJson }).cohort).toMatchObject({ enrolmentOpen: false, defaultForSignUps: false });
    // A new default by creation also takes over.
    const third = await createCohort(admin.cookie, { defaultForSignUps: true });
    expect((await listCohorts(admin.cookie)).filter((c) => c.defaultForSignUps).map((c) => c.id)).toEqual([third.id]);
  });
});

describe('capacity and the waitlist', () => {
  it('refuses a capacity under the seats taken; a raised one seats the waitlist, first come first served, and mails them', async () => {
    const admin = await signUpAdmin();
    const cohort = await createCohort(admin.cookie, { name: uniqueName('March'), capacity: 2, defaultForSignUps: true });
    const people = [await signUp(), await signUp(), await signUp(), await signUp()];
    expect((await listCohorts(admin.cookie)).find((c) => c.id === cohort.id)).toMatchObject({ seated: 2, waitlisted: 2 });

    const under = await patch(admin.cookie, cohort.id, { capacity: 1 });
    expect(under.status).toBe(400);
    expect(await under.json()).toEqual({
      message: 'Capacity cannot be under the 2 seats taken',
      fieldErrors: { capacity: ['Capacity cannot be under the 2 seats taken'] },
    });

    const raised = await patch(admin.cookie, cohort.id, { capacity: 3 });
    expect(raised.status).toBe(200);
    const body = (await raised.json()) as { cohort: CohortJson; seatedFromWaitlist: string[] };
    expect(body.seatedFromWaitlist).toEqual([people[2]!.id]);
    expect(body.cohort).toMatchObject({ capacity: 3, seated: 3, waitlisted: 1 });
    const mail = await latestMailTo(people[2]!.email, 50, 'seat came free');
    expect(mail?.subject).toBe(`You have a seat in ${cohort.name}`);
    expect(mail?.text).toContain(
      'Session 1 is open now; Session 2 on Mon, Jan 12, 2099, Session 3 on Mon, Jan 19, 2099 and Session 4 on Mon, Jan 26, 2099 open',
    );
    expect(await latestMailTo(people[3]!.email, 5, 'seat came free')).toBeNull();

    // No limit seats everyone waiting.
    const unlimited = await patch(admin.cookie, cohort.id, { capacity: null });
    expect(((await unlimited.json()) as { seatedFromWaitlist: string[] }).seatedFromWaitlist).toEqual([people[3]!.id]);
  });
});

describe('moving a participant', () => {
  it('moves them, seats and mails the first waiting in their old cohort, and writes the audit trail', async () => {
    const admin = await signUpAdmin();
    const full = await createCohort(admin.cookie, { name: uniqueName('April'), capacity: 2, defaultForSignUps: true });
    const [a, b, c] = [await signUp(), await signUp(), await signUp()];
    expect((await seatOf(c.id))?.seat).toBe('waitlisted');
    const elsewhere = await createCohort(admin.cookie, { name: uniqueName('May') });

    const moved = await call(`/api/admin/users/${a.id}/cohort`, { cookie: admin.cookie, json: { cohortId: elsewhere.id } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      from: { id: full.id, seat: 'seated' },
      cohort: { id: elsewhere.id, name: elsewhere.name, seat: 'seated' },
    });
    expect(await seatOf(a.id)).toEqual({ cohortId: elsewhere.id, seat: 'seated' });
    expect(await seatOf(c.id)).toEqual({ cohortId: full.id, seat: 'seated' });
    expect((await latestMailTo(c.email, 50, 'seat came free'))?.subject).toBe(`You have a seat in ${full.name}`);
    expect(await latestMailTo(b.email, 5, 'seat came free')).toBeNull();

    const audit = (await (await call(`/api/admin/users/${a.id}/audit`, { cookie: admin.cookie })).json()) as {
      entries: { actor: string; action: string; from: string; to: string }[];
    };
    expect(audit.entries[0]).toMatchObject({
      actor: admin.email,
      action: 'Cohort changed',
      from: `${full.name} (seated)`,
      to: `${elsewhere.name} (seated)`,
    });

    const again = await call(`/api/admin/users/${a.id}/cohort`, { cookie: admin.cookie, json: { cohortId: elsewhere.id } });
    expect(again.status).toBe(409);
    const unknownCohort = await call(`/api/admin/users/${a.id}/cohort`, { cookie: admin.cookie, json: { cohortId: 'no-such-cohort' } });
    expect(unknownCohort.status).toBe(404);
    expect(await unknownCohort.json()).toEqual({ message: 'Cohort not found', fieldErrors: { cohortId: ['Cohort not found'] } });
    expect((await call('/api/admin/users/no-such-user/cohort', { cookie: admin.cookie, json: { cohortId: full.id } })).status).toBe(404);
    expect((await call(`/api/admin/users/${a.id}/cohort`, { cookie: admin.cookie, json: {} })).status).toBe(400);
    expect((await call(`/api/admin/users/${a.id}/cohort`, { cookie: admin.cookie, json: { cohortId: { $gt: '' } } })).status).toBe(400);
    // A refused move writes nothing to the trail.
    const after = (await (await call(`/api/admin/users/${a.id}/audit`, { cookie: admin.cookie })).json()) as { entries: unknown[] };
    expect(after.entries).toHaveLength(audit.entries.length);
  });

  it('works as a plain form post from the participant’s page, which shows their cohorts', async () => {
    const admin = await signUpAdmin();
    const from = await createCohort(admin.cookie, { name: uniqueName('June'), defaultForSignUps: true });
    const to = await createCohort(admin.cookie, { name: uniqueName('July') });
    const person = await signUp();
    const page = await htmlOf(await call(`/admin/users/${person.id}`, { cookie: admin.cookie }), 200);
    expect(page).toContain(from.name);
    expect(page).toContain('Move to cohort');

    const posted = await call(`/admin/users/${person.id}?action=cohort`, { cookie: admin.cookie, form: { cohortId: to.id } });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/admin/users/${person.id}`);
    expect((await seatOf(person.id))?.cohortId).toBe(to.id);
    const history = await htmlOf(await call(`/admin/users/${person.id}`, { cookie: admin.cookie }), 200);
    expect(history).toContain('Their cohorts, newest first');
    expect(history.indexOf(to.name)).toBeLessThan(history.lastIndexOf(from.name));

    const refused = await call(`/admin/users/${person.id}?action=cohort`, { cookie: admin.cookie, form: { cohortId: 'no-such-cohort' } });
    const shown = await htmlOf(await followFailedPost(refused, admin.cookie), 404);
    expect(shown).toContain('Cohort not found');
    expect(shown).toContain('Failed to move participant');
  });
});

describe('a deleted participant’s seat', () => {
  it('goes to the first waiting, who is mailed, whether an admin deletes them or they delete their own account', async () => {
    const admin = await signUpAdmin();
    const cohort = await createCohort(admin.cookie, { name: uniqueName('August'), capacity: 1, defaultForSignUps: true });
    const [seated, first, second] = [await signUp(), await signUp(), await signUp()];
    expect((await seatOf(first.id))?.seat).toBe('waitlisted');

    const deleted = await call('/api/admin/delete-user', { method: 'DELETE', cookie: admin.cookie, json: { userId: seated.id } });
    expect(deleted.status).toBe(200);
    expect(await seatOf(first.id)).toEqual({ cohortId: cohort.id, seat: 'seated' });
    expect((await latestMailTo(first.email, 50, 'seat came free'))?.subject).toBe(`You have a seat in ${cohort.name}`);
    expect((await seatOf(second.id))?.seat).toBe('waitlisted');

    const own = await call('/api/account', {
      method: 'DELETE',
      cookie: first.cookie,
      json: { confirm: 'delete', password: first.password },
    });
    expect(own.status).toBe(200);
    expect(await seatOf(second.id)).toEqual({ cohortId: cohort.id, seat: 'seated' });
    expect((await latestMailTo(second.email, 50, 'seat came free'))?.subject).toBe(`You have a seat in ${cohort.name}`);
  });
});

describe('/admin/cohorts without JavaScript', () => {
  it('creates, edits and closes enrolment by form posts answering 303 with a toast, and shows a mistake on the page', async () => {
    const admin = await signUpAdmin();
    const name = uniqueName('September');
    const created = await call('/admin/cohorts?intent=create', {
      cookie: admin.cookie,
      form: {
        name,
        startDate: '2099-03-02',
        capacity: '10',
        pacing: 'self-paced',
        enrolmentOpen: 'on',
        'webinars.weekday': '4',
        'webinars.time': '19:30',
      },
    });
    expect(created.status).toBe(303);
    expect(created.headers.get('location')).toBe('/admin/cohorts');
    const cohort = (await listCohorts(admin.cookie)).find((c) => c.name === name)!;
    expect(cohort).toMatchObject({ capacity: 10, pacing: 'self-paced', enrolmentOpen: true, defaultForSignUps: false });
    expect(cohort.webinars).toHaveLength(4);
    const page = await htmlOf(await call('/admin/cohorts', { cookie: admin.cookie }), 200);
    expect(page).toContain(name);
    expect(page).toContain('Close enrolment');
    // One edit form at a time: the list has an 'Edit' link per cohort, ?edit=ID opens that cohort's form.
    expect(page).not.toContain('Save Cohort');
    expect(page).toContain(`href="/admin/cohorts?edit=${cohort.id}#edit-cohort"`);
    const editing = await htmlOf(await call(`/admin/cohorts?edit=${cohort.id}`, { cookie: admin.cookie }), 200);
    expect(editing).toContain('Save Cohort');
    expect(editing).toContain('Webinars: ');
    expect(editing).toContain(`action="/admin/cohorts?intent=update&amp;id=${cohort.id}"`);
    expect(await htmlOf(await call('/admin/cohorts?edit=nope', { cookie: admin.cookie }), 200)).not.toContain('Save Cohort');

    const edited = await call(`/admin/cohorts?intent=update&id=${cohort.id}`, {
      cookie: admin.cookie,
      form: { name, startDate: '2099-03-09', capacity: '', pacing: 'weekly', enrolmentOpen: 'on', defaultForSignUps: 'on' },
    });
    expect(edited.status).toBe(303);
    expect((await listCohorts(admin.cookie)).find((c) => c.id === cohort.id)).toMatchObject({
      startDate: '2099-03-09',
      capacity: null,
      pacing: 'weekly',
      defaultForSignUps: true,
    });

    const closed = await call(`/admin/cohorts?intent=enrolment&id=${cohort.id}`, { cookie: admin.cookie, form: { enrolment: 'closed' } });
    expect(closed.status).toBe(303);
    expect((await listCohorts(admin.cookie)).find((c) => c.id === cohort.id)).toMatchObject({
      enrolmentOpen: false,
      defaultForSignUps: false,
    });

    const bad = await call('/admin/cohorts?intent=create', {
      cookie: admin.cookie,
      form: { name: 'x'.repeat(81), startDate: '2099-02-30', pacing: 'weekly' },
    });
    const shown = await htmlOf(await followFailedPost(bad, admin.cookie), 400);
    expect(shown).toContain('Name must be at most 80 characters');
    expect(shown).toContain('Enter the start date as a calendar date, like 2027-01-04');
  });
});

describe('COACH_TIME_ZONE', () => {
  const LONDON = { COACH_TIME_ZONE: 'Europe/London' } as const;
  /** A page's HTML without React's text separators ('in <!-- -->Europe/London<!-- -->.'). */
  const textOf = async (response: Response) => (await htmlOf(response, 200)).replaceAll('<!-- -->', '');

  it('reads and shows the cohort form and the webinar schedule in the coaches’ zone it names', async () => {
    const admin = await signUpAdmin();
    // 2099-01-05 is a Monday in winter: 18:00 in London is 18:00 UTC (in Los Angeles it would be 02:00 the next day).
    const response = await call('/api/admin/cohorts', {
      cookie: admin.cookie,
      vars: LONDON,
      json: {
        name: uniqueName('London'),
        startDate: '2099-01-05',
        pacing: 'weekly',
        enrolmentOpen: true,
        webinars: { weekday: 2, time: '18:00' },
      },
    });
    expect(response.status).toBe(201);
    const { cohort } = (await response.json()) as { cohort: CohortJson };
    expect(cohort.webinars[0]!.startTime).toBe('2099-01-06T18:00:00.000Z');
    const cohortsPage = await textOf(await call('/admin/cohorts', { cookie: admin.cookie, vars: LONDON }));
    expect(cohortsPage).toContain('Dates are days in Europe/London.');
    const schedule = await textOf(await call(`/admin/webinars?cohort=${cohort.id}`, { cookie: admin.cookie, vars: LONDON }));
    expect(schedule).toContain('Times are in Europe/London.');
    // The edit form shows the stored time as London's wall clock.
    expect(schedule).toContain('value="2099-01-06T18:00"');
    // Unset, the zone is America/Los_Angeles, as before.
    expect(await textOf(await call('/admin/cohorts', { cookie: admin.cookie }))).toContain('Dates are days in America/Los_Angeles.');
  });
});
