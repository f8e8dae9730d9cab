// A coach's contact (decision 40, docs/product.md#nudges-and-announcements), without JavaScript:
// a nudge from the participant's page reaches the outbox with Reply-To the coach and one-tap mood
// links, and a second the same day is refused; an announcement to the demo participant's cohort is
// previewed, sent, shown on their dashboard and dismissed. axe (WCAG 2.1 AA, light and dark) on the
// nudge page, /admin/announcements with a preview, and the dashboard's card. The rules are tested in
// test/coach-outreach.test.ts.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { ADMIN, DEMO, expect, logInThroughApi, test } from './fixtures';
import { uniqueEmail } from './helpers';

const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe's WCAG 2.1 AA violations in both colour schemes (axe needs scripting: run on a page with JavaScript). */
async function expectAccessible(page: Page, state: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const found = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, put there by AXE_SOURCE
      const { violations } = await (window as any).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      });
      return (violations as { id: string; nodes: { target: string[] }[] }[]).map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      );
    });
    expect(found, `${state} in the ${colorScheme} scheme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

interface OutboxMail {
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
}

test('a nudge from the participant page reaches the outbox with the coach’s Reply-To; a second the same day is refused', async ({
  page,
  browser,
  logIn,
}) => {
  const participant = await browser.newContext({ javaScriptEnabled: false });
  const email = uniqueEmail('nudge');
  const signedUp = await participant.request.post('/api/auth/signup', {
    data: { email, password: 'a-good-password', name: 'Nia Nudge' },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(signedUp.status()).toBe(201);
  const { user } = (await signedUp.json()) as { user: { id: string } };
  await participant.close();

  await logIn(ADMIN, `/admin/users/${user.id}/nudge?reason=quiet`);
  await expectAccessible(page, 'the nudge page');

  const off = await browser.newContext({ javaScriptEnabled: false });
  const coach = await off.newPage();
  await logInThroughApi(coach, ADMIN.email, ADMIN.password, `/admin/users/${user.id}`);
  await coach.getByRole('link', { name: 'Send a nudge' }).click();
  await expect(coach.getByRole('heading', { name: 'Send a nudge to Nia Nudge' })).toBeVisible();
  await coach.getByRole('link', { name: 'No check-in for a while' }).click();
  await expect(coach.getByLabel('Subject')).toHaveValue('Checking in on you');
  await coach.getByRole('button', { name: 'Send nudge' }).click();
  await expect(coach).toHaveURL(new RegExp(`/admin/users/${user.id}$`));
  await expect(coach.locator('.toast-title', { hasText: 'Nudge sent' })).toBeVisible();

  await expect
    .poll(async () => {
      const list = (await (await page.request.get('/dev/mail.json')).json()) as OutboxMail[];
      return list.find((m) => m.to === email && m.subject === 'Checking in on you') ?? null;
    })
    .toMatchObject({ headers: { 'Reply-To': ADMIN.email } });
  const list = (await (await page.request.get('/dev/mail.json')).json()) as OutboxMail[];
  const mail = list.find((m) => m.to === email)!;
  expect(mail.text.match(/\/check-in\?t=[\w.-]+&mood=\d+/g)).toHaveLength(10);

  await coach.goto(`/admin/users/${user.id}/nudge`);
  await expect(coach.getByRole('alert')).toContainText('Nia Nudge had a nudge today already');
  await expect(coach.getByRole('button', { name: 'Send nudge' })).toBeDisabled();
  await off.close();
});

test('an announcement is previewed, sent to the demo cohort, shown on the demo dashboard and dismissed', async ({
  page,
  browser,
  logIn,
}) => {
  const off = await browser.newContext({ javaScriptEnabled: false });
  const coach = await off.newPage();
  await logInThroughApi(coach, ADMIN.email, ADMIN.password, '/admin/announcements');
  const desk = (await (await coach.request.get('/api/admin/cohort')).json()) as { cohort: { id: string; name: string } };
  const subject = `Week 2 plans ${Date.now()}`;
  await coach.getByLabel('Cohort').selectOption(desk.cohort.id);
  await coach.getByLabel('Subject').fill(subject);
  await coach.getByLabel('Message').fill('Hello all,\n\nThe replay is at https://example.com/replay. See you Tuesday!');
  await coach.getByRole('button', { name: 'Preview' }).click();
  await expect(coach.getByRole('heading', { name: 'Preview', exact: true })).toBeVisible();
  await expect(coach.getByRole('link', { name: 'https://example.com/replay' })).toBeVisible();
  await coach.getByRole('button', { name: /^Send to \d+ participants?$/ }).click();
  await expect(coach).toHaveURL(/\/admin\/announcements$/);
  await expect(coach.locator('.toast-title', { hasText: 'Announcement sent' })).toBeVisible();
  await expect(coach.getByRole('row', { name: new RegExp(subject) })).toBeVisible();
  await off.close();

  // axe, with scripting: the list with what was sent, and a preview.
  await logIn(ADMIN, '/admin/announcements');
  await page.getByLabel('Cohort').selectOption(desk.cohort.id);
  await page.getByLabel('Subject').fill('Preview only');
  await page.getByLabel('Message').fill('Nothing is sent: https://example.com/x');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview', exact: true })).toBeVisible();
  await expectAccessible(page, '/admin/announcements with a preview');

  const demo = await browser.newContext({ javaScriptEnabled: false });
  const demoPage = await demo.newPage();
  await logInThroughApi(demoPage, DEMO.email, DEMO.password, '/dashboard');
  const card = demoPage.getByRole('article', { name: subject });
  await expect(demoPage.getByRole('heading', { name: 'From your coach' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'https://example.com/replay' })).toHaveAttribute('href', 'https://example.com/replay');
  await logIn(DEMO, '/dashboard');
  await expectAccessible(page, 'the dashboard with a card from the coach');
  await card.getByRole('button', { name: 'Dismiss' }).click();
  await expect(demoPage).toHaveURL(/\/dashboard$/);
  await expect(demoPage.getByRole('article', { name: subject })).toHaveCount(0);
  await demo.close();
});
