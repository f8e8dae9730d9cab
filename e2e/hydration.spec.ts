// Islands load their code when needed (docs/product.md#speed): nothing before a form is touched,
// nothing entered meanwhile is lost, and the questionnaire keeps keys pressed before it is live.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpInBrowser, uniqueEmail } from './helpers';

/** Holds back the hydrate runtime (React and the islands' code), as a slow phone network would. */
async function slowHydration(page: Page, ms = 1500): Promise<void> {
  await page.route('**/assets/hydrate-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

test('the login page fetches only the small entry until the form is touched', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.includes('/entry-'))).toBe(true);
  expect(scripts.filter((path) => /hydrate-|LoginCard-/.test(path))).toEqual([]);

  await page.locator('#panel-login').getByLabel('Email').focus();
  await expect(page.locator('[data-island="LoginCard"][data-hydrated]')).toHaveCount(1);
  expect(scripts.some((path) => path.includes('/hydrate-'))).toBe(true);
});

test('what is typed while a form is waking up is kept', async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail('typed-early'));
  await page.goto('/check-ins');
  await page.getByLabel('Win of the Day').fill('First version');
  await page.getByRole('button', { name: 'Save Check-In' }).click();
  await expect(page.getByRole('button', { name: 'Update Check-In' })).toBeVisible();

  await slowHydration(page);
  await page.reload();
  await expect(page.getByLabel('Win of the Day')).toHaveValue('First version');
  await page.getByLabel('Win of the Day').fill('Typed before the code arrived');
  await expect(page.locator('[data-island="CheckInForm"][data-hydrated]')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByLabel('Win of the Day')).toHaveValue('Typed before the code arrived');
  await page.getByRole('button', { name: 'Update Check-In' }).click();
  const recent = page.getByRole('region', { name: 'Recent Check-Ins' }).getByRole('listitem');
  await expect(recent.first()).toContainText('Typed before the code arrived');
});

test('the questionnaire keeps a key pressed before it is live', async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail('early-key'));
  await slowHydration(page);
  await page.goto('/sessions/1');
  await page.keyboard.press('7');
  await expect(page.locator('[data-island="WheelOfTruth"][data-hydrated]')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByText('Question 2 of 70')).toBeVisible();
});
