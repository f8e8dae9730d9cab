// The admin pages (docs/product.md#admin-screens): users with search, sort and pages; webhook log
// filters; the webinar editor's form posts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminTime } from '../src/domain/admin-time';
import { call, followFailedPost, signUp } from './helpers';

async function signUpAdmin() {
  const admin = await signUp();
  await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
  return admin;
}

describe('admin pages', () => {
  it('render the users table with sort links, a search form and the action buttons', async () => {
    const admin = await signUpAdmin();
    const html = await (
      await call(`/admin/users?q=${encodeURIComponent(admin.email)}&sort=email&dir=asc`, { cookie: admin.cookie })
    ).text();
    expect(html).toContain(admin.email);
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toContain('href="/admin/users?q=');
    expect(html).toContain('Create User');
    expect(html.replaceAll('<!-- -->', '')).toContain('Page 1 of 1 · 1 user');
    for (const label of ['Users', 'Webhooks', 'Webinars', 'Back to Dashboard', 'Logout']) expect(html).toContain(`>${label}<`);
  });

  it('filter the webhook log by source and status', async () => {
    const admin = await signUpAdmin();
    await env.DB.prepare(
      "INSERT INTO webhook_events (id, source, external_id, event_type, status, payload, error_message) VALUES (?, 'patreon', ?, 'members:pledge:create', 'error', '{\"a\":1}', 'No email')",
    )
      .bind(crypto.randomUUID(), crypto.randomUUID())
      .run();
    const html = await (await call('/admin/webhooks?source=patreon&status=error', { cookie: admin.cookie })).text();
    expect(html).toContain('members:pledge:create');
    expect(html).toContain('No email');
    expect(html).toContain('&quot;a&quot;: 1');
    const api = (await (await call('/api/admin/webhook-logs?source=stripe&status=error', { cookie: admin.cookie })).json()) as {
      logs: { source: string }[];
    };
    expect(api.logs.every((log) => log.source === 'stripe')).toBe(true);
  });

  it('word webhook results processed, ignored, needs review or error, never success', async () => {
    const admin = await signUpAdmin();
    const event = `evt_failed_${crypto.randomUUID()}`;
    // A failed payment that was handled: its grace applied, logged as the stored 'success'.
    await env.DB.prepare(
      "INSERT INTO webhook_events (id, source, external_id, event_type, status, payload) VALUES (?, 'stripe', ?, 'invoice.payment_failed', 'success', ?)",
    )
      .bind(crypto.randomUUID(), event, JSON.stringify({ id: event }))
      .run();
    for (const word of ['processed', 'success']) {
      const html = (await (await call(`/admin/webhooks?source=stripe&status=${word}`, { cookie: admin.cookie })).text()).replaceAll(
        '<!-- -->',
        '',
      );
      expect(html).toContain(event);
      expect(html).toContain('<option value="processed" selected="">processed</option>');
      expect(html).toMatch(/<p class="muted">processed · <time/);
      expect(html).not.toMatch(/>\s*success\b/);
    }
    const others = (await (await call('/admin/webhooks?source=stripe&status=ignored', { cookie: admin.cookie })).text()).replaceAll(
      '<!-- -->',
      '',
    );
    expect(others).not.toContain(event);
    const api = (await (await call('/api/admin/webhook-logs?source=stripe&status=processed', { cookie: admin.cookie })).json()) as {
      logs: { status: string }[];
    };
    expect(api.logs.length).toBeGreaterThan(0);
    expect(api.logs.every((log) => log.status === 'success')).toBe(true);
  });

  it('show webhook and mail times in the admin’s own zone, the zone named', async () => {
    const admin = await signUpAdmin();
    await env.DB.prepare("UPDATE users SET time_zone = 'America/New_York' WHERE id = ?").bind(admin.id).run();
    const at = '2026-11-26T20:04:00.000Z';
    const event = `evt_zone_${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO webhook_events (id, source, external_id, event_type, status, payload, processed_at) VALUES (?, 'stripe', ?, 'invoice.paid', 'success', '{}', ?)",
    )
      .bind(crypto.randomUUID(), event, at)
      .run();
    const subject = `Zone check ${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO mail_deliveries (id, user_id, kind, \"to\", subject, status, attempts, error, updated_at) VALUES (?, ?, 'reminder', 'z@example.com', ?, 'failed', 3, 'Bounced', ?)",
    )
      .bind(crypto.randomUUID(), admin.id, subject, at)
      .run();
    const shown = adminTime(at, 'America/New_York');
    expect(shown).toMatch(/^Nov 26, 2026, 3:04\sPM EST$/);
    const webhooks = (await (await call('/admin/webhooks?source=stripe', { cookie: admin.cookie })).text()).replaceAll('<!-- -->', '');
    expect(webhooks).toContain(`dateTime="${at}">${shown}</time>`);
    const mail = (await (await call('/admin/mail', { cookie: admin.cookie })).text()).replaceAll('<!-- -->', '');
    expect(mail).toContain(subject);
    expect(mail).toContain(`dateTime="${at}">${shown}</time>`);
    expect(mail).not.toContain('20:04 UTC');
  });

  it('add, edit and remove webinars with form posts, times in the coaches zone', async () => {
    const admin = await signUpAdmin();
    const title = `Office hours ${crypto.randomUUID().slice(0, 8)}`;
    const form = {
      title,
      description: 'Bring questions',
      location: 'Zoom',
      startTime: '2027-01-05T18:00',
      endTime: '2027-01-05T19:00',
      joinUrl: 'https://zoom.example/j/1',
      recordingUrl: '',
      cohortId: 'founding',
    };
    const created = await call('/admin/webinars?intent=create', { cookie: admin.cookie, form });
    expect(created.status).toBe(303);
    const row = await env.DB.prepare(
      'SELECT id, start_time AS startTime, end_time AS endTime, join_url AS joinUrl, recording_url AS recordingUrl FROM webinars WHERE title = ?',
    )
      .bind(title)
      .first<{ id: string; startTime: string; endTime: string; joinUrl: string; recordingUrl: string | null }>();
    // 18:00 in Los Angeles in January is 02:00 UTC the next day.
    expect(row).toMatchObject({
      startTime: '2027-01-06T02:00:00.000Z',
      endTime: '2027-01-06T03:00:00.000Z',
      joinUrl: 'https://zoom.example/j/1',
      recordingUrl: null,
    });
    expect(await (await call('/admin/webinars', { cookie: admin.cookie })).text()).toContain('value="2027-01-05T18:00"');

    const bad = await followFailedPost(
      await call(`/admin/webinars?intent=update&id=${row!.id}`, {
        cookie: admin.cookie,
        form: { ...form, endTime: '2027-01-05T17:00', joinUrl: 'javascript:alert(1)' },
      }),
      admin.cookie,
    );
    const page = await bad.text();
    expect(page).toContain('The end must be after the start');
    expect(page).toContain('Enter a web address starting with https://');

    expect(
      (
        await call(`/admin/webinars?intent=update&id=${row!.id}`, {
          cookie: admin.cookie,
          form: { ...form, startTime: '2027-07-06T18:00', endTime: '2027-07-06T19:30' },
        })
      ).status,
    ).toBe(303);
    const moved = await env.DB.prepare('SELECT start_time AS s, end_time AS e FROM webinars WHERE id = ?')
      .bind(row!.id)
      .first<{ s: string; e: string }>();
    // Summer: PDT is UTC-7.
    expect(moved).toEqual({ s: '2027-07-07T01:00:00.000Z', e: '2027-07-07T02:30:00.000Z' });

    const unconfirmed = await followFailedPost(
      await call(`/admin/webinars?intent=delete&id=${row!.id}`, { cookie: admin.cookie, form: {} }),
      admin.cookie,
    );
    expect(await unconfirmed.text()).toContain('Tick the box to confirm');
    expect((await call(`/admin/webinars?intent=delete&id=${row!.id}`, { cookie: admin.cookie, form: { confirm: 'remove' } })).status).toBe(
      303,
    );
    expect(await env.DB.prepare('SELECT id FROM webinars WHERE id = ?').bind(row!.id).first()).toBeNull();
    expect((await call(`/admin/webinars?intent=delete&id=${row!.id}`, { cookie: admin.cookie, form: { confirm: 'remove' } })).status).toBe(
      404,
    );

    const member = await signUp();
    expect((await call('/admin/webinars?intent=create', { cookie: member.cookie, form })).headers.get('location')).toBe('/dashboard');
  });
});
