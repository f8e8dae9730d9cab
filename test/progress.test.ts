import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, followFailedPost, htmlOf, signUp } from './helpers';
import { answers, session1, session2, session3, session4 } from './oracles/session-fixtures';

async function save(cookie: string, body: unknown): Promise<Response> {
  return call('/api/progress', { cookie, json: body });
}

/** Posts a session page's form, checks it went on to /sessions, and answers the stored progress. */
async function saveByForm(cookie: string, path: string, form: Record<string, string>): Promise<Record<string, string | null>> {
  const response = await call(path, { cookie, form });
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/sessions');
  return ((await (await call('/api/progress', { cookie })).json()) as { progress: Record<string, string | null> }).progress;
}

describe('GET /api/progress', () => {
  it('needs a session and a plan', async () => {
    expect((await call('/api/progress')).status).toBe(401);
    const { cookie, id } = await signUp();
    expect(await (await call('/api/progress', { cookie })).json()).toEqual({ progress: null });
    await env.DB.prepare("UPDATE memberships SET status = 'cancelled' WHERE user_id = ?").bind(id).run();
    expect((await call('/api/progress', { cookie })).status).toBe(403);
    expect((await save(cookie, session1())).status).toBe(403);
  });
});

describe('POST /api/progress', () => {
  it('saves the four sessions in order and recomputes the scores', async () => {
    const { cookie } = await signUp();
    const first = await save(cookie, session1());
    expect(first.status).toBe(200);
    const { progress } = (await first.json()) as { progress: Record<string, string | null> };
    expect(JSON.parse(progress.arenaScores!)).toEqual({ Faith: 1, Family: 2, Fitness: 3, Finance: 4, Field: 5, Friends: 6, Fun: 7 });
    expect(progress.keystoneArena).toBe('Fitness');
    expect(progress.reflections).toHaveLength(3);
    expect(progress.session1CompletedAt).toBeTruthy();
    expect(first.headers.getSetCookie().join()).toMatch(/__Host-life7_flash=/);

    expect((await save(cookie, session2())).status).toBe(200);
    expect((await save(cookie, session3())).status).toBe(200);
    const last = await save(cookie, session4());
    expect(last.status).toBe(200);
    const record = ((await last.json()) as { progress: Record<string, string> }).progress;
    expect(JSON.parse(record.milestones!)).toEqual(session4().milestones);
    expect(record.target90Day).toBe('Run 10k');
    for (const n of [1, 2, 3, 4]) expect(record[`session${n}CompletedAt`]).toBeTruthy();

    const read = (await (await call('/api/progress', { cookie })).json()) as { progress: Record<string, string> };
    expect(JSON.parse(read.progress.blockers!)).toEqual(session2().blockers);
    expect(read.progress).not.toHaveProperty('userId');
  });

  it('answers 409 for a session saved before the one before it', async () => {
    const { cookie } = await signUp();
    const early = await save(cookie, session2());
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ message: 'Complete Session 1 first' });
    await save(cookie, session1());
    expect((await save(cookie, session4())).status).toBe(409);
    expect((await save(cookie, session3())).status).toBe(409);
  });

  it('replaces Session 1 on a retake', async () => {
    const { cookie } = await signUp();
    await save(cookie, session1());
    const retake = await save(cookie, session1({ questionResponses: answers(() => 10), keystoneArena: 'Fun' }));
    const { progress } = (await retake.json()) as { progress: Record<string, string> };
    expect(JSON.parse(progress.arenaScores!)).toMatchObject({ Faith: 10, Fun: 10 });
    expect(progress.keystoneArena).toBe('Fun');
  });

  it('keeps each member to their own record', async () => {
    const alice = await signUp();
    const bob = await signUp();
    await save(alice.cookie, session1());
    expect(await (await call('/api/progress', { cookie: bob.cookie })).json()).toEqual({ progress: null });
    await save(bob.cookie, session1({ keystoneArena: 'Faith' }));
    const aliceView = (await (await call('/api/progress', { cookie: alice.cookie })).json()) as { progress: { keystoneArena: string } };
    expect(aliceView.progress.keystoneArena).toBe('Fitness');
  });

  const missingOne = answers();
  delete missingOne.fun_10;
  it.each([
    ['no session at all', {}, ''],
    ['two sessions at once', { ...session1(), ...session2() }, ''],
    ['69 answers', session1({ questionResponses: missingOne }), 'questionResponses.fun_10'],
    ['an unknown question id', session1({ questionResponses: { ...answers(), extra_1: 5 } }), 'questionResponses'],
    ['a rating of 0', session1({ questionResponses: { ...answers(), faith_1: 0 } }), 'questionResponses.faith_1'],
    ['a rating of 11', session1({ questionResponses: { ...answers(), faith_1: 11 } }), 'questionResponses.faith_1'],
    ['a rating of 5.5', session1({ questionResponses: { ...answers(), faith_1: 5.5 } }), 'questionResponses.faith_1'],
    ['a rating as text', session1({ questionResponses: { ...answers(), faith_1: '5' } }), 'questionResponses.faith_1'],
    ['an unknown keystone', session1({ keystoneArena: 'Work' }), 'keystoneArena'],
    ['a blank reflection', session1({ reflections: ['a', '   ', 'c'] }), 'reflections[1]'],
    ['two reflections', session1({ reflections: ['a', 'b'] }), 'reflections'],
    ['no blockers', { blockers: [] }, 'blockers'],
    ['an unknown blocker', { blockers: [{ name: 'Sloth', reflection: 'x', arenas: [] }] }, 'blockers[0].name'],
    ['a blank blocker reflection', { blockers: [{ name: 'Fear', reflection: ' ', arenas: [] }] }, 'blockers[0].reflection'],
    ['an unknown arena tag', { blockers: [{ name: 'Fear', reflection: 'x', arenas: ['Work'] }] }, 'blockers[0].arenas[0]'],
    ['two accelerators', { accelerators: session3().accelerators.slice(0, 2) }, 'accelerators'],
    [
      'a repeated accelerator',
      { accelerators: [session3().accelerators[0], session3().accelerators[0], session3().accelerators[1]] },
      'accelerators[1].name',
    ],
    [
      'a blank measurement',
      { accelerators: [{ ...session3().accelerators[0], measurement: '' }, ...session3().accelerators.slice(1)] },
      'accelerators[0].measurement',
    ],
    ['a blank vision', { ...session4(), vision90Day: ' ' }, 'vision90Day'],
    ['a blank 90-day target', { ...session4(), target90Day: '  ' }, 'target90Day'],
    [
      'a milestone at day 45',
      {
        ...session4(),
        milestones: [
          { week: 30, goal: 'a' },
          { week: 45, goal: 'b' },
          { week: 90, goal: 'c' },
        ],
      },
      'milestones[1].week',
    ],
  ])('answers 400 with field errors for %s', async (_label, body, field) => {
    const { cookie } = await signUp();
    const response = await save(cookie, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as { message: string; fieldErrors?: Record<string, string[]> };
    expect(error.message).toBeTruthy();
    if (field) expect(Object.keys(error.fieldErrors ?? {})).toContain(field);
  });

  it('answers 400 for a body that is not an object', async () => {
    const { cookie } = await signUp();
    expect((await save(cookie, [1, 2])).status).toBe(400);
    expect((await save(cookie, 'text')).status).toBe(400);
  });
});

