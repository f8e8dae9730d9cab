// Decision 26: the webinar join link, in pages, dialogs and calendar files, is for signed-in
// members with an active plan. Everyone else gets the schedule without it, from the server.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FILE_PATH } from '../src/paths';
import { call, signUp } from './helpers';

const JOIN = 'https://zoom.example/j/join-secret-4711';
const WEBINAR_ID = 'join-link-test';

/** The calendar file with its folded lines joined again (RFC 5545 3.1). */
async function calendarText(cookie?: string): Promise<string> {
  const response = await call(CALENDAR_FILE_PATH, { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/text\/calendar/);
  return (await response.text()).replace(/\r\n[\t ]/g, '');
}

async function setMembership(userId: string, status: 'active' | 'cancelled' | 'expired'): Promise<void> {
  await env.DB.prepare('UPDATE memberships SET status = ? WHERE user_id = ?').bind(status, userId).run();
}

beforeAll(async () => {
  // Under way now, so it is the first upcoming session: the one 'Join Now' links to.
  const start = new Date(Date.now() - 5 * 60_000).toISOString();
  const end = new Date(Date.now() + 55 * 60_000).toISOString();
  await env.DB.prepare(
    "INSERT OR REPLACE INTO webinars (id, cohort_id, title, description, location, start_time, end_time, join_url) VALUES (?, 'founding', ?, ?, ?, ?, ?, ?)",
  )
    .bind(WEBINAR_ID, 'Join link test', 'Live now', 'Online', start, end, JOIN)
    .run();
});

describe('the webinar join link (decision 26)', () => {
  it('is in the calendar file for a member with an active plan', async () => {
    const member = await signUp();
    const ics = await calendarText(member.cookie);
    expect(ics).toContain(`UID:${WEBINAR_ID}@life7`);
    expect(ics).toContain(`URL:${JOIN}`);
  });

  it('is not in the calendar file for an anonymous visitor, who still gets the schedule', async () => {
    const ics = await calendarText();
    expect(ics).toContain(`UID:${WEBINAR_ID}@life7`);
    expect(ics).not.toContain(JOIN);
  });

  it('is not in the calendar file for a member whose plan ended', async () => {
    const member = await signUp();
    for (const status of ['cancelled', 'expired'] as const) {
      await setMembership(member.id, status);
      const ics = await calendarText(member.cookie);
      expect(ics, status).toContain(`UID:${WEBINAR_ID}@life7`);
      expect(ics, status).not.toContain(JOIN);
    }
  });

  it('is in the page frame for a member with an active plan', async () => {
    const member = await signUp();
    const html = await (await call('/dashboard', { cookie: member.cookie })).text();
    expect(html).toContain(JOIN);
  });

  it('is in no page a member whose plan ended can open, the access notice included', async () => {
    const member = await signUp();
    for (const status of ['cancelled', 'expired'] as const) {
      await setMembership(member.id, status);
      for (const path of ['/dashboard', '/faq', '/settings', '/replays', '/summary', '/sessions', '/check-ins', '/next-steps']) {
        const response = await call(path, { cookie: member.cookie });
        const html = await response.text();
        expect([200, 403], `${status} ${path}`).toContain(response.status);
        expect(html, `${status} ${path}`).not.toContain(JOIN);
        expect(html, `${status} ${path}`).not.toContain('join-secret');
      }
    }
  });

  it('is in no page without a membership at all, nor for anonymous visitors', async () => {
    const member = await signUp();
    await env.DB.prepare('DELETE FROM memberships WHERE user_id = ?').bind(member.id).run();
    for (const path of ['/dashboard', '/faq', '/settings']) {
      expect(await (await call(path, { cookie: member.cookie })).text(), path).not.toContain('join-secret');
    }
    for (const path of ['/login', '/login?tab=signup', '/forgot-password', '/faq', '/no-such-page']) {
      expect(await (await call(path)).text(), path).not.toContain('join-secret');
    }
  });
});
