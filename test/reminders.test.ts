// Reminders (decision 29, docs/product.md#reminders-and-mail): opted into on Settings or with
// /api/reminders, and sent by the 15-minute Cron Trigger, as of its scheduledTime, through the
// mail queue (the local queue runs the consumer, which writes the outbox).
import { createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { localToUtc, reminderWindow } from '../src/domain/reminders';
import worker from '../src/index';
import { checkInReminders, webinarReminders } from '../src/jobs/reminders';
import { QUARTER_HOUR_CRON } from '../src/jobs/scheduled';
import { call, followFailedPost, signUp } from './helpers';

const workerEnv = env;
const NY = 'America/New_York';
const MINUTE = 60 * 1000;

async function runAt(at: Date): Promise<void> {
  await worker.scheduled(createScheduledController({ cron: QUARTER_HOUR_CRON, scheduledTime: at }), workerEnv);
}

async function participantIn(timeZone: string) {
  const user = await signUp();
  expect((await call('/api/auth/time-zone', { cookie: user.cookie, json: { timeZone } })).status).toBe(200);
  return user;
}

async function turnOn(cookie: string, localTime: string, webinars = false) {
  const response = await call('/api/reminders', {
    cookie,
    json: { checkIn: { enabled: true, localTime }, webinars: { enabled: webinars } },
  });
  expect(response.status).toBe(200);
  return response.json();
}

const storedDay = (userId: string) =>
  env.DB.prepare('SELECT check_in_day AS day FROM reminder_settings WHERE user_id = ?').bind(userId).first<string>('day');

/** Reminder mails to `email` in the outbox, waiting up to 10 s until `count` have arrived (the queue is asynchronous). */
async function remindersTo(email: string, count: number, subject = 'How was your day?%'): Promise<{ text: string; subject: string }[]> {
  const read = async () =>
    (
      await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ? AND subject LIKE ? ORDER BY created_at')
        .bind(email, subject)
        .all<{ subject: string; text: string }>()
    ).results;
  try {
    return await vi.waitFor(
      async () => {
        const rows = await read();
        if (rows.length < count) throw new Error(`${rows.length} of ${count} reminders to ${email} so far`);
        return rows;
      },
      { timeout: 10_000, interval: 25 },
    );
  } catch {
    // Fewer than `count`: the caller's expectation says what is missing.
    return read();
  }
}

describe('the reminders API', () => {
  it('is off by default, saves the choices and refuses bad ones with 400', async () => {
    const { cookie } = await signUp();
    expect(await (await call('/api/reminders', { cookie })).json()).toEqual({
      checkIn: { enabled: false, localTime: '20:00' },
      webinars: { enabled: false },
    });
    expect(await turnOn(cookie, '07:15', true)).toEqual({ checkIn: { enabled: true, localTime: '07:15' }, webinars: { enabled: true } });
    expect(await (await call('/api/reminders', { cookie })).json()).toEqual({
      checkIn: { enabled: true, localTime: '07:15' },
      webinars: { enabled: true },
    });
    for (const body of [
      { checkIn: { enabled: true, localTime: '07:10' }, webinars: { enabled: true } },
      { checkIn: { enabled: 'yes', localTime: '07:15' } },
      'x',
      [1],
    ]) {
      const response = await call('/api/reminders', { cookie, json: body });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await call('/api/reminders')).status).toBe(401);
  });

  it('works as a Settings form without JavaScript', async () => {
    const { cookie } = await signUp();
    const saved = await call('/settings?form=reminders', {
      cookie,
      form: { checkInEnabled: 'on', localTime: '21:30', webinarsEnabled: 'on' },
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/settings#reminders');
    const page = await (await call('/settings', { cookie })).text();
    expect(page).toMatch(/<input type="checkbox" name="checkInEnabled" checked=""/);
    expect(page).toContain('<option value="21:30" selected="">9:30 PM</option>');
    const bad = await followFailedPost(
      await call('/settings?form=reminders', { cookie, form: { checkInEnabled: 'on', localTime: '21:31' } }),
      cookie,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose a time on the quarter hour');
  });
});

describe('the daily check-in reminder', () => {
  it('goes out once, in the window that holds 20:00 in New York, as of the run’s scheduledTime', async () => {
    const user = await participantIn(NY);
    await turnOn(user.cookie, '20:00');
    const day = (await storedDay(user.id))!;
    const eight = localToUtc(day, 20 * 60, NY);

    await runAt(new Date(eight.getTime() - 15 * MINUTE)); // 19:45: not yet
    expect(await env.DB.prepare('SELECT count(*) AS n FROM reminder_sends WHERE user_id = ?').bind(user.id).first('n')).toBe(0);
    await runAt(eight); // 20:00
    const mails = await remindersTo(user.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\n7: https:\/\/life7\.test\/check-in\?t=[\w.-]+&mood=7\n/);
    expect(mails[0]!.text).toContain('https://life7.test/unsubscribe?t=');

    // The same run again, and a run that overlapped and read the reminder before it moved on:
    // the claimed (user, day) row lets neither queue a second mail.
    await runAt(eight);
    expect(await checkInReminders(workerEnv, reminderWindow(eight))).toMatchObject({ queued: 0 });
    await env.DB.prepare('UPDATE reminder_settings SET check_in_due_at = ?, check_in_day = ? WHERE user_id = ?')
      .bind(eight.toISOString(), day, user.id)
      .run();
    const overlapping = await checkInReminders(workerEnv, reminderWindow(eight));
    expect(overlapping.due).toBeGreaterThanOrEqual(1);
    expect(overlapping.queued).toBe(0);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM reminder_sends WHERE user_id = ?').bind(user.id).first('n')).toBe(1);
    // It moved on to the next day's 20:00.
    const next = await env.DB.prepare('SELECT check_in_due_at AS dueAt, check_in_day AS day FROM reminder_settings WHERE user_id = ?')
      .bind(user.id)
      .first<{ dueAt: string; day: string }>();
    expect(next!.dueAt > eight.toISOString()).toBe(true);
    expect(next!.dueAt).toBe(localToUtc(next!.day, 20 * 60, NY).toISOString());
  });

  it('is not sent on a day the participant already checked in, nor when the plan has lapsed, nor when off', async () => {
    const checkedIn = await participantIn(NY);
    await turnOn(checkedIn.cookie, '18:00');
    const day = (await storedDay(checkedIn.id))!;
    await env.DB.prepare('INSERT INTO check_ins (id, user_id, date, mood) VALUES (?, ?, ?, 6)')
      .bind(crypto.randomUUID(), checkedIn.id, day)
      .run();
    const lapsed = await participantIn(NY);
    await turnOn(lapsed.cookie, '18:00');
    await env.DB.prepare("UPDATE memberships SET status = 'expired' WHERE user_id = ?").bind(lapsed.id).run();
    const off = await participantIn(NY);
    await turnOn(off.cookie, '18:00');
    expect(
      (
        await call('/api/reminders', {
          cookie: off.cookie,
          json: { checkIn: { enabled: false, localTime: '18:00' }, webinars: { enabled: false } },
        })
      ).status,
    ).toBe(200);

    const six = localToUtc(day, 18 * 60, NY);
    const figures = await checkInReminders(workerEnv, reminderWindow(six));
    expect(figures.queued).toBe(0);
    const sends = await env.DB.prepare('SELECT count(*) AS n FROM reminder_sends WHERE user_id IN (?, ?, ?)')
      .bind(checkedIn.id, lapsed.id, off.id)
      .first('n');
    expect(sends).toBe(0);
  });

  it('follows the clock change: 02:30 on the spring-forward day goes out at 03:30 EDT, 20:00 an hour earlier in UTC', async () => {
    const user = await participantIn(NY);
    await turnOn(user.cookie, '02:30');
    // As if saved the evening before the change (the run works from the stored due instant).
    const due = localToUtc('2027-03-14', 150, NY);
    expect(due.toISOString()).toBe('2027-03-14T07:30:00.000Z');
    await env.DB.prepare('UPDATE reminder_settings SET check_in_due_at = ?, check_in_day = ? WHERE user_id = ?')
      .bind(due.toISOString(), '2027-03-14', user.id)
      .run();
    expect(await checkInReminders(workerEnv, reminderWindow(new Date('2027-03-14T06:30:00Z')))).toMatchObject({ queued: 0 });
    expect(await checkInReminders(workerEnv, reminderWindow(new Date('2027-03-14T07:30:00Z')))).toMatchObject({ queued: 1 });
    const claim = await env.DB.prepare("SELECT key FROM reminder_sends WHERE user_id = ? AND kind = 'check-in'").bind(user.id).first('key');
    expect(claim).toBe('2027-03-14');
    // The next one: 02:30 does exist on the 15th, at EDT.
    const next = await env.DB.prepare('SELECT check_in_due_at AS dueAt FROM reminder_settings WHERE user_id = ?')
      .bind(user.id)
      .first('dueAt');
    expect(next).toBe('2027-03-15T06:30:00.000Z');
  });
});

describe('the webinar reminder', () => {
  it('goes out 24 hours before, in the participant’s zone, with the join link for members and an Add to calendar link', async () => {
    const member = await participantIn(NY);
    await turnOn(member.cookie, '20:00', true);
    const lapsed = await participantIn('Europe/Berlin');
    await turnOn(lapsed.cookie, '20:00', true);
    await env.DB.prepare("UPDATE memberships SET status = 'expired' WHERE user_id = ?").bind(lapsed.id).run();
    const start = new Date('2031-02-04T02:00:00Z');
    const id = `webinar-reminder-${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO webinars (id, cohort_id, title, description, location, start_time, end_time, join_url) VALUES (?, 'founding', 'Week 2 webinar', 'Bring questions', 'Zoom', ?, ?, 'https://zoom.example/j/42')",
    )
      .bind(id, start.toISOString(), new Date(start.getTime() + 60 * MINUTE).toISOString())
      .run();

    expect(await webinarReminders(workerEnv, reminderWindow(new Date(start.getTime() - 24 * 60 * MINUTE - 15 * MINUTE)))).toMatchObject({
      queued: 0,
    });
    await runAt(new Date(start.getTime() - 24 * 60 * MINUTE));
    const [mail] = await remindersTo(member.email, 1, 'Tomorrow:%');
    expect(mail!.subject).toBe('Tomorrow: Week 2 webinar');
    expect(mail!.text).toContain('Monday, February 3, 9:00 PM EST');
    expect(mail!.text).toContain('Join: https://zoom.example/j/42');
    expect(mail!.text).toContain('Add to calendar: https://life7.test/api/webinars/life7-sessions.ics');
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM reminder_sends WHERE user_id = ? AND kind = 'webinar'").bind(lapsed.id).first('n'),
    ).toBe(0);
    // Once: a repeated run queues nothing more.
    expect(await webinarReminders(workerEnv, reminderWindow(new Date(start.getTime() - 24 * 60 * MINUTE)))).toMatchObject({ queued: 0 });
    await env.DB.prepare('DELETE FROM webinars WHERE id = ?').bind(id).run();
  });
});
