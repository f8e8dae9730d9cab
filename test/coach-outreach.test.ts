// A coach's contact (decision 40, docs/product.md#nudges-and-announcements): a nudge at most once a
// day per participant (held by the database, raced), mailed through the queue with Reply-To the
// coach and the reason's links; one-click unsubscribe from coach mail and the Settings switch;
// announcements to the seated participants of one cohort, their 'From your coach' cards (escaped,
// links made clickable, dismissed by a plain form post), their mails and counts; and bad input.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { call, followFailedPost, htmlOf, latestMailTo, signUp } from './helpers';

interface OutboxMail {
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

async function signUpAdmin(name = 'Coach Carla') {
  const admin = await signUp(undefined, undefined, name);
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  return admin;
}

/** The newest outbox mail to `email` whose subject is `subject`, waiting for the queue. */
async function mailTo(email: string, subject: string): Promise<OutboxMail> {
  return vi.waitFor(
    async () => {
      const list = (await (await call('/dev/mail.json')).json()) as OutboxMail[];
      const mail = list.find((m) => m.to === email && m.subject === subject);
      if (!mail) throw new Error(`no mail '${subject}' to ${email} yet`);
      return mail;
    },
    { timeout: 10_000, interval: 20 },
  );
}

const pathOf = (address: string) => address.replace('https://life7.test', '');

const nudge = (adminCookie: string, userId: string, body: unknown = {}, vars = {}) =>
  call(`/api/admin/users/${userId}/nudge`, { cookie: adminCookie, json: body, vars });

async function auditOf(userId: string) {
  const { results } = await env.DB.prepare(
    'SELECT actor, action, from_value AS "from", to_value AS "to" FROM audit_entries WHERE user_id = ?',
  )
    .bind(userId)
    .all<{ actor: string; action: string; from: string | null; to: string | null }>();
  return results;
}

let cohortCounter = 0;
/** A cohort of its own, with these users seated (or waitlisted) in it. */
async function cohortWith(seated: string[], waitlisted: string[] = []): Promise<string> {
  cohortCounter += 1;
  const id = `outreach-${cohortCounter}-${Date.now().toString(36)}`;
  await env.DB.prepare("INSERT INTO cohorts (id, name, start_date, pacing) VALUES (?, ?, date('now'), 'weekly')")
    .bind(id, `Cohort ${id}`)
    .run();
  const move = (userId: string, seat: string) =>
    env.DB.prepare('UPDATE cohort_members SET cohort_id = ?, seat = ? WHERE user_id = ? AND left_at IS NULL').bind(id, seat, userId);
  const moves = [...seated.map((u) => move(u, 'seated')), ...waitlisted.map((u) => move(u, 'waitlisted'))];
  if (moves.length > 0) await env.DB.batch(moves);
  return id;
}

describe('a nudge', () => {
  it('is queued with Reply-To the sending admin, the one-tap mood links and an unsubscribe, audited on the participant', async () => {
    const admin = await signUpAdmin();
    const member = await signUp(undefined, undefined, 'Ana Lima');
    const response = await nudge(admin.cookie, member.id, { reason: 'quiet' });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ queued: true });

    const mail = await mailTo(member.email, 'Checking in on you');
    expect(mail.headers['Reply-To']).toBe(admin.email);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toMatch(/^Hi Ana,/);
    expect(mail.text).toContain('Coach Carla');
    expect(mail.text.match(/https:\/\/life7\.test\/check-in\?t=[\w.-]+&mood=\d+/g)).toHaveLength(10);
    expect(mail.html).toContain('aria-label="Mood 10 of 10"');
    // The mood link works: it opens the one-tap check-in for today.
    const link = /https:\/\/life7\.test\/check-in\?t=[\w.-]+&mood=7/.exec(mail.text)![0];
    expect(await htmlOf(await call(pathOf(link)), 200)).toContain('Save Check-In');

    expect(await auditOf(member.id)).toEqual([{ actor: admin.email, action: 'Nudge sent', from: 'quiet', to: 'Checking in on you' }]);
  });

