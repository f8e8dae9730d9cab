// Decision 37: webinars belong to a cohort. Two cohorts' participants each see only their own
// cohort's webinars on the dashboard and in its dialog, in the calendar file, in the private feed
// (cancellations included), in their reminders; /replays holds the past webinars of every cohort a
// participant has been in. The admin schedule lists one cohort at a time, and its JSON API needs
// a cohort that exists.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { moveToCohort } from '../src/data/cohorts';
import { getDb } from '../src/db/client';
import { reminderWindow } from '../src/domain/reminders';
import { webinarReminders } from '../src/jobs/reminders';
import type { MailJob } from '../src/mail/message';
import { CALENDAR_FILE_PATH } from '../src/paths';
import { call, FOUNDING_COHORT, followFailedPost, ORIGIN, signUp } from './helpers';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const today = (offsetDays = 0) => iso(Date.now() + offsetDays * DAY).slice(0, 10);

const ALPHA = 'alpha';
const BETA = 'beta';

/** One webinar of a cohort, starting `startsIn` ms from now, an hour long. */
async function webinar(id: string, cohortId: string, startsIn: number, extra: { joinUrl?: string; recordingUrl?: string } = {}) {
  const start = Date.now() + startsIn;
  await env.DB.prepare(
    'INSERT INTO webinars (id, cohort_id, title, description, location, start_time, end_time, join_url, recording_url) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(
      id,
      cohortId,
      `Session ${id}`,
      'Bring questions',
      'Zoom',
      iso(start),
      iso(start + HOUR),
      extra.joinUrl ?? null,
      extra.recordingUrl ?? null,
    )
    .run();
}

/** A participant who signed up straight into `cohortId` (their one and only cohort). */
async function participantOf(cohortId: string) {
  const user = await signUp();
  await env.DB.prepare('UPDATE cohort_members SET cohort_id = ? WHERE user_id = ?').bind(cohortId, user.id).run();
  return user;
}

async function signUpAdmin() {
  const admin = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  return admin;
}

/** The calendar file with its folded lines joined again (RFC 5545 3.1). */
async function calendarFileOf(cookie?: string): Promise<string> {
  const response = await call(CALENDAR_FILE_PATH, { cookie });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/\r\n[\t ]/g, '');
}

/** The private feed of a participant, as their calendar app polls it. */
async function feedOf(cookie: string): Promise<string> {
  const { url } = (await (await call('/api/calendar-feed', { cookie })).json()) as { url: string };
  const response = await call(url.slice(ORIGIN.length));
  expect(response.status).toBe(200);
  return (await response.text()).replace(/\r\n[\t ]/g, '');
}

/** The VEVENT of this webinar in a calendar, or undefined. */
const eventOf = (calendar: string, id: string) => calendar.split('BEGIN:VEVENT').find((event) => event.includes(`UID:${id}@life7`));

beforeAll(async () => {
  // Founding (test/apply-migrations.ts) started today; Alpha runs since a week; Beta starts in ten days.
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO cohorts (id, name, start_date, pacing) VALUES (?, 'Alpha cohort', ?, 'weekly'), (?, 'Beta cohort', ?, 'weekly')",
    ).bind(ALPHA, today(-7), BETA, today(10)),
  ]);
  await webinar('alpha-next', ALPHA, 2 * DAY, { joinUrl: 'https://zoom.example/j/alpha' });
  await webinar('beta-next', BETA, 3 * DAY, { joinUrl: 'https://zoom.example/j/beta' });
  await webinar('founding-next', FOUNDING_COHORT, 4 * DAY);
  await webinar('alpha-past', ALPHA, -5 * DAY, { recordingUrl: 'https://video.example/alpha-past' });
  await webinar('beta-past', BETA, -3 * DAY, { recordingUrl: 'https://video.example/beta-past' });
  await webinar('founding-past', FOUNDING_COHORT, -9 * DAY);
});

