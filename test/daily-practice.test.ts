// The daily practice (decision 38, docs/product.md#the-daily-practice): once Session 3 is done a
// check-in answers the three daily actions; the API refuses answers that are not the
// participant's; each action has a streak and a habit strength; a Session 3 edit keeps the
// history; the dashboard's card and a reminder's one-tap page check in without JavaScript; and the
// day follows the zone saved in Settings, whatever zone the device is in.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { habitStrength } from '../src/domain/practice';
import { PRACTICE_MESSAGES } from '../src/domain/practice-schema';
import { addDays, calendarDay } from '../src/domain/time-zone';
import { checkInToken } from '../src/mail/links';
import { call, followFailedPost, htmlOf, signUp } from './helpers';

const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
/** The radio inputs named `name`, as their tags. */
const radios = (html: string, name: string) =>
  (html.match(/<input [^>]*>/g) ?? []).filter((tag) => tag.includes('type="radio"') && tag.includes(`name="${name}"`));
const checkedValue = (html: string, name: string) =>
  /value="([^"]*)"/.exec(radios(html, name).find((tag) => tag.includes('checked=""')) ?? '')?.[1];
/** The dashboard's daily loop card's HTML. */
const cardOf = (html: string) => /<section class="card daily-loop"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

import { session1, session2, session3 } from './oracles/session-fixtures';

const LONDON = 'Europe/London';
const NY = 'America/New_York';

/** A participant in London who finished Sessions 1-3 (Gratitude, Discipline, Focus). */
async function practising(): Promise<Awaited<ReturnType<typeof signUp>>> {
  const user = await signUp();
  await call('/api/auth/time-zone', { cookie: user.cookie, json: { timeZone: LONDON } });
  for (const body of [session1(), session2(), session3()])
    expect((await call('/api/progress', { cookie: user.cookie, json: body })).status).toBe(200);
  return user;
}

const checkIn = (cookie: string, body: unknown) => call('/api/check-ins', { cookie, json: body });
const countOf = async (table: string, userId: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(userId).first<number>('n')) ?? 0;

interface Practice {
  accelerator: string;
  dailyAction: string;
  streak: number;
  strength: number;
}
const practiceOf = async (cookie: string) =>
  (await (await call('/api/check-ins', { cookie })).json()) as {
    practice: Practice[];
    checkIns: { date: string; actions: { accelerator: string; dailyAction: string; done: boolean }[] }[];
  };