  it('is refused the second time the same day (429), and of two at once exactly one goes', async () => {
    const admin = await signUpAdmin();
    const member = await signUp(undefined, undefined, 'Bea');
    expect((await nudge(admin.cookie, member.id)).status).toBe(202);
    const second = await nudge(admin.cookie, member.id, { subject: 'Again', text: 'Hello again' });
    expect(second.status).toBe(429);
    expect(((await second.json()) as { message: string }).message).toBe(
      "Bea had a nudge today already: the next one can go tomorrow (one a day, in the coaches' time zone).",
    );

    const raced = await signUp();
    const other = await signUpAdmin('Other Coach');
    const answers = await Promise.all([nudge(admin.cookie, raced.id), nudge(other.cookie, raced.id), nudge(admin.cookie, raced.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 429, 429]);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM coach_nudges WHERE user_id = ?').bind(raced.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
    expect((await auditOf(raced.id)).filter((e) => e.action === 'Nudge sent')).toHaveLength(1);
  });

  it('replies to COACH_REPLY_TO when set; a stall nudge links to the next session; the coach edits the words', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const response = await nudge(
      admin.cookie,
      member.id,
      { reason: 'stall', subject: 'Your session', text: 'Hi!\n\nSee <b>this</b>: https://example.com/x?a=1&b=2.' },
      { COACH_REPLY_TO: 'coach@life7.test' },
    );
    expect(response.status).toBe(202);
    const mail = await mailTo(member.email, 'Your session');
    expect(mail.headers['Reply-To']).toBe('coach@life7.test');
    expect(mail.text).toContain('Open Session 1: https://life7.test/sessions/1');
    expect(mail.text).not.toContain('/check-in?t=');
    expect(mail.html).toContain(
      'See &lt;b&gt;this&lt;/b&gt;: <a href="https://example.com/x?a=1&amp;b=2">https://example.com/x?a=1&amp;b=2</a>.',
    );
    expect(mail.html).not.toContain('<b>this</b>');
  });

  it('works as a plain form post from its page: 303 to their page with a toast; the page then says it went today', async () => {
    const admin = await signUpAdmin();
    const member = await signUp(undefined, undefined, 'Cleo');
    const page = await htmlOf(await call(`/admin/users/${member.id}/nudge?reason=mood`, { cookie: admin.cookie }), 200);
    expect(page).toContain('Send a nudge to Cleo');
    expect(page).toContain('value="How are you doing?"');
    expect(page).toContain('<input type="hidden" name="reason" value="mood"/>');
    const userPage = await htmlOf(await call(`/admin/users/${member.id}`, { cookie: admin.cookie }), 200);
    expect(userPage).toContain(`href="/admin/users/${member.id}/nudge"`);

    const sent = await call(`/admin/users/${member.id}/nudge?reason=mood`, {
      cookie: admin.cookie,
      form: { subject: 'How are you doing?', text: 'Hi Cleo,\n\nHow are you?', reason: 'mood' },
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`/admin/users/${member.id}`);
    await mailTo(member.email, 'How are you doing?');
    const after = await htmlOf(await call(`/admin/users/${member.id}/nudge`, { cookie: admin.cookie }), 200);
    expect(after).toContain('Cleo had a nudge today already');

    // A second form post is refused where it was made, with the reason (429 answered in place).
    const again = await call(`/admin/users/${member.id}/nudge`, { cookie: admin.cookie, form: { subject: 'Hi', text: 'Again' } });
    expect(await htmlOf(again, 429)).toContain('Cleo had a nudge today already: the next one can go tomorrow');
  });

  it('refuses bad input with field messages, an unknown user with 404, and anyone but an admin', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const bad = await nudge(admin.cookie, member.id, { subject: 'x'.repeat(151), text: '' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      subject: ['Subject must be at most 150 characters'],
      text: ['Write the message'],
    });
    expect((await nudge(admin.cookie, member.id, { reason: 'bored' })).status).toBe(400);
    expect((await nudge(admin.cookie, 'nobody')).status).toBe(404);
    expect((await nudge(member.cookie, member.id)).status).toBe(403);
    expect(
      (await call(`/api/admin/users/${member.id}/nudge`, { cookie: admin.cookie, json: {}, origin: 'https://evil.test' })).status,
    ).toBe(403);
    const form = await call(`/admin/users/${member.id}/nudge`, { cookie: admin.cookie, form: { subject: '', text: 'x' } });
    expect(await htmlOf(await followFailedPost(form, admin.cookie), 400)).toContain('Subject is required');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM coach_nudges WHERE user_id = ?').bind(member.id).first('n')).toBe(0);
  });
});

