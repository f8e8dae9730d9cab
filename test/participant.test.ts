// The participant's app beyond the sessions: check-ins, summary, the two downloads and the
// read-only pages, with bad input and other users' data.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { calendarDay } from '../src/domain/time-zone';
import { call, followFailedPost, signUp } from './helpers';
import { answers, session1 } from './oracles/session-fixtures';

async function checkIn(cookie: string, body: unknown): Promise<Response> {
  return call('/api/check-ins', { cookie, json: body });
}

describe('check-ins', () => {
  it('saves one check-in per day in the saved zone, edits it on a second post and counts the streak', async () => {
    const { cookie, id } = await signUp();
    await call('/api/auth/time-zone', { cookie, json: { timeZone: 'Pacific/Tongatapu' } });
    // A device in another zone (decision 38): the day is the saved zone's, and the zone stays.
    const first = await checkIn(cookie, { mood: 7, drift: 'Phone at dinner', win: 'Ran 5k', timeZone: 'Pacific/Honolulu' });
    expect(first.status).toBe(200);
    const today = calendarDay(new Date(), 'Pacific/Tongatapu');
    expect(await first.json()).toMatchObject({
      checkIn: { date: today },
      timeZone: 'Pacific/Tongatapu',
      deviceTimeZone: 'Pacific/Honolulu',
    });
    const second = await checkIn(cookie, { mood: 9, drift: '', win: 'Called mum', timeZone: 'Pacific/Tongatapu' });
    expect(second.status).toBe(200);
    expect(await second.json()).not.toHaveProperty('deviceTimeZone');
    // Yesterday too, straight in D1: the streak is two days.
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, 5)')
      .bind(crypto.randomUUID(), id, yesterday)
      .run();
    const list = (await (await call('/api/check-ins', { cookie })).json()) as {
      checkIns: { date: string; mood: number; win: string }[];
      streak: number;
    };
    expect(list.checkIns.map((c) => c.date)).toEqual([today, yesterday]);
    expect(list.checkIns[0]).toMatchObject({ mood: 9, win: 'Called mum' });
    expect(list.streak).toBe(2);
    const stored = await env.DB.prepare('SELECT time_zone FROM users WHERE id = ?').bind(id).first<{ time_zone: string }>();
    expect(stored?.time_zone).toBe('Pacific/Tongatapu');
  });

  it('answers 400 with field errors for bad input and stores nothing', async () => {
    const { cookie, id } = await signUp();
    for (const body of [
      {},
      { mood: 0 },
      { mood: 11 },
      { mood: 5.5 },
      { mood: '7' },
      { mood: 5, drift: 'x'.repeat(2001) },
      { mood: 5, win: { a: 1 } },
      [],
      null,
    ]) {
      const response = await checkIn(cookie, body);
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      const error = (await response.json()) as { message: string };
      expect(error.message).toBeTruthy();
    }
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM check_ins WHERE user_id = ?').bind(id).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it('keeps each user to their own check-ins, and asks for a session', async () => {
    const alice = await signUp();
    const bob = await signUp();
    await checkIn(alice.cookie, { mood: 3, drift: 'private note', win: '' });
    const bobs = (await (await call('/api/check-ins', { cookie: bob.cookie })).json()) as { checkIns: unknown[] };
    expect(bobs.checkIns).toEqual([]);
    expect((await call('/api/check-ins')).status).toBe(401);
    expect((await call('/check-ins')).status).toBe(303);
  });

  it('takes the page form post at /check-ins and re-renders the page with messages on a mistake', async () => {
    const { cookie } = await signUp();
    const ok = await call('/check-ins', { cookie, form: { mood: '6', drift: 'Snacks', win: 'Slept early' } });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/check-ins');
    const page = await (await call('/check-ins', { cookie })).text();
    expect(page).toContain('Slept early');
    expect(page).toContain('1-day streak');
    const bad = await followFailedPost(await call('/check-ins', { cookie, form: { mood: '42', drift: '', win: '' } }), cookie);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('text/html');
    const html = await bad.text();
    expect(html).toContain('Mood must be a whole number from 1 to 10');
    // Said once, beside the mood: no toast repeats it.
    expect(html).toContain('<p class="field-error" id="check-in-form-mood-error">Mood must be a whole number from 1 to 10</p>');
    expect(html).not.toContain('&quot;title&quot;:&quot;Error&quot;');
  });
});