describe('the API’s actions', () => {
  it('refuses actions before Session 3, and mood and notes alone work as before', async () => {
    const { cookie, id } = await signUp();
    const early = await checkIn(cookie, { mood: 6, actions: [{ accelerator: 'Focus', done: true }] });
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({
      message: PRACTICE_MESSAGES.beforeSession3,
      fieldErrors: { actions: [PRACTICE_MESSAGES.beforeSession3] },
    });
    expect(await countOf('check_ins', id)).toBe(0);
    expect((await checkIn(cookie, { mood: 6 })).status).toBe(200);
    expect((await practiceOf(cookie)).practice).toEqual([]);
  });

  it('answers 400 for an unknown accelerator, duplicates, too many and wrong types, and stores nothing', async () => {
    const { cookie, id } = await practising();
    const cases: [unknown, string][] = [
      [[{ accelerator: 'Service', done: true }], 'Service is not one of your daily actions: answer Gratitude, Discipline, Focus'],
      [
        [
          { accelerator: 'Focus', done: true },
          { accelerator: 'Focus', done: false },
        ],
        PRACTICE_MESSAGES.twice,
      ],
      [['Gratitude', 'Discipline', 'Focus', 'Faith'].map((accelerator) => ({ accelerator, done: true })), PRACTICE_MESSAGES.tooMany],
      [[{ accelerator: 'Focus', done: 'yes' }], PRACTICE_MESSAGES.done],
      [[{ accelerator: 'Focus' }], PRACTICE_MESSAGES.done],
      [[{ accelerator: 7, done: true }], PRACTICE_MESSAGES.accelerator],
      [[{ accelerator: 'x'.repeat(10_000), done: true }], PRACTICE_MESSAGES.accelerator],
      ['Focus', PRACTICE_MESSAGES.actions],
      [{ Focus: true }, PRACTICE_MESSAGES.actions],
      [[null], PRACTICE_MESSAGES.actions],
    ];
    for (const [actions, message] of cases) {
      const response = await checkIn(cookie, { mood: 5, actions });
      expect(response.status, JSON.stringify(actions).slice(0, 60)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    const unknown = await checkIn(cookie, {
      mood: 5,
      actions: [
        { accelerator: 'Focus', done: true },
        { accelerator: 'Faith', done: true },
      ],
    });
    expect(((await unknown.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toHaveProperty(['actions[1].accelerator']);
    expect(await countOf('check_ins', id)).toBe(0);
    expect(await countOf('check_in_actions', id)).toBe(0);
  });

  it('saves the answers with the day, moves the streak and the strength, and keeps the history through a Session 3 edit', async () => {
    const { cookie, id } = await practising();
    const today = calendarDay(new Date(), LONDON);
    const yesterday = addDays(today, -1);
    // Yesterday's check-in with Focus done, straight in D1.
    await env.DB.batch([
      env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, 5)').bind(crypto.randomUUID(), id, yesterday),
      env.DB.prepare(
        "INSERT INTO check_in_actions (user_id, date, accelerator, daily_action, done) VALUES (?, ?, 'Focus', 'No phone mornings', 1)",
      ).bind(id, yesterday),
    ]);
    const saved = await checkIn(cookie, {
      mood: 8,
      actions: [
        { accelerator: 'Gratitude', done: true },
        { accelerator: 'Focus', done: true },
        { accelerator: 'Discipline', done: false },
      ],
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as { streak: number; practice: Practice[]; checkIn: { actions: unknown[] } };
    expect(body.streak).toBe(2);
    expect(body.checkIn.actions).toEqual([
      { accelerator: 'Discipline', dailyAction: 'Up at six', done: false },
      { accelerator: 'Focus', dailyAction: 'No phone mornings', done: true },
      { accelerator: 'Gratitude', dailyAction: 'Three thanks', done: true },
    ]);
    expect(body.practice).toEqual([
      { accelerator: 'Gratitude', dailyAction: 'Three thanks', streak: 1, strength: habitStrength([today], today) },
      { accelerator: 'Discipline', dailyAction: 'Up at six', streak: 0, strength: 0 },
      { accelerator: 'Focus', dailyAction: 'No phone mornings', streak: 2, strength: habitStrength([yesterday, today], today) },
    ]);
    expect((await practiceOf(cookie)).practice).toEqual(body.practice);

    // Session 3 edited: Focus's words change, Discipline gives way to Service.
    const edited = session3({
      accelerators: [
        { name: 'Gratitude', dailyAction: 'Three thanks', measurement: 'Journal' },
        { name: 'Service', dailyAction: 'Help one person', measurement: 'Count' },
        { name: 'Focus', dailyAction: 'Deep work first', measurement: 'Hours' },
      ],
    });
    expect((await call('/api/progress', { cookie, json: edited })).status).toBe(200);
    const after = await practiceOf(cookie);
    expect(after.practice.map((p) => [p.accelerator, p.dailyAction, p.streak])).toEqual([
      ['Gratitude', 'Three thanks', 1],
      ['Service', 'Help one person', 0],
      ['Focus', 'Deep work first', 2],
    ]);
    // What was tracked keeps the words of its day, Discipline included.
    const todays = after.checkIns.find((c) => c.date === today)!;
    expect(todays.actions).toContainEqual({ accelerator: 'Discipline', dailyAction: 'Up at six', done: false });
    expect(todays.actions).toContainEqual({ accelerator: 'Focus', dailyAction: 'No phone mornings', done: true });
    expect((await checkIn(cookie, { mood: 8, actions: [{ accelerator: 'Discipline', done: true }] })).status).toBe(400);
  });

  it('saves the day the form names when it is today or yesterday, and refuses older days', async () => {
    const { cookie } = await practising();
    const today = calendarDay(new Date(), LONDON);
    const yesterday = addDays(today, -1);
    const late = await checkIn(cookie, { mood: 4, day: yesterday });
    expect(((await late.json()) as { checkIn: { date: string } }).checkIn.date).toBe(yesterday);
    const old = await checkIn(cookie, { mood: 4, day: addDays(today, -2) });
    expect(old.status).toBe(400);
    expect(await old.json()).toEqual({
      message: 'That day is over: check in for today',
      fieldErrors: { day: ['That day is over: check in for today'] },
    });
  });
});

describe('the daily loop on the dashboard, without JavaScript', () => {
  it('shows today’s card with the actions in the participant’s words and takes the form post back to the dashboard', async () => {
    const { cookie, id } = await practising();
    const card = cardOf(await htmlOf(await call('/dashboard', { cookie }), 200));
    expect(card).toContain('>Today</h2>');
    expect(card).toContain('Not checked in yet.');
    expect(card).toContain('action="/check-ins?return=dashboard"');
    expect(radios(card, 'mood')).toHaveLength(10);
    expect(card).toContain('1 = Low');
    expect(card).toContain('10 = High');
    expect(card).toContain('No phone mornings');
    expect([0, 1, 2].flatMap((i) => radios(card, `actions[${i}].done`))).toHaveLength(6);

    const today = calendarDay(new Date(), LONDON);
    const posted = await call('/check-ins?return=dashboard', {
      cookie,
      form: {
        mood: '7',
        day: today,
        timeZone: '',
        'actions[0].accelerator': 'Gratitude',
        'actions[0].done': 'on',
        'actions[1].accelerator': 'Discipline',
        'actions[1].done': '',
        'actions[2].accelerator': 'Focus',
        'actions[2].done': 'on',
      },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/dashboard');
    expect(await countOf('check_in_actions', id)).toBe(3);
    const after = cardOf(await htmlOf(await call('/dashboard', { cookie }), 200));
    expect(after).toContain('You checked in today.');
    expect(after).toContain('🔥 1-day streak');
    expect(count(after, new RegExp(`>${habitStrength([today], today)}</span><span class="muted"> / 100 habit strength`))).toBe(2);
    expect(checkedValue(after, 'actions[0].done')).toBe('on');
    expect(checkedValue(after, 'actions[1].done')).toBe('');
    expect(checkedValue(after, 'mood')).toBe('7');
  });

  it('shows mood and notes only before Session 3', async () => {
    const { cookie } = await signUp();
    const card = cardOf(await htmlOf(await call('/dashboard', { cookie }), 200));
    expect(radios(card, 'mood')).toHaveLength(10);
    expect(card).not.toContain('practice-choices');
  });

  it('sends a failed post to /check-ins with its message', async () => {
    const { cookie } = await practising();
    const failed = await followFailedPost(
      await call('/check-ins?return=dashboard', {
        cookie,
        form: { mood: '5', 'actions[0].accelerator': 'Service', 'actions[0].done': 'on' },
      }),
      cookie,
    );
    expect(failed.status).toBe(400);
    expect(await failed.text()).toContain('Service is not one of your daily actions');
  });
});

describe('days follow the zone saved in Settings', () => {
  it('files a check-in from a device in another zone under the saved zone’s day, and offers the switch', async () => {
    const { cookie } = await practising();
    const posted = await call('/check-ins?return=dashboard', { cookie, form: { mood: '6', timeZone: NY } });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/dashboard?device-zone=America%2FNew_York');
    const list = await practiceOf(cookie);
    expect(list.checkIns[0]!.date).toBe(calendarDay(new Date(), LONDON));
    expect(((await (await call('/api/auth/me', { cookie })).json()) as { user: { timeZone: string } }).user.timeZone).toBe(LONDON);

    const page = await htmlOf(await call(posted.headers.get('location')!, { cookie }), 200);
    expect(page).toContain('Your device is in America/New_York; your Life7 days follow Europe/London');
    expect(page).toContain('action="/settings?form=time-zone&amp;return=%2Fdashboard"');
    expect(page).toContain('<input type="hidden" name="timeZone" value="America/New_York"/>');
    const switched = await call('/settings?form=time-zone&return=%2Fdashboard', { cookie, form: { timeZone: NY } });
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe('/dashboard');
    expect(((await (await call('/api/auth/me', { cookie })).json()) as { user: { timeZone: string } }).user.timeZone).toBe(NY);
    // The same zone, a zone that is not one, or a foreign return address: no notice, Settings as before.
    expect(await htmlOf(await call(`/check-ins?device-zone=${encodeURIComponent(NY)}`, { cookie }), 200)).not.toContain('zone-notice');
    expect(await htmlOf(await call('/check-ins?device-zone=Mars%2FBase', { cookie }), 200)).not.toContain('zone-notice');
    const away = await call('/settings?form=time-zone&return=https%3A%2F%2Fevil.example', { cookie, form: { timeZone: LONDON } });
    expect(away.headers.get('location')).toBe('/settings');
  });
});

describe('the one-tap page from a reminder', () => {
  it('asks the three actions and saves them for the link’s day, then shows each action’s progress', async () => {
    const { id } = await practising();
    const day = calendarDay(new Date(), LONDON);
    const token = await checkInToken(env.JWT_SECRET, id, day, new Date());
    const path = `/check-in?${new URLSearchParams({ t: token })}`;
    const page = await htmlOf(await call(`${path}&mood=7`), 200);
    expect(radios(page, 'mood')).toHaveLength(10);
    expect(checkedValue(page, 'mood')).toBe('7');
    expect(page).toContain('Up at six');
    const saved = await call(path, {
      form: {
        mood: '7',
        'actions[0].accelerator': 'Gratitude',
        'actions[0].done': 'on',
        'actions[1].accelerator': 'Discipline',
        'actions[1].done': 'on',
      },
    });
    expect(saved.status).toBe(303);
    const done = await htmlOf(await call(saved.headers.get('location')!), 200);
    expect(count(done, new RegExp(`>${habitStrength([day], day)}</span><span class="muted"> / 100 habit strength`))).toBe(2);
    const rows = await env.DB.prepare('SELECT accelerator, done FROM check_in_actions WHERE user_id = ? ORDER BY accelerator')
      .bind(id)
      .all();
    expect(rows.results).toEqual([
      { accelerator: 'Discipline', done: 1 },
      { accelerator: 'Gratitude', done: 1 },
    ]);
    const bad = await call(path, { form: { mood: '7', 'actions[0].accelerator': 'Service', 'actions[0].done': 'on' } });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Service is not one of your daily actions');
  });
});

describe('each action’s progress on the summary and the coach’s page', () => {
  it('shows the streak and the habit strength of each action to the participant and to a coach', async () => {
    const member = await practising();
    const today = calendarDay(new Date(), LONDON);
    await checkIn(member.cookie, { mood: 7, actions: [{ accelerator: 'Focus', done: true }] });
    const strength = `>${habitStrength([today], today)}</span><span class="muted"> / 100 habit strength`;
    const summary = await htmlOf(await call('/summary', { cookie: member.cookie }), 200);
    expect(summary).toContain('id="summary-practice-title"');
    expect(summary).toContain(strength);
    expect(summary).toContain('No phone mornings');

    const admin = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
    const coach = await htmlOf(await call(`/admin/users/${member.id}`, { cookie: admin.cookie }), 200);
    expect(coach).toContain('>Daily actions</h3>');
    expect(coach).toContain(strength);
    expect(count(coach, /\/ 100 habit strength/)).toBe(3);
    const before = await signUp();
    expect(await htmlOf(await call(`/admin/users/${before.id}`, { cookie: admin.cookie }), 200)).toContain(
      'Their daily actions start once Session 3 is complete.',
    );
  });
});