describe('coach mail off', () => {
  it('a one-click POST to the mail’s unsubscribe address turns it off: no nudge, no announcement mail; Settings turns it on again', async () => {
    const admin = await signUpAdmin();
    const member = await signUp(undefined, undefined, 'Dana');
    await nudge(admin.cookie, member.id);
    const mail = await mailTo(member.email, 'A note from your coach');
    const address = /^<(https:\/\/life7\.test\/unsubscribe\?t=[\w.-]+)>$/.exec(mail.headers['List-Unsubscribe']!)![1]!;
    expect(await htmlOf(await call(pathOf(address)), 200)).toContain('Stop mail from your coach?');
    const off = await call(pathOf(address), {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      origin: null,
    });
    expect(off.status).toBe(200);
    expect(await (await call('/api/coach-mail', { cookie: member.cookie })).json()).toEqual({ enabled: false });
    // Reminders are another category: untouched.
    expect(await (await call('/api/reminders', { cookie: member.cookie })).json()).toMatchObject({ checkIn: { enabled: false } });

    await env.DB.prepare('DELETE FROM coach_nudges WHERE user_id = ?').bind(member.id).run();
    const refused = await nudge(admin.cookie, member.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('Dana turned off mail from their coach, so no nudge can be sent.');

    const cohortId = await cohortWith([member.id]);
    const sent = await call('/api/admin/announcements', {
      cookie: admin.cookie,
      json: { cohortId, subject: 'News for all', body: 'Hello' },
    });
    expect(sent.status).toBe(201);
    expect(await htmlOf(await call('/dashboard', { cookie: member.cookie }), 200)).toContain('News for all');
    const row = await env.DB.prepare('SELECT mail FROM announcement_recipients WHERE user_id = ?').bind(member.id).first('mail');
    expect(row).toBe('off');

    // The Settings switch: a form post without the box ticked is off, ticked is on.
    const settings = await htmlOf(await call('/settings', { cookie: member.cookie }), 200);
    expect(settings).toContain('<input type="checkbox" aria-describedby="coach-mail-hint" name="coachMail"/>');
    const on = await call('/settings?form=coach-mail', { cookie: member.cookie, form: { coachMail: 'on' } });
    expect(on.status).toBe(303);
    expect(await (await call('/api/coach-mail', { cookie: member.cookie })).json()).toEqual({ enabled: true });
    expect((await nudge(admin.cookie, member.id)).status).toBe(202);
    expect((await call('/settings?form=coach-mail', { cookie: member.cookie, form: {} })).status).toBe(303);
    expect(await (await call('/api/coach-mail', { cookie: member.cookie })).json()).toEqual({ enabled: false });
    expect((await call('/api/coach-mail', { cookie: member.cookie, json: { enabled: 'yes' } })).status).toBe(400);
  });
});

describe('an announcement', () => {
  it('goes to the seated participants of one cohort only: their dashboard card and their mail, counted as delivered', async () => {
    const admin = await signUpAdmin();
    const [seatedA, seatedB, waiting, elsewhere] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    const cohortId = await cohortWith([seatedA.id, seatedB.id, admin.id], [waiting.id]);
    await cohortWith([elsewhere.id]);

    const body = 'Hi all,\n\nSee <script>alert(1)</script> and https://example.com/plan?x=1&y=2.\nSecond line.';
    const response = await call('/api/admin/announcements', { cookie: admin.cookie, json: { cohortId, subject: 'Week 2 <news>', body } });
    expect(response.status).toBe(201);
    const { announcement } = (await response.json()) as { announcement: { id: string; recipients: number } };
    expect(announcement.recipients).toBe(2);

    const card = await htmlOf(await call('/dashboard', { cookie: seatedA.cookie }), 200);
    expect(card).toContain('From your coach');
    expect(card).toContain('Week 2 &lt;news&gt;');
    expect(card).toContain('See &lt;script&gt;alert(1)&lt;/script&gt; and ');
    expect(card).toContain('<a href="https://example.com/plan?x=1&amp;y=2" rel="noopener noreferrer nofollow">');
    expect(card).not.toContain('<script>alert(1)');
    for (const other of [waiting, elsewhere])
      expect(await htmlOf(await call('/dashboard', { cookie: other.cookie }), 200)).not.toContain('Week 2');

    const mail = await mailTo(seatedB.email, 'Week 2 <news>');
    expect(mail.headers['Reply-To']).toBe(admin.email);
    expect(mail.headers['List-Unsubscribe']).toMatch(/^<https:\/\/life7\.test\/unsubscribe\?t=/);
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>alert');
    expect(await latestMailTo(waiting.email, 1, 'Hi all')).toBeNull();
    expect(await latestMailTo(admin.email, 1, 'Hi all')).toBeNull();

    // Every recipient's timeline has it.
    expect(await auditOf(seatedA.id)).toEqual([
      { actor: admin.email, action: 'Announcement sent', from: `Cohort ${cohortId}`, to: 'Week 2 <news>' },
    ]);
    expect(await auditOf(waiting.id)).toEqual([]);

    const listed = await vi.waitFor(
      async () => {
        const list = (await (await call('/api/admin/announcements', { cookie: admin.cookie })).json()) as {
          announcements: { id: string; recipients: number; mails: { queued: number; delivered: number; failed: number } }[];
        };
        const mine = list.announcements.find((a) => a.id === announcement.id)!;
        if (mine.mails.delivered < 2) throw new Error('not delivered yet');
        return mine;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(listed).toMatchObject({ recipients: 2, mails: { queued: 0, delivered: 2, failed: 0 } });
    expect(await htmlOf(await call('/admin/announcements', { cookie: admin.cookie }), 200)).toContain('Week 2 &lt;news&gt;');
  });

  it('is dismissed by a plain form post; previewed and sent without JavaScript', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const cohortId = await cohortWith([member.id]);
    const preview = await call('/admin/announcements?intent=preview', {
      cookie: admin.cookie,
      form: { cohortId, subject: 'Hello cohort', body: 'First.\n\nSecond.' },
    });
    const html = await htmlOf(preview, 200);
    expect(html).toContain('To 1 seated participant of Cohort');
    expect(html).toContain('Send to 1 participant');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM announcements WHERE cohort_id = ?').bind(cohortId).first('n')).toBe(0);

    const sent = await call('/admin/announcements?intent=send', {
      cookie: admin.cookie,
      form: { cohortId, subject: 'Hello cohort', body: 'First.\n\nSecond.' },
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe('/admin/announcements');
    const dashboard = await htmlOf(await call('/dashboard', { cookie: member.cookie }), 200);
    expect(dashboard).toContain('<p><span>First.</span></p><p><span>Second.</span></p>');
    const id = /action="\/dashboard\?announcement=([\w-]+)"/.exec(dashboard)![1]!;
    const dismissed = await call(`/dashboard?announcement=${id}`, { cookie: member.cookie, form: {} });
    expect(dismissed.status).toBe(303);
    expect(await htmlOf(await call('/dashboard', { cookie: member.cookie }), 200)).not.toContain('Hello cohort');
    // Someone else's, or one dismissed already, changes nothing.
    expect((await call(`/api/announcements/${id}/dismiss`, { cookie: member.cookie, json: {} })).status).toBe(404);
  });

  it('refuses bad input (400 with field messages), an unknown cohort (404), an empty one (409), and anyone but an admin', async () => {
    const admin = await signUpAdmin();
    const member = await signUp();
    const post = (json: unknown, cookie = admin.cookie) => call('/api/admin/announcements', { cookie, json });
    const bad = await post({ cohortId: '', subject: ' ', body: 'x'.repeat(2001) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors).toEqual({
      cohortId: ['Choose a cohort'],
      subject: ['Subject is required'],
      body: ['The announcement must be at most 2000 characters'],
    });
    expect((await post({ cohortId: 'nope', subject: 'Hi', body: 'Hi' })).status).toBe(404);
    const empty = await cohortWith([]);
    const refused = await post({ cohortId: empty, subject: 'Hi', body: 'Hi' });
    expect(refused.status).toBe(409);
    expect((await post({ cohortId: empty, subject: 'Hi', body: 'Hi' }, member.cookie)).status).toBe(403);
    expect(
      (await call('/api/admin/announcements', { cookie: admin.cookie, json: { cohortId: empty }, origin: 'https://evil.test' })).status,
    ).toBe(403);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM announcements WHERE cohort_id = ?').bind(empty).first('n')).toBe(0);
    const form = await call('/admin/announcements?intent=send', {
      cookie: admin.cookie,
      form: { cohortId: 'nope', subject: 'Hi', body: 'Hi' },
    });
    expect(await htmlOf(await followFailedPost(form, admin.cookie), 404)).toContain('Cohort not found');
  });
});