describe('time zone', () => {
  const zoneOf = async (cookie: string) =>
    ((await (await call('/api/auth/me', { cookie })).json()) as { user: { timeZone: string } }).user.timeZone;

  it("takes the browser's zone at sign-up, and the coaches' zone when it is missing or not a zone", async () => {
    const signUpWith = async (timeZone?: unknown) => {
      const response = await call('/api/auth/signup', {
        json: { email: `tz-${crypto.randomUUID()}@example.com`, password: 'a-good-password', timeZone },
        headers: { 'cf-connecting-ip': `198.51.100.${Math.floor(Math.random() * 250)}` },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { user: { timeZone: string } }).user.timeZone;
    };
    expect(await signUpWith('pacific/auckland')).toBe('Pacific/Auckland');
    expect(await signUpWith(undefined)).toBe('America/Los_Angeles');
    expect(await signUpWith('Mars/Olympus_Mons')).toBe('America/Los_Angeles');
    expect(await signUpWith({ nested: ['x'] })).toBe('America/Los_Angeles');
  });

  it('is changed in Settings (form post and API), with a message for anything not on the list', async () => {
    const { cookie } = await signUp();
    expect(await (await call('/settings', { cookie })).text()).toContain('<option value="Pacific/Honolulu">Pacific/Honolulu</option>');
    const saved = await call('/settings?form=time-zone', { cookie, form: { timeZone: 'Europe/Lisbon' } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/settings');
    expect(await zoneOf(cookie)).toBe('Europe/Lisbon');
    const page = await (await call('/settings', { cookie })).text();
    expect(page).toContain('<option value="Europe/Lisbon" selected="">');

    const refused = await followFailedPost(await call('/settings?form=time-zone', { cookie, form: { timeZone: '+05:30' } }), cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Choose a time zone from the list');
    expect(await zoneOf(cookie)).toBe('Europe/Lisbon');

    const api = await call('/api/auth/time-zone', { cookie, json: { timeZone: 'Europe/Berlin' } });
    expect(await api.json()).toEqual({ timeZone: 'Europe/Berlin' });
    for (const timeZone of ['', 'Nowhere/City', 42, null, ['Europe/Paris'], 'x'.repeat(10_000)]) {
      const bad = await call('/api/auth/time-zone', { cookie, json: { timeZone } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        message: 'Choose a time zone from the list',
        fieldErrors: { timeZone: ['Choose a time zone from the list'] },
      });
    }
    expect(await zoneOf(cookie)).toBe('Europe/Berlin');
    expect((await call('/api/auth/time-zone', { json: { timeZone: 'Europe/Paris' } })).status).toBe(401);
  });

  it('decides the day of a check-in posted without JavaScript', async () => {
    const { cookie } = await signUp();
    await call('/api/auth/time-zone', { cookie, json: { timeZone: 'Pacific/Kiritimati' } });
    expect((await call('/check-ins', { cookie, form: { mood: '6', drift: '', win: '' } })).status).toBe(303);
    const list = (await (await call('/api/check-ins', { cookie })).json()) as { checkIns: { date: string }[] };
    expect(list.checkIns[0]!.date).toBe(calendarDay(new Date(), 'Pacific/Kiritimati'));
  });
});

describe('summary and downloads', () => {
  it('compares the first and the latest wheel after a retake and downloads all of the user data', async () => {
    const { cookie, email } = await signUp();
    expect((await call('/api/progress', { cookie, json: session1() })).status).toBe(200);
    expect((await call('/api/progress', { cookie, json: session1({ questionResponses: answers(() => 9) }) })).status).toBe(200);
    // A same-day retake is a wheel of its own too (decision 39): three in the history.
    expect((await call('/api/progress', { cookie, json: session1({ questionResponses: answers(() => 8) }) })).status).toBe(200);
    const html = await (await call('/summary', { cookie })).text();
    expect(html).toContain('/ 70');
    expect(html).toContain('Download My Progress');
    // Every answer became 8: Faith 1 → 8 and Finance 4 → 8.
    expect(html).toContain('+7.0');
    expect(html).toContain('+4.0');
    const download = await call('/api/progress/export', { cookie });
    expect(download.headers.get('content-disposition')).toMatch(/filename="life7-progress-\d{4}-\d{2}-\d{2}\.json"/);
    const text = await download.text();
    expect(text).not.toMatch(/password|scrypt/i);
    const data = JSON.parse(text) as { account: { email: string }; wheelHistory: unknown[] };
    expect(data.account.email).toBe(email);
    expect(data.wheelHistory).toHaveLength(3);
  });

  it('renders the wheel PNG at 700 x 820 once Session 1 is done', async () => {
    const { cookie } = await signUp();
    expect((await call('/api/progress/wheel.png')).status).toBe(401);
    const early = await call('/api/progress/wheel.png', { cookie });
    expect(early.status).toBe(404);
    expect(((await early.json()) as { message: string }).message).toContain('Session 1');
    await call('/api/progress', { cookie, json: session1() });
    const response = await call('/api/progress/wheel.png', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="life7-wheel-\d{4}-\d{2}-\d{2}\.png"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect([...bytes.slice(1, 4)].map((b) => String.fromCharCode(b)).join('')).toBe('PNG');
    expect(view.getUint32(16)).toBe(700);
    expect(view.getUint32(20)).toBe(820);
  });
});

describe('read-only pages', () => {
  it('serves next steps, the FAQ and replays to a member, and the access notice without a plan', async () => {
    const { cookie, id } = await signUp();
    const next = await (await call('/next-steps', { cookie })).text();
    for (const text of ['Mastermind Pod', 'Inner Circle', 'Premium']) expect(next).toContain(text);
    expect((await call('/faq', { cookie })).status).toBe(200);
    expect((await call('/replays', { cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE memberships SET status = 'cancelled' WHERE user_id = ?").bind(id).run();
    for (const path of ['/next-steps', '/check-ins', '/summary', '/replays']) {
      expect((await call(path, { cookie })).status, path).toBe(403);
    }
    expect((await call('/api/check-ins', { cookie })).status).toBe(403);
    // The download is theirs whatever the plan (decisions 7 and 42).
    expect((await call('/api/progress/export', { cookie })).status).toBe(200);
  });
});
