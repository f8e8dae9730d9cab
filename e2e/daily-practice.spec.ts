// The daily loop on the dashboard (decision 38, docs/product.md#the-daily-practice): after Session 3
// the first card checks in in place, the mood row and the three daily actions, with and without
// JavaScript; the streak and each action's habit strength move; a device in another zone is told
// which zone the days follow and may switch. axe checks the card, and the mood row's targets are
// at least 24 px wide at 360 px.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';
import { completeSession1ByRequest, completeSessions2to4ByRequest } from './helpers';

const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe's WCAG 2.2 A/AA violations inside `selector`, in the light and the dark scheme. */
async function expectAccessible(page: Page, selector: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const found = await page.evaluate(async (include) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, put there by AXE_SOURCE
      const { violations } = await (window as any).axe.run(include, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        resultTypes: ['violations'],
      });
      return (violations as { id: string; nodes: { target: string[] }[] }[]).map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
      );
    }, selector);
    expect(found, `${selector} in the ${colorScheme} scheme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** A participant who finished Sessions 1-3 (Gratitude, Discipline, Faith: 'Every morning'), days in `zone`. */
async function practising(page: Page, zone: string): Promise<void> {
  await signUpThroughApi(page, { prefix: 'practice', landOn: '/faq' });
  await completeSession1ByRequest(page);
  await completeSessions2to4ByRequest(page);
  const headers = { origin: new URL(page.url()).origin };
  expect((await page.request.post('/api/auth/time-zone', { data: { timeZone: zone }, headers })).status()).toBe(200);
  await page.goto('/dashboard');
}

test.describe('with JavaScript, on a device in another zone', () => {
  test.use({ timezoneId: 'America/New_York', viewport: { width: 360, height: 800 } });

  test('checks in from the dashboard’s first card, then offers to switch the zone', async ({ page }) => {
    await practising(page, 'Europe/London');
    const card = page.getByRole('region', { name: 'Today' });
    await expect(card).toContainText('Not checked in yet.');
    const mood = card.getByRole('group', { name: 'Mood' });
    await expect(mood).toContainText('1 = Low');
    await expect(mood).toContainText('10 = High');
    for (const radio of await mood.getByRole('radio').all()) {
      const box = await radio.locator('xpath=..').boundingBox();
      expect(box!.width, 'a mood target at 360 px').toBeGreaterThanOrEqual(24);
    }
    await expectAccessible(page, '.daily-loop');

    await mood.getByRole('radio', { name: '7 of 10' }).click();
    const actions = card.getByRole('group', { name: 'Your daily actions today' });
    await actions
      .getByRole('radiogroup', { name: /^Gratitude/ })
      .getByRole('radio', { name: 'Yes' })
      .click();
    await actions
      .getByRole('radiogroup', { name: /^Discipline/ })
      .getByRole('radio', { name: 'Yes' })
      .click();
    await expect(actions.getByRole('radiogroup', { name: /^Faith/ }).getByRole('radio', { name: 'Not today' })).toBeChecked();
    // The device's zone is sent by the woken form (BrowserTimeZoneInput): wait for it, or a busy
    // machine posts the plain form first, which names no zone.
    await expect(card.locator('[data-island="CheckInForm"][data-hydrated]')).toHaveCount(1);
    await card.getByRole('button', { name: 'Save Check-In' }).click();

    await expect(page).toHaveURL(/\/dashboard\?device-zone=America%2FNew_York$/);
    await expect(card).toContainText('You checked in today.');
    await expect(card).toContainText('🔥 1-day streak');
    await expect(card.locator('.practice-strength')).toHaveText(['5', '5', '0']);
    const notice = page.getByRole('status').filter({ hasText: 'Your device is in America/New_York; your Life7 days follow Europe/London' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Switch to America/New_York' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Check-ins now follow America/New York time.')).toBeVisible();
  });
});

test('without JavaScript the dashboard’s card checks in with a plain form post', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await practising(page, 'Europe/London');
    const card = page.getByRole('region', { name: 'Today' });
    await card.getByRole('radio', { name: '6 of 10' }).check();
    await card
      .getByRole('radiogroup', { name: /^Gratitude/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await card
      .getByRole('radiogroup', { name: /^Faith/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await card.getByRole('button', { name: 'Save Check-In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(card).toContainText('🔥 1-day streak');
    await expect(card.locator('.practice-strength')).toHaveText(['5', '0', '5']);
    await expect(card.getByRole('radio', { name: '6 of 10' })).toBeChecked();
    await expect(card.getByRole('button', { name: 'Update Check-In' })).toBeVisible();
  } finally {
    await context.close();
  }
});
