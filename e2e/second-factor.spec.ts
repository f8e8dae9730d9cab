// Admins' second factor in the browser (decision 43, docs/product.md#second-factor-for-admins): an
// admin turns TOTP on from Settings (reading the key off the page, computing the code here with
// otpauth, as an authenticator app would), saves the recovery codes, signs out, and signs in with
// the password and a code. The admin is a fresh account the demo admin promotes: the demo admin
// itself signs every other test in with its password alone, and the tests run side by side.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, expect, logInThroughApi, test } from './fixtures';
import { logInInBrowser, logOutInBrowser } from './helpers';

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now. */
function codeOf(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('an admin turns two-factor authentication on, then signs in with the password and a code', async ({ page, browser, signUp }) => {
  const account = await signUp({ prefix: 'e2e-2fa', landOn: null });
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  // The demo admin makes the new account an admin, in a browser context of its own.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await logInThroughApi(adminPage, ADMIN.email, ADMIN.password, null);
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  const promoted = await adminPage.request.post('/api/admin/change-role', {
    data: { userId: me.user.id, role: 'admin', confirm: 'admin' },
    headers: { origin },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  await adminContext.close();

  // Settings → Two-factor authentication: the QR code, and the key in groups of four.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/settings\/two-factor$/);
  await expect(page.getByRole('img', { name: 'QR code of your second-factor key' })).toBeVisible();
  const key = (await page.locator('#two-factor-secret').textContent()) ?? '';
  expect(key).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
  expect(await axeViolations(page)).toEqual([]);
  const secret = key.replaceAll(' ', '');

  await page.getByLabel('Code from the app').fill(codeOf(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('link', { name: 'I have saved these' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Two-factor authentication: on')).toBeVisible();

  // Sign out, then in again: the password, then the code step.
  await logOutInBrowser(page);
  await page.goto('/login?next=%2Fadmin%2Fusers');
  await logInInBrowser(page, account.email, account.password);
  await expect(page).toHaveURL(/\/login\/code\?next=%2Fadmin%2Fusers$/);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Use a recovery code' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  // Until the code, admin pages wait for it.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\/code\?next=%2Fadmin%2Fusers$/);

  // The code that turned it on was this step's: the app's next one is new.
  await page.getByLabel('Authentication code').fill(codeOf(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});
