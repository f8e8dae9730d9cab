// Settings: each password message once, beside its field; and a session ended by a password
// change on another device lands on the login page with the reason.
import { DEMO, expect, logInThroughApi, test } from './fixtures';
import { islandsHydrated } from './helpers';

test('a wrong current password is said once, beside Current Password', async ({ page, signUp }) => {
  await signUp({ prefix: 'wrong-current', password: 'first-password', landOn: '/settings' });
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: 'Update Password' }).click();

  const current = page.getByLabel('Current Password');
  await expect(current).toHaveAccessibleDescription('Current password is incorrect');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  // Not again in a banner above the form, and not in a toast.
  await expect(page.getByText('Current password is incorrect')).toHaveCount(1);
  await expect(page.locator('.toast')).toHaveCount(0);
});

for (const javaScript of [true, false]) {
  test(`an empty submit says what is required, not "Passwords don't match" (JavaScript ${javaScript ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    const page = await context.newPage();
    await logInThroughApi(page, DEMO.email, DEMO.password, '/settings');
    await islandsHydrated(page);
    await page.getByRole('button', { name: 'Update Password' }).click();

    await expect(page.getByLabel('Current Password')).toHaveAccessibleDescription('Current password is required');
    await expect(page.getByLabel('New Password', { exact: true })).toHaveAccessibleDescription(
      'New password must be at least 8 characters',
    );
    await expect(page.getByText("Passwords don't match")).toHaveCount(0);
    await expect(page.getByText('Current password is required')).toHaveCount(1);

    // A filled new password with a blank confirmation does not match it.
    await page.getByLabel('Current Password').fill('demo-life7-dev');
    await page.getByLabel('New Password', { exact: true }).fill('second-password');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByLabel('Confirm New Password')).toHaveAccessibleDescription("Passwords don't match");
    await context.close();
  });
}

test('a session ended by a password change on another device lands on login with the reason', async ({ page, browser, signUp }) => {
  const { email, password } = await signUp({ prefix: 'elsewhere', password: 'first-password' });

  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await logInThroughApi(phonePage, email, password);
  await expect(phonePage).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await page.getByLabel('Current Password').fill('first-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/settings\?updated=1$/);

  await phonePage.goto('/sessions');
  await expect(phonePage).toHaveURL(/\/login\?next=%2Fsessions$/);
  await expect(phonePage.locator('.toast')).toContainText('You were signed out because your password was changed on another device.');
  // Said once: the next visit is a plain login page.
  await phonePage.goto('/dashboard');
  await expect(phonePage).toHaveURL(/\/login/);
  await expect(phonePage.locator('.toast')).toHaveCount(0);
  await phone.close();
});
