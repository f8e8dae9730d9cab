// The links in a reminder mail (decision 29): one-tap check-in (GET shows, only POST writes, for
// the link's user and day, without signing in; dead links write nothing) and RFC 8058 one-click
// unsubscribe (POST without sign-in and without Origin). And the private calendar feed.
import { createScheduledController, env } from 'cloudflare:test';
import ICAL from 'ical.js';
import { describe, expect, it, vi } from 'vitest';
import { streakLabel } from '../src/domain/check-ins';
import { localToUtc } from '../src/domain/reminders';
import { calendarDay } from '../src/domain/time-zone';
import worker from '../src/index';
import { QUARTER_HOUR_CRON } from '../src/jobs/scheduled';
import { checkInToken } from '../src/mail/links';
import { call, htmlOf, ORIGIN, signUp } from './helpers';

const NY = 'America/New_York';

interface OutboxMail {
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** A participant with the 20:00 reminder on, and the reminder mail the 20:00 run sent them. */
async function reminded(): Promise<{ user: Awaited<ReturnType<typeof signUp>>; day: string; mail: OutboxMail }> {
  const user = await signUp();
  await call('/api/auth/time-zone', { cookie: user.cookie, json: { timeZone: NY } });
  await call('/api/reminders', {
    cookie: user.cookie,
    json: { checkIn: { enabled: true, localTime: '20:00' }, webinars: { enabled: true } },
  });
  const day = (await env.DB.prepare('SELECT check_in_day AS day FROM reminder_settings WHERE user_id = ?')
    .bind(user.id)
    .first<string>('day'))!;
  await worker.scheduled(createScheduledController({ cron: QUARTER_HOUR_CRON, scheduledTime: localToUtc(day, 20 * 60, NY) }), env);
  const mail = await vi.waitFor(
    async () => {
      const list = (await (await call('/dev/mail.json')).json()) as OutboxMail[];
      const found = list.find((m) => m.to === user.email && m.subject.startsWith('How was your day?'));
      if (!found) throw new Error('no reminder mail arrived');
      return found;
    },
    { timeout: 10_000, interval: 25 },
  );
  return { user, day, mail };
}

const moodLink = (mail: OutboxMail, mood: number) => new RegExp(`\\n${mood}: (\\S+)\\n`).exec(mail.text)![1]!;
const pathOf = (link: string) => link.slice(ORIGIN.length);
const checkInsOf = (userId: string) =>
  env.DB.prepare('SELECT date, mood, drift, win FROM check_ins WHERE user_id = ?')
    .bind(userId)
    .all()
    .then((r) => r.results);

describe('one-tap check-in from the reminder', () => {
  it('opens signed out with the mood chosen, writes nothing until Save, then saves that day and shows the streak', async () => {
    const { user, day, mail } = await reminded();
    expect(mail.html).toContain('aria-label="Mood 7 of 10"');
    const link = pathOf(moodLink(mail, 7));
    const page = await htmlOf(await call(link), 200);
    expect(page).toMatch(/<input type="radio"[^>]* checked=""[^>]* value="7"/);
    expect(page.match(/checked=""/g)).toHaveLength(1);
    expect(page).toContain('Drift Moments');
    expect(page).toContain('Win of the Day');
    expect(await checkInsOf(user.id)).toEqual([]);

    const saved = await call(link, { form: { mood: '8', drift: 'Phone at dinner', win: 'Walked' } });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toMatch(/^\/check-in\?t=[\w.-]+&saved=1$/);
    const done = await htmlOf(await call(saved.headers.get('location')!), 200);
    expect(done).toContain('Check-in saved');
    // The streak as of today in the user's zone (the reminder's day is today, or tomorrow when the
    // test runs after 20:00 in New York: a day after today does not count yet).
    const { streak } = (await (await call('/api/check-ins', { cookie: user.cookie })).json()) as { streak: number };
    expect(streak).toBe(day <= calendarDay(new Date(), NY) ? 1 : 0);
    expect(done).toContain(streakLabel(streak));
    expect(done).toContain('href="/check-ins"');
    expect(await checkInsOf(user.id)).toEqual([{ date: day, mood: 8, drift: 'Phone at dinner', win: 'Walked' }]);
    // Saving again edits the same day's check-in.
    await call(link, { form: { mood: '9' } });
    expect(await checkInsOf(user.id)).toEqual([{ date: day, mood: 9, drift: '', win: '' }]);
    // A bad mood is a message, nothing more.
    const bad = await call(link, { form: { mood: '11' } });
    expect(await htmlOf(bad, 400)).toContain('Mood must be a whole number from 1 to 10');
    // Cross-site posts are still refused: only the unsubscribe link goes without Origin.
    expect((await call(link, { form: { mood: '3' }, origin: null })).status).toBe(403);
  });

  it('answers an expired, changed or other-day link with a clear page and a sign-in link, and writes nothing', async () => {
    const user = await signUp();
    const day = '2026-11-20';
    const expired = await checkInToken(env.JWT_SECRET, user.id, day, new Date(Date.now() - 49 * 60 * 60 * 1000));
    const good = await checkInToken(env.JWT_SECRET, user.id, day, new Date());
    const [payload, signature] = good.split('.') as [string, string];
    const otherDay = btoa(atob(payload.replace(/-/g, '+').replace(/_/g, '/')).replace(day, '2026-11-21'))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    const changed = `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const [token, words] of [
      [expired, 'has expired'],
      [changed, 'not valid'],
      [`${otherDay}.${signature}`, 'not valid'],
      ['', 'not valid'],
    ] as const) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await call(`/check-in?t=${encodeURIComponent(token)}&mood=5`, method === 'POST' ? { form: { mood: '5' } } : {});
        const html = await htmlOf(response, 400);
        expect(html).toContain('This link does not work');
        expect(html).toContain(words);
        expect(html).toContain('href="/login?next=%2Fcheck-ins"');
      }
    }
    expect(await checkInsOf(user.id)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  it('carries RFC 8058 headers; a bare POST without sign-in or Origin turns that reminder off; GET asks first', async () => {
    const { user, mail } = await reminded();
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const address = /^<(https:\/\/life7\.test\/unsubscribe\?t=[\w.-]+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!;
    expect(mail.text).toContain(address);

    const confirm = await htmlOf(await call(pathOf(address)), 200);
    expect(confirm).toContain('Stop daily check-in reminders?');
    expect((await (await call('/api/reminders', { cookie: user.cookie })).json()) as object).toMatchObject({ checkIn: { enabled: true } });

    const response = await call(pathOf(address), {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      origin: null,
    });
    expect(response.status).toBe(200);
    expect(await (await call('/api/reminders', { cookie: user.cookie })).json()).toEqual({
      checkIn: { enabled: false, localTime: '20:00' },
      webinars: { enabled: true },
    });

    // The page's own button: a browser post, answered with the confirmation page.
    const browser = await call(pathOf(address), { form: {}, headers: { accept: 'text/html' } });
    expect(browser.status).toBe(303);
    expect(await htmlOf(await call(browser.headers.get('location')!), 200)).toContain('Unsubscribed');

    const forged = await call('/unsubscribe?t=abc.def', {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      origin: null,
    });
    expect(forged.status).toBe(400);
  });
});

describe('the private calendar feed', () => {
  it('parses in ical.js, keeps UIDs, follows an admin’s edit and removal, and a reset ends the old address', async () => {
    const admin = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
    const member = await signUp();
    const title = `Feed session ${crypto.randomUUID().slice(0, 8)}`;
    const form = {
      title,
      description: 'Bring questions',
      location: 'Zoom',
      startTime: '2030-01-08T18:00',
      endTime: '2030-01-08T19:00',
      joinUrl: 'https://zoom.example/j/7',
      recordingUrl: '',
      cohortId: 'founding',
    };
    expect((await call('/admin/webinars?intent=create', { cookie: admin.cookie, form })).status).toBe(303);
    const id = (await env.DB.prepare('SELECT id FROM webinars WHERE title = ?').bind(title).first<string>('id'))!;

    const { url, webcalUrl } = (await (await call('/api/calendar-feed', { cookie: member.cookie })).json()) as {
      url: string;
      webcalUrl: string;
    };
    expect(url).toMatch(/^https:\/\/life7\.test\/calendar\/[\w-]+\.[\w-]+\.ics$/);
    expect(webcalUrl).toBe(url.replace('https:', 'webcal:'));
    const event = async (feedUrl: string) => {
      const response = await call(pathOf(feedUrl));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const calendar = new ICAL.Component(ICAL.parse(await response.text()));
      const found = calendar.getAllSubcomponents('vevent').find((e) => e.getFirstPropertyValue('uid') === `${id}@life7`);
      return found!;
    };
    const first = await event(url);
    expect(first.getFirstPropertyValue('sequence')).toBe(0);
    expect(first.getFirstPropertyValue('url')).toBe('https://zoom.example/j/7');

    expect(
      (
        await call(`/admin/webinars?intent=update&id=${id}`, {
          cookie: admin.cookie,
          form: { ...form, startTime: '2030-01-08T19:00', endTime: '2030-01-08T20:00' },
        })
      ).status,
    ).toBe(303);
    const edited = await event(url);
    expect(edited.getFirstPropertyValue('sequence')).toBe(1);
    expect(edited.getFirstPropertyValue('last-modified')).toBeTruthy();
    expect(String(edited.getFirstPropertyValue('dtstart'))).toBe('2030-01-09T03:00:00Z');

    expect((await call(`/admin/webinars?intent=delete&id=${id}`, { cookie: admin.cookie, form: { confirm: 'remove' } })).status).toBe(303);
    const cancelled = await event(url);
    expect(cancelled.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.getFirstPropertyValue('sequence')).toBe(2);

    const reset = (await (await call('/api/calendar-feed/reset', { cookie: member.cookie, json: {} })).json()) as { url: string };
    expect(reset.url).not.toBe(url);
    expect((await call(pathOf(url))).status).toBe(404);
    expect((await call(pathOf(reset.url))).status).toBe(200);
    // The Settings form resets too, and shows the new address.
    const viaForm = await call('/settings?form=calendar-feed', { cookie: member.cookie, form: {} });
    expect(viaForm.status).toBe(303);
    expect((await call(pathOf(reset.url))).status).toBe(404);
    expect((await call('/calendar/not-a-token.ics')).status).toBe(404);
  });
});