describe('webinars of the participant’s own cohort (decision 37)', () => {
  it('are the only ones on the dashboard and in its dialog, read with the session in one round trip', async () => {
    const [alpha, beta] = [await participantOf(ALPHA), await participantOf(BETA)];
    const own = { [alpha.cookie]: 'alpha', [beta.cookie]: 'beta' };
    for (const [cookie, mine] of Object.entries(own)) {
      const other = mine === 'alpha' ? 'beta' : 'alpha';
      const response = await call('/dashboard', { cookie });
      expect(Number(response.headers.get('x-d1-round-trips'))).toBe(1);
      const html = await response.text();
      // The card and the dialog name the sessions in their calendar links.
      expect(html, mine).toContain(`Session+${mine}-next`);
      expect(html, mine).toContain(`https://zoom.example/j/${mine}`);
      expect(html, mine).not.toContain(`Session+${other}-next`);
      expect(html, mine).not.toContain(`https://zoom.example/j/${other}`);
      expect(html, mine).not.toContain('Session+founding-next');
    }
  });

  it('follow the participant to the cohort they move to', async () => {
    const mover = await participantOf(ALPHA);
    expect(await (await call('/faq', { cookie: mover.cookie })).text()).toContain('Session+alpha-next');
    expect((await moveToCohort(getDb(env.DB), mover.id, BETA)).ok).toBe(true);
    const html = await (await call('/faq', { cookie: mover.cookie })).text();
    expect(html).toContain('Session+beta-next');
    expect(html).not.toContain('Session+alpha-next');
  });

  it('are the only ones in the calendar file; an anonymous visitor gets the schedule of the cohort sign-ups join', async () => {
    const [alpha, beta] = [await participantOf(ALPHA), await participantOf(BETA)];
    const alphaFile = await calendarFileOf(alpha.cookie);
    expect(eventOf(alphaFile, 'alpha-next')).toContain('URL:https://zoom.example/j/alpha');
    expect(eventOf(alphaFile, 'beta-next')).toBeUndefined();
    expect(eventOf(alphaFile, 'founding-next')).toBeUndefined();
    const betaFile = await calendarFileOf(beta.cookie);
    expect(eventOf(betaFile, 'beta-next')).toBeDefined();
    expect(eventOf(betaFile, 'alpha-next')).toBeUndefined();
    // Past sessions are never in it.
    expect(eventOf(betaFile, 'beta-past')).toBeUndefined();

    const anonymous = await calendarFileOf();
    expect(eventOf(anonymous, 'founding-next')).toBeDefined();
    expect(eventOf(anonymous, 'alpha-next')).toBeUndefined();
    expect(eventOf(anonymous, 'beta-next')).toBeUndefined();
  });

  it('are the only ones in the private feed, and so are the cancellations (decision 26’s join link rule still holds)', async () => {
    const [alpha, beta] = [await participantOf(ALPHA), await participantOf(BETA)];
    const admin = await signUpAdmin();
    await webinar('beta-cancelled', BETA, 5 * DAY, { joinUrl: 'https://zoom.example/j/beta-cancelled' });
    expect(eventOf(await feedOf(beta.cookie), 'beta-cancelled')).toContain('URL:https://zoom.example/j/beta-cancelled');
    const removed = await call('/admin/webinars?intent=delete&id=beta-cancelled', { cookie: admin.cookie, json: { confirm: 'remove' } });
    expect(removed.status).toBe(200);
    expect(
      await env.DB.prepare('SELECT cohort_id AS cohortId FROM cancelled_webinars WHERE id = ?').bind('beta-cancelled').first('cohortId'),
    ).toBe(BETA);

    const betaFeed = await feedOf(beta.cookie);
    expect(eventOf(betaFeed, 'beta-cancelled')).toContain('STATUS:CANCELLED');
    expect(eventOf(betaFeed, 'beta-next')).toContain('URL:https://zoom.example/j/beta');
    expect(eventOf(betaFeed, 'alpha-next')).toBeUndefined();

    const alphaFeed = await feedOf(alpha.cookie);
    expect(eventOf(alphaFeed, 'alpha-next')).toContain('URL:https://zoom.example/j/alpha');
    expect(eventOf(alphaFeed, 'beta-next')).toBeUndefined();
    expect(eventOf(alphaFeed, 'beta-cancelled')).toBeUndefined();

    // A lapsed Beta member still gets their cohort's schedule, without the join link.
    await env.DB.prepare("UPDATE memberships SET status = 'expired' WHERE user_id = ?").bind(beta.id).run();
    const lapsedFeed = await feedOf(beta.cookie);
    expect(eventOf(lapsedFeed, 'beta-next')).toBeDefined();
    expect(lapsedFeed).not.toContain('zoom.example');
  });

  it('are the only ones a participant is reminded of', async () => {
    const alphas = [await participantOf(ALPHA), await participantOf(ALPHA)];
    const beta = await participantOf(BETA);
    const founding = await signUp();
    for (const { cookie } of [...alphas, beta, founding]) {
      const response = await call('/api/reminders', {
        cookie,
        json: { checkIn: { enabled: false, localTime: '20:00' }, webinars: { enabled: true } },
      });
      expect(response.status).toBe(200);
    }
    // Each cohort's session starts at the same moment, two days from now.
    const start = Math.ceil((Date.now() + 2 * DAY) / (15 * 60_000)) * 15 * 60_000;
    for (const [id, cohortId] of [
      ['alpha-reminded', ALPHA],
      ['beta-reminded', BETA],
      ['gamma-reminded', FOUNDING_COHORT],
    ] as const) {
      await env.DB.prepare(
        'INSERT INTO webinars (id, cohort_id, title, description, location, start_time, end_time) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
        .bind(id, cohortId, `Session ${id}`, '', 'Zoom', iso(start), iso(start + HOUR))
        .run();
    }
    const jobs: MailJob[] = [];
    const queue = {
      async send() {
        throw new Error('the run queues in batches');
      },
      async sendBatch(messages: { body: MailJob }[]) {
        jobs.push(...messages.map((m) => m.body));
      },
    };
    const runEnv = { ...env, MAIL_QUEUE: queue as unknown as Queue<MailJob> };
    const figures = await webinarReminders(runEnv, reminderWindow(new Date(start - DAY)));
    const sent = jobs.map((job) => `${job.userId}→${job.kind === 'webinar-reminder' ? job.webinarId : job.kind}`).sort();
    expect(sent).toEqual(
      [...alphas.map((a) => `${a.id}→alpha-reminded`), `${beta.id}→beta-reminded`, `${founding.id}→gamma-reminded`].sort(),
    );
    expect(figures.queued).toBe(4);
    // Claimed once: a second run of the same window sends nothing more.
    expect((await webinarReminders(runEnv, reminderWindow(new Date(start - DAY)))).queued).toBe(0);
  });

  it('on /replays: the past webinars of every cohort the participant has been in, newest first', async () => {
    const alpha = await participantOf(ALPHA);
    const alphaPage = await (await call('/replays', { cookie: alpha.cookie })).text();
    expect(alphaPage).toContain('Session alpha-past');
    expect(alphaPage).toContain('https://video.example/alpha-past');
    expect(alphaPage).not.toContain('Session beta-past');
    expect(alphaPage).not.toContain('Session founding-past');

    // Signed up into Founding, then moved to Beta: both cohorts' past sessions, newest first.
    const mover = await signUp();
    expect((await moveToCohort(getDb(env.DB), mover.id, BETA)).ok).toBe(true);
    const response = await call('/replays', { cookie: mover.cookie });
    expect(Number(response.headers.get('x-d1-round-trips'))).toBe(1);
    const page = await response.text();
    expect(page).toContain('Session founding-past');
    expect(page).toContain('Session beta-past');
    expect(page).not.toContain('Session alpha-past');
    expect(page.indexOf('Session beta-past')).toBeLessThan(page.indexOf('Session founding-past'));
    // Upcoming ones are not replays; the dialog shows the current cohort's.
    expect(page).toContain('Session+beta-');
    expect(page).not.toContain('Session+founding-');
  });
});

describe('the admin schedule, one cohort at a time (decision 37)', () => {
  it('lists the running cohort’s sessions first, and another cohort’s with ?cohort=ID; an unknown cohort is 404', async () => {
    const admin = await signUpAdmin();
    // Founding (self-paced) started today and runs; Alpha (weekly) started earlier and runs too, so
    // it comes first; Beta has not started.
    const first = await (await call('/admin/webinars', { cookie: admin.cookie })).text();
    expect(first).toContain('Session alpha-next');
    expect(first).not.toContain('Session founding-next');
    expect(first).toMatch(/<option value="alpha" selected="">/);
    const founding = await (await call('/admin/webinars?cohort=founding', { cookie: admin.cookie })).text();
    expect(founding).toContain('Session founding-next');
    expect(founding).not.toContain('Session alpha-next');

    const beta = await (await call('/admin/webinars?cohort=beta', { cookie: admin.cookie })).text();
    expect(beta).toContain('Session beta-next');
    expect(beta).toContain('Session beta-past');
    expect(beta).not.toContain('Session alpha-next');
    expect(beta).not.toContain('Session founding-next');
    expect(beta).toContain('Beta cohort');

    expect((await call('/admin/webinars?cohort=nope', { cookie: admin.cookie })).status).toBe(404);
  });

  it('creates a session in the cohort chosen, moves it to another, and refuses a missing (400) or unknown (404) cohort', async () => {
    const admin = await signUpAdmin();
    const fields = { title: 'Cohort API check', location: 'Zoom', startTime: '2031-05-06T18:00', endTime: '2031-05-06T19:00' };

    const missing = await call('/admin/webinars?intent=create', { cookie: admin.cookie, json: fields });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Choose a cohort', fieldErrors: { cohortId: ['Choose a cohort'] } });

    const unknown = await call('/admin/webinars?intent=create', { cookie: admin.cookie, json: { ...fields, cohortId: 'nope' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      message: 'That cohort does not exist',
      fieldErrors: { cohortId: ['That cohort does not exist'] },
    });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM webinars WHERE title = ?').bind(fields.title).first('n')).toBe(0);

    const created = await call('/admin/webinars?intent=create', { cookie: admin.cookie, json: { ...fields, cohortId: ALPHA } });
    expect(created.status).toBe(200);
    const row = await env.DB.prepare('SELECT id, cohort_id AS cohortId, sequence FROM webinars WHERE title = ?')
      .bind(fields.title)
      .first<{ id: string; cohortId: string; sequence: number }>();
    expect(row).toMatchObject({ cohortId: ALPHA, sequence: 0 });

    const update = (json: unknown) => call(`/admin/webinars?intent=update&id=${row!.id}`, { cookie: admin.cookie, json });
    expect((await update(fields)).status).toBe(400);
    expect((await update({ ...fields, cohortId: 'nope' })).status).toBe(404);
    expect((await update({ ...fields, cohortId: BETA })).status).toBe(200);
    expect(await env.DB.prepare('SELECT cohort_id AS c FROM webinars WHERE id = ?').bind(row!.id).first('c')).toBe(BETA);
    expect(
      (await call('/admin/webinars?intent=update&id=nope', { cookie: admin.cookie, json: { ...fields, cohortId: BETA } })).status,
    ).toBe(404);

    // A form post naming a cohort that does not exist comes back with the message beside the cohort field.
    const refused = await followFailedPost(
      await call('/admin/webinars?intent=create&cohort=alpha', { cookie: admin.cookie, form: { ...fields, cohortId: 'nope' } }),
      admin.cookie,
    );
    expect(refused.status).toBe(404);
    expect(await refused.text()).toMatch(/aria-describedby="new-cohortId-error"[^>]*>.*That cohort does not exist/s);

    // A form post lands on the cohort's list, which shows the session with its cohort chosen.
    const form = { ...fields, title: 'Cohort form check', description: '', joinUrl: '', recordingUrl: '', cohortId: BETA };
    const posted = await call('/admin/webinars?intent=create&cohort=alpha', { cookie: admin.cookie, form });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/admin/webinars?cohort=beta');
    const list = await (await call('/admin/webinars?cohort=beta', { cookie: admin.cookie })).text();
    expect(list).toContain('Cohort form check');
    expect(list).toContain('Cohort API check');
  });
});
