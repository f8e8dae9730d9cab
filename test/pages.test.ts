import { describe, expect, it } from 'vitest';
import { nextTuesdaySessions, webinarLabels } from '../src/domain/webinars';
import { call, htmlOf, scheduleUpcomingWebinars, signUp } from './helpers';

describe('pages and guards', () => {
  it('redirects / to /dashboard and anonymous visitors to /login with a return path', async () => {
    const root = await call('/');
    expect(root.headers.get('location')).toBe('/dashboard');
    const dashboard = await call('/dashboard?x=1');
    expect(dashboard.status).toBe(303);
    expect(dashboard.headers.get('location')).toBe('/login?next=%2Fdashboard%3Fx%3D1');
    expect((await call('/settings')).headers.get('location')).toBe('/login?next=%2Fsettings');
  });

  it('renders the dashboard and shell for a member', async () => {
    await scheduleUpcomingWebinars();
    const { cookie } = await signUp(undefined, undefined, 'Dee');
    const response = await call('/dashboard', { cookie });
    const html = await htmlOf(response, 200);
    // A first visit (nothing completed yet) is not 'back' (decision 33).
    expect(html).toContain('Welcome to Life7, Dee');
    expect(html).not.toContain('Welcome back');
    expect(html).toContain('Continue your journey toward balance and growth');
    expect(html).toContain('>Start Session 1</a>');
    expect(html).not.toContain('Resume where you left off');
    expect(html).toContain('>Challenge</span>');
    for (const label of [
      'Dashboard',
      'Sessions',
      'Check-Ins',
      'Summary',
      'Next Steps',
      'Join Webinar',
      'Settings',
      'Reset Demo Data',
      'Logout',
    ]) {
      expect(html).toContain(`>${label}<`);
    }
    expect(html).not.toContain('Admin Panel');
    expect(html).toContain(webinarLabels(nextTuesdaySessions(new Date())[0]!.startTime).day);
  });

  it("shows the webinar times in the viewer's own zone, with its name (decision 26)", async () => {
    await scheduleUpcomingWebinars();
    const { cookie, id } = await signUp();
    const { env } = await import('cloudflare:test');
    await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Berlin' WHERE id = ?").bind(id).run();
    const html = await htmlOf(await call('/dashboard', { cookie }), 200);
    const first = nextTuesdaySessions(new Date())[0]!.startTime;
    expect(html).toContain(webinarLabels(first, new Date(), 'Europe/Berlin').day);
    expect(html).toMatch(/3:00.AM Central European (Standard|Summer) Time/);
    expect(html).not.toMatch(/6:00.PM P[SD]T/);
  });

  it('shows a member without a plan the locked items and an access notice', async () => {
    const { cookie, id } = await signUp();
    const { env } = await import('cloudflare:test');
    await env.DB.prepare("UPDATE memberships SET status = 'expired' WHERE user_id = ?").bind(id).run();
    const response = await call('/dashboard', { cookie });
    const html = await htmlOf(response, 403);
    expect(html).toContain('No Plan');
    expect(html).toContain('Requires Challenge plan');
    expect(html).not.toContain('>Next Steps<');
    // The nav offers the way past the wall: one link to the plan the locked items need.
    expect(html).toContain('<a class="nav-link nav-upgrade" href="/upgrade/challenge">Upgrade to Challenge</a>');
  });

  it('serves the not-found page for unknown paths, JSON for unknown API paths', async () => {
    const page = await call('/no/such/page');
    const html = await htmlOf(page, 404);
    expect(html).toContain('404 Page Not Found');
    // It speaks to a visitor; the sentence for a developer shows only outside production (docs/product.md#route-table).
    expect(html).toContain('We could not find that page.');
    expect(html).toContain('Did you forget to add the page to the router?');
    const api = await call('/api/nothing');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found' });
  });

  it('ships no JavaScript on a page without islands', async () => {
    const html = await (await call('/reset-password?done=1')).text();
    expect(html).toContain('Password reset successful!');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('data-island="');
  });

  it('shows the reset pages states', async () => {
    const invalid = await (await call('/reset-password')).text();
    expect(invalid).toContain('Invalid Reset Link');
    expect(invalid).toContain('This password reset link is invalid or has expired');
    expect(invalid).toContain('Request New Reset Link');
    const form = await (await call('/reset-password?token=abc')).text();
    expect(form).toContain('Reset Your Password');
    expect(form).toContain('Confirm New Password');
  });

  it('serves the upcoming webinars as a calendar file in UTC', async () => {
    await scheduleUpcomingWebinars();
    const response = await call('/api/webinars/life7-sessions.ics');
    expect(response.headers.get('content-disposition')).toContain('life7-sessions.ics');
    const text = await response.text();
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(4);
    const first = nextTuesdaySessions(new Date())[0]!;
    expect(text).toContain(`DTSTART:${first.startTime.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    // The placeholder 2025 series of migration 0001 is gone (migration 0003).
    expect(text).not.toContain('DTSTART:20251112T020000Z');
  });

  it('lists development mail at /dev/mail', async () => {
    const response = await call('/dev/mail');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Development outbox');
  });
});

describe('admin pages', () => {
  it('send anonymous visitors to /login and members to /dashboard', async () => {
    expect((await call('/admin/users')).headers.get('location')).toBe('/login?next=%2Fadmin%2Fusers');
    const { cookie } = await signUp();
    const member = await call('/admin/users', { cookie });
    expect(member.status).toBe(303);
    expect(member.headers.get('location')).toBe('/dashboard');
    expect((await call('/admin', { cookie })).headers.get('location')).toBe('/dashboard');
  });

  it('show admins the users and the webhook logs', async () => {
    const { env } = await import('cloudflare:test');
    const admin = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
    expect((await call('/admin', { cookie: admin.cookie })).headers.get('location')).toBe('/admin/users');
    const users = await (await call('/admin/users', { cookie: admin.cookie })).text();
    expect(users).toContain(admin.email);
    const logs = await (await call('/admin/webhooks', { cookie: admin.cookie })).text();
    expect(logs).toContain('No webhook events yet');
  });
});
