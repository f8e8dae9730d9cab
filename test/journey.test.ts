// The participant's whole journey (docs/product.md#summary-and-data-export, #the-12-week-framework,
// #re-assessment): the summary and the download hold everything written, Session 1's review shows
// its reflections, Session 4's milestones are marked done on the server, the check-ins API gives
// the consistency score, and the re-assessment invitation and comparison.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { QUESTIONS } from '../src/domain/questions';
import { addDays, calendarDay, formatCalendarDay } from '../src/domain/time-zone';
import { call, htmlOf, sessionCookie, signUp } from './helpers';
import { answers, session1, session2, session3, session4 } from './oracles/session-fixtures';

const save = (cookie: string, json: unknown) => call('/api/progress', { cookie, json });
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/</g, '&lt;');

/** A participant who did all four sessions with words of their own, and one check-in. */
async function journeyDone() {
  const user = await signUp(undefined, undefined, 'Jo');
  const { cookie } = user;
  expect(
    (await save(cookie, session1({ reflections: ['I saw my finances plainly', 'My family needs me', 'Walk every morning'] }))).status,
  ).toBe(200);
  expect(
    (await save(cookie, session2({ blockers: [{ name: 'Doubt', reflection: 'I second-guess my plans', arenas: ['Field'] }] }))).status,
  ).toBe(200);
  expect(
    (
      await save(
        cookie,
        session3({
          accelerators: [
            { name: 'Gratitude', dailyAction: 'Write three thanks', measurement: 'Journal pages' },
            { name: 'Service', dailyAction: 'Help one neighbour', measurement: 'Tally' },
            { name: 'Focus', dailyAction: 'Phone off until nine', measurement: 'Screen time' },
          ],
        }),
      )
    ).status,
  ).toBe(200);
  expect(
    (
      await save(
        cookie,
        session4({
          vision90Day: 'Calm and strong',
          target90Day: 'Run a 10k race',
          milestones: [
            { week: 30, goal: 'Run 3k twice' },
            { week: 60, goal: 'Run 6k' },
            { week: 90, goal: 'Race day' },
          ],
        }),
      )
    ).status,
  ).toBe(200);
  expect(
    (await call('/api/check-ins', { cookie, json: { mood: 8, drift: 'Scrolled at lunch', win: 'Cooked dinner for all' } })).status,
  ).toBe(200);
  return user;
}

describe('the summary of the whole journey', () => {
  it('shows everything the participant wrote, and the download holds it too', async () => {
    const { cookie } = await journeyDone();
    const html = await htmlOf(await call('/summary', { cookie }), 200);
    for (const text of [
      'I saw my finances plainly',
      'My family needs me',
      'Walk every morning',
      'I second-guess my plans',
      'Write three thanks',
      'Journal pages',
      'Help one neighbour',
      'Calm and strong',
      'Run a 10k race',
      'Run 3k twice',
      'Race day',
      'Scrolled at lunch',
      'Cooked dinner for all',
    ]) {
      expect(html, text).toContain(escapeHtml(text));
    }
    expect(html).toContain('Your journey, in your words');
    expect(html).toContain('Consistency');
    expect(html).toContain('Your mood, last 4 weeks');

    const download = (await (await call('/api/progress/export', { cookie })).json()) as {
      progress: {
        session1: { reflections: string[] };
        session2: { blockers: { reflection: string }[] };
        session4: { target90Day: string; milestonesDone: object };
      };
      checkIns: { win: string }[];
      wheelHistory: { questionResponses: Record<string, number> | null }[];
    };
    expect(download.progress.session1.reflections).toEqual(['I saw my finances plainly', 'My family needs me', 'Walk every morning']);
    expect(download.progress.session2.blockers[0]!.reflection).toBe('I second-guess my plans');
    expect(download.progress.session4.target90Day).toBe('Run a 10k race');
    expect(download.progress.session4.milestonesDone).toEqual({});
    expect(download.checkIns[0]!.win).toBe('Cooked dinner for all');
    expect(download.wheelHistory[0]!.questionResponses).toEqual(answers());
  });

  it('says which sessions are not done yet, and links to the open one', async () => {
    const { cookie } = await signUp();
    expect((await save(cookie, session1())).status).toBe(200);
    const html = await htmlOf(await call('/summary', { cookie }), 200);
    expect(html).toContain('Not done yet. <a href="/sessions/2">Go to Session 2</a>');
    expect(html).toContain('Opens once Session 2 is complete.');
  });

  it("shows Session 1's reflections in its review", async () => {
    const { cookie } = await signUp();
    expect((await save(cookie, session1({ reflections: ['First thought', 'Second thought', 'Third thought'] }))).status).toBe(200);
    const review = await htmlOf(await call('/sessions/1', { cookie }), 200);
    expect(review).toContain('Your reflections');
    for (const text of ['First thought', 'Second thought', 'Third thought']) expect(review).toContain(text);
  });
});