describe('session form posts (no JavaScript)', () => {
  it('keeps only ticked blockers, saves and redirects to /sessions', async () => {
    const { cookie } = await signUp();
    await save(cookie, session1());
    const progress = await saveByForm(cookie, '/sessions/2', {
      'blockers[0].reflection': 'typed, then unticked',
      'blockers[3].name': 'Shame',
      'blockers[3].reflection': 'Old stories',
      'blockers[3].arenas': 'Family',
    });
    expect(JSON.parse(progress.blockers!)).toEqual([{ name: 'Shame', reflection: 'Old stories', arenas: ['Family'] }]);
  });

  it('re-renders the session page with its messages on bad input', async () => {
    const { cookie } = await signUp();
    await save(cookie, session1());
    await save(cookie, session2());
    const response = await call('/api/progress?session=3', { cookie, form: { 'accelerators[0].name': 'Gratitude' } });
    const html = await htmlOf(response, 400);
    expect(html).toContain('Choose exactly 3 accelerators');
    // A mistake in the form says what to fix, not that saving failed.
    expect(html).toContain('Please fix the highlighted fields');
    expect(html).not.toContain('Failed to save session');
  });

  it('keeps the first completion date when a completed session is edited', async () => {
    const { cookie, id } = await signUp();
    for (const body of [session1(), session2()]) await save(cookie, body);
    await env.DB.prepare("UPDATE progress SET session2_completed_at = '2026-01-02T03:04:05.000Z' WHERE user_id = ?").bind(id).run();
    const edited = await save(cookie, session2({ blockers: [{ name: 'Envy', reflection: 'Edited later', arenas: [] }] }));
    expect(edited.status).toBe(200);
    const { progress } = (await edited.json()) as { progress: Record<string, string> };
    expect(progress.session2CompletedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(JSON.parse(progress.blockers!)[0].reflection).toBe('Edited later');
  });

  it('saves Session 4 from its form', async () => {
    const { cookie } = await signUp();
    for (const body of [session1(), session2(), session3()]) await save(cookie, body);
    const progress = await saveByForm(cookie, '/sessions/4', {
      target90Day: 'Run 10k',
      vision90Day: 'Present',
      'milestones[0].week': '30',
      'milestones[0].goal': 'a',
      'milestones[1].week': '60',
      'milestones[1].goal': 'b',
      'milestones[2].week': '90',
      'milestones[2].goal': 'c',
    });
    expect(progress).toMatchObject({ vision90Day: 'Present', target90Day: 'Run 10k' });
    expect(JSON.parse(progress.milestones!)).toEqual([
      { week: 30, goal: 'a' },
      { week: 60, goal: 'b' },
      { week: 90, goal: 'c' },
    ]);
  });

  it('posts each session form to its own page, which answers 409 out of order and 404 past 4', async () => {
    const { cookie } = await signUp();
    const form: Record<string, string> = {};
    ['Gratitude', 'Discipline', 'Focus'].forEach((name, i) => {
      Object.assign(form, {
        [`accelerators[${i}].name`]: name,
        [`accelerators[${i}].dailyAction`]: 'do',
        [`accelerators[${i}].measurement`]: 'count',
      });
    });
    const early = await followFailedPost(await call('/sessions/3', { cookie, form }), cookie);
    expect(early.status).toBe(409);
    expect(early.headers.get('content-type')).toContain('text/html');
    // A save the gate refused says why in the server's words (docs/product.md#toasts).
    expect(await early.text()).toContain('<p class="toast-description">Complete Session 2 first</p>');
    expect((await call('/sessions/9', { cookie, form: { x: '1' } })).status).toBe(404);
  });
});

describe('session pages', () => {
  it('lists the sessions, locks the ones not yet open and redirects away from them', async () => {
    const { cookie } = await signUp();
    const html = await (await call('/sessions', { cookie })).text();
    expect(html).toContain('4-Week Challenge');
    for (const n of [1, 2, 3, 4]) expect(html).toContain(`Week ${n}`);
    // The three locked sessions (the webinar dialog has its own disabled Join Now).
    expect(html.match(/disabled="" aria-describedby="locked-/g)).toHaveLength(3);
    const locked = await call('/sessions/2', { cookie });
    expect(locked.status).toBe(303);
    expect(locked.headers.get('location')).toBe('/sessions');
    expect((await call('/sessions/5', { cookie })).status).toBe(404);
  });

  it('shows Challenge Complete! once all four are done, and review buttons', async () => {
    const { cookie } = await signUp();
    for (const body of [session1(), session2(), session3(), session4()]) await save(cookie, body);
    const html = await (await call('/sessions', { cookie })).text();
    expect(html).toContain('Challenge Complete!');
    expect(html).toContain('Congratulations on completing the 4-week Challenge');
    expect(html).toContain('Go to Next Steps');
    expect(html.match(/Review Session/g)).toHaveLength(4);
    const dashboard = await (await call('/dashboard', { cookie })).text();
    expect(dashboard).toContain('4 / 4 sessions');
    expect(dashboard).toContain('Check out Next Steps for what&#x27;s next');
    const review = await (await call('/sessions/4', { cookie })).text();
    expect(review).toContain('The Life7 Path');
    expect(review).toContain('Run 10k');
  });

  it('shows the resume target on the dashboard', async () => {
    const { cookie } = await signUp();
    await save(cookie, session1());
    const html = await (await call('/dashboard', { cookie })).text();
    expect(html).toContain('1 / 4 sessions');
    expect(html).toContain('href="/sessions/2"');
    expect(html).toContain('Your scores from Session 1 - Wheel of Truth');
  });
});
