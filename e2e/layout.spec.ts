// Rough edges found in use: label/value pairs in line, a list message that goes once the list is
// right, headings that use the card's width, and a development outbox with links and local times.
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeSession1ByRequest, islandsHydrated } from './helpers';
import { boxOf } from './look';

/** Each <dt> starts on the same line as its <dd>. */
async function expectPairsInLine(list: Locator): Promise<void> {
  const terms = await list.locator('dt').all();
  expect(terms.length).toBeGreaterThan(1);
  for (const term of terms) {
    const value = term.locator('xpath=following-sibling::dd[1]');
    expect(
      Math.abs((await boxOf(term)).y - (await boxOf(value)).y),
      `${await term.textContent()} in line with its value`,
    ).toBeLessThanOrEqual(2);
  }
}

test('label/value pairs line up in Settings and in the Session 4 header', async ({ page, signUp }) => {
  await signUp({ prefix: 'pairs', landOn: '/settings' });
  await expectPairsInLine(page.locator('#account-title + dl'));

  await completeSession1ByRequest(page);
  const origin = { origin: new URL(page.url()).origin };
  for (const data of [
    { blockers: [{ name: 'Fear', reflection: 'Speaking up', arenas: ['Faith'] }] },
    { accelerators: ['Gratitude', 'Discipline', 'Faith'].map((name) => ({ name, dailyAction: 'Every morning', measurement: 'A tick' })) },
  ]) {
    expect((await page.request.post('/api/progress', { data, headers: origin })).status()).toBe(200);
  }
  await page.goto('/sessions/4');
  await expectPairsInLine(page.locator('dl.legacy-summary'));

  // The check-in history: 'Drift Moments' and 'Win of the Day' beside their notes, at 360 px too.
  expect(
    (
      await page.request.post('/api/check-ins', {
        data: { mood: 6, drift: 'Phone at dinner', win: 'A long walk with the dog after work' },
        headers: origin,
      })
    ).status(),
  ).toBe(200);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/check-ins');
    await expectPairsInLine(page.locator('dl.check-in-notes').first());
  }
});

test("Session 3's 'Choose exactly 3' message goes with the third pick", async ({ page, signUp }) => {
  await signUp({ prefix: 'three' });
  await completeSession1ByRequest(page);
  const saved = await page.request.post('/api/progress', {
    data: { blockers: [{ name: 'Fear', reflection: 'Speaking up', arenas: ['Faith'] }] },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(200);
  await page.goto('/sessions/3');
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Complete Session 3' }).click();
  const message = page.locator('.form-error');
  await expect(message).toHaveText('Choose exactly 3 accelerators');
  await page.getByLabel(/^Gratitude/).check();
  await page.getByLabel(/^Discipline/).check();
  await expect(message).toBeVisible();
  await page.getByLabel(/^Faith/).check();
  await expect(message).toHaveCount(0);
});

test("headings use the card's width ('Forgot Password?' on one line)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/forgot-password');
  const heading = page.getByRole('heading', { name: 'Forgot Password?' });
  const lineHeight = await heading.evaluate((h) => parseFloat(getComputedStyle(h).lineHeight));
  expect((await boxOf(heading)).height).toBeLessThan(lineHeight * 1.5);
});

test('the development outbox links its addresses and names the time zone', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email Address').fill('demo@life7.local');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  // Mail goes through the queue: it is in the outbox a moment after the answer.
  const mail = page.locator('article', { hasText: 'demo@life7.local' }).filter({ hasText: 'reset-password?token=' }).first();
  await expect(async () => {
    await page.goto('/dev/mail');
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass();
  const link = mail.getByRole('link', { name: /reset-password\?token=/ });
  await expect(link).toHaveAttribute('href', /^https?:\/\/[^\s]+\/reset-password\?token=[\w-]+$/);
  const time = mail.locator('time');
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // Written out with its zone, not the raw ISO text.
  await expect(time).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d:\d\d [AP]M [A-Z]{2,5}$|GMT/);
  await link.click();
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
});