describe("Session 4's 12-week framework", () => {
  it('shows each milestone once, marked Pending, with no way to mark it before Session 4 is done', async () => {
    const { cookie } = await signUp();
    for (const payload of [session1(), session2(), session3()]) expect((await save(cookie, payload)).status).toBe(200);
    const html = await htmlOf(await call('/sessions/4', { cookie }), 200);
    expect(html.match(/class="framework-week"/g)).toHaveLength(3);
    expect(html).toContain('Weeks 1-4');
    expect(html).toContain('Weeks 9-12');
    expect(html.match(/>Pending</g)).toHaveLength(3);
    expect(html).not.toContain('Mark done');
    // The server refuses it too (409), as JSON and as a form post.
    const early = await call('/api/progress/milestones', { cookie, json: { week: 30, status: 'done' } });
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: 'Complete Session 4 first' });
  });

  it('marks a milestone done and pending again with a plain form post, and keeps it when Session 4 is edited', async () => {
    const { cookie } = await journeyDone();
    expect((await htmlOf(await call('/sessions/4', { cookie }), 200)).match(/>Mark done</g)).toHaveLength(3);

    const done = await call('/sessions/4?form=milestone', { cookie, form: { week: '30', status: 'done' } });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/sessions/4#framework');
    const page = await htmlOf(await call('/sessions/4', { cookie }), 200);
    expect(page.match(/>Mark done</g)).toHaveLength(2);
    expect(page).toContain('Mark as pending');

    // Editing Session 4 keeps what was marked.
    expect((await save(cookie, session4())).status).toBe(200);
    const exported = (await (await call('/api/progress/export', { cookie })).json()) as {
      progress: { session4: { milestonesDone: Record<string, string> } };
    };
    expect(Object.keys(exported.progress.session4.milestonesDone)).toEqual(['30']);

    expect((await call('/api/progress/milestones', { cookie, json: { week: 30, status: 'pending' } })).status).toBe(200);
    const after = (await (await call('/api/progress/export', { cookie })).json()) as { progress: { session4: { milestonesDone: object } } };
    expect(after.progress.session4.milestonesDone).toEqual({});
  });

  it('refuses a day that is not a milestone', async () => {
    const { cookie } = await journeyDone();
    for (const week of [45, '30x', null]) {
      const bad = await call('/api/progress/milestones', { cookie, json: { week, status: 'done' } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toHaveProperty('message');
    }
    expect((await call('/api/progress/milestones', { cookie, json: { week: 30, status: 'finished' } })).status).toBe(400);
  });
});

describe('Session 4 through the API', () => {
  it('takes the original payload without a 90-day target, but never a blank one (decision 9)', async () => {
    const { cookie } = await signUp();
    for (const payload of [session1(), session2(), session3()]) expect((await save(cookie, payload)).status).toBe(200);
    const { target90Day: _target, ...withoutTarget } = session4();
    const saved = await save(cookie, withoutTarget);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { progress: { target90Day: string | null } }).progress.target90Day).toBeNull();
    expect((await save(cookie, session4({ target90Day: '   ' }))).status).toBe(400);
    // The page's form still asks for it.
    const form = await call('/sessions/4', {
      cookie,
      form: {
        vision90Day: 'v',
        'milestones[0].week': '30',
        'milestones[0].goal': 'a',
        'milestones[1].week': '60',
        'milestones[1].goal': 'b',
        'milestones[2].week': '90',
        'milestones[2].goal': 'c',
      },
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/sessions/4');
  });
});

describe('progress over time', () => {
  it('GET /api/check-ins adds the consistency score', async () => {
    const { cookie } = await signUp();
    const empty = (await (await call('/api/check-ins', { cookie })).json()) as { consistency: number };
    expect(empty.consistency).toBe(0);
    expect((await call('/api/check-ins', { cookie, json: { mood: 6 } })).status).toBe(200);
    const one = (await (await call('/api/check-ins', { cookie })).json()) as { consistency: number; streak: number };
    expect(one).toMatchObject({ streak: 1, consistency: 5 });
  });

  it('/check-ins shows the consistency and the mood calendar, weeks from Monday, days before joining not missed', async () => {
    const { cookie, id } = await signUp();
    // Joined three days ago (in the account's zone, America/Los_Angeles by default), checked in then and today.
    const zone = 'America/Los_Angeles';
    const today = calendarDay(new Date(), zone);
    const joined = addDays(today, -3);
    await env.DB.prepare('UPDATE users SET created_at = ?, time_zone = ? WHERE id = ?').bind(`${joined}T20:00:00.000Z`, zone, id).run();
    await env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, 2)').bind(crypto.randomUUID(), id, joined).run();
    expect((await call('/api/check-ins', { cookie, json: { mood: 9 } })).status).toBe(200);
    const html = await htmlOf(await call('/check-ins', { cookie }), 200);
    expect(html).toContain('/ 100 consistency');
    expect(html.match(/<td class="mood-day/g)).toHaveLength(28);
    expect(html).toContain('<abbr title="Monday">Mon</abbr>');
    expect(html).toContain('Weeks start on Monday');
    expect(html).toContain('2 of the 4 days since you joined');
    expect(html).toMatch(/\(today\): mood 9 of 10, great/);
    expect(html).toContain(`${formatCalendarDay(joined, today.slice(0, 4))}: mood 2 of 10, very low`);
    // The day before joining (always in view: the first row starts three weeks before this week's Monday) is not a missed day.
    expect(html).toContain(`${formatCalendarDay(addDays(joined, -1), today.slice(0, 4))}: before you joined`);
  });
});

describe('the re-assessment', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

  it('is invited four weeks after the first wheel, and the summary then compares first and latest', async () => {
    const { cookie, id } = await signUp();
    expect((await save(cookie, session1())).status).toBe(200);
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).not.toContain('Time to take your wheel again');
    await env.DB.prepare('UPDATE wheel_snapshots SET completed_at = ? WHERE user_id = ?').bind(daysAgo(30), id).run();
    const invited = await htmlOf(await call('/dashboard', { cookie }), 200);
    expect(invited).toContain('Time to take your wheel again');
    expect(invited).toContain('href="/sessions/1?retake"');

    // The retake: every Fitness answer (the Keystone's) up from 3 to 8, Fun's first down from 7 to 5.
    const retake = answers((id, i) => (id.startsWith('fitness_') ? 8 : id === 'fun_1' ? 5 : Math.floor(i / 10) + 1));
    expect((await save(cookie, session1({ questionResponses: retake }))).status).toBe(200);
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).not.toContain('Time to take your wheel again');

    const summary = await htmlOf(await call('/summary', { cookie }), 200);
    expect(summary).toContain('Your Progress Since Your First Wheel');
    expect(summary).toContain('Your Keystone arena, Fitness, improved more than the others');
    expect(summary).toContain('The answers that moved most');
    const fitness = QUESTIONS.filter((q) => q.arena === 'Fitness');
    // Ten moves of +5: the first five, in the questionnaire's order; Fun's −2 is not among them.
    for (const question of fitness.slice(0, 5)) expect(summary).toContain(escapeHtml(question.text));
    expect(summary).not.toContain(escapeHtml(fitness[5]!.text));
    expect(summary).toContain('3 → 8');
    expect(summary).toContain('href="/api/progress/wheel.png?compare"');
  });
});

describe('demo tools', () => {
  it("offer 'Reset Demo Data' outside production only", async () => {
    const { cookie } = await signUp();
    expect(await htmlOf(await call('/dashboard', { cookie }), 200)).toContain('Reset Demo Data');
    const app = createApp();
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request('https://life7.test/api/demo/reset', { method: 'POST', headers: { cookie, origin: 'https://life7.test' } }),
      { ...env, ENVIRONMENT: 'production', APP_URL: 'https://life7.test' },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    const dashboard = await app.fetch(
      new Request('https://life7.test/dashboard', { headers: { cookie } }),
      { ...env, ENVIRONMENT: 'production', APP_URL: 'https://life7.test' },
      ctx,
    );
    const html = await htmlOf(dashboard, 200);
    expect(html).toContain('Account menu');
    expect(html).not.toContain('Reset Demo Data');
  });

  it('come back to the page they were sent from without JavaScript, a same-site path only (decision 2)', async () => {
    const { cookie } = await signUp();
    const reset = (returnTo: string) => call('/api/demo/reset', { cookie, form: { returnTo } });
    const back = await reset('/check-ins?day=1');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/check-ins?day=1');
    for (const elsewhere of ['https://evil.example/', '//evil.example', '/\\evil.example', ''])
      expect((await reset(elsewhere)).headers.get('location'), elsewhere).toBe('/dashboard');
    // The menu's form carries the page's own address.
    expect(await htmlOf(await call('/check-ins', { cookie }), 200)).toContain('name="returnTo" value="/check-ins"');
  });

  it('clear the Session 1 drafts too', async () => {
    const { cookie } = await signUp();
    const reset = await call('/api/demo/reset', { cookie, method: 'POST', headers: { accept: 'application/json' } });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('clear-site-data')).toBe('"storage"');
    expect(reset.headers.getSetCookie().join()).toMatch(/wheel|draft/i);
  });
});

describe('the temporary password', () => {
  it('is not asked again, and the new password leads to the dashboard', async () => {
    const admin = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
    const created = await call('/api/admin/create-user', {
      cookie: admin.cookie,
      json: { email: `temp-${Date.now()}@example.com`, name: 'Tem' },
    });
    const { tempPassword, user } = (await created.json()) as { tempPassword: string; user: { email: string } };
    const login = await call('/api/auth/login', { json: { email: user.email, password: tempPassword } });
    const cookie = sessionCookie(login);
    const settings = await htmlOf(await call('/settings', { cookie }), 200);
    expect(settings).not.toContain('Current Password');
    const changed = await call('/settings', { cookie, form: { newPassword: 'my-own-password', confirmPassword: 'my-own-password' } });
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe('/dashboard');
    expect((await call('/dashboard', { cookie })).status).toBe(200);
  });
});
