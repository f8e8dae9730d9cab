// Forms post to their own page's address: a failure is a 303 back to that page, which shows the
// messages, and a success is a 303 on; so the address bar never shows /api and the history never
// holds a POST (Back never asks to resubmit).
import { expect, test } from './fixtures';
import { completeSession1ByRequest, signUpInBrowser, uniqueEmail } from './helpers';

for (const javaScriptEnabled of [true, false]) {
  test(`a failed sign-in stays on /login (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/login?next=%2Fsettings');
    const panel = page.locator('#panel-login');
    await panel.getByLabel('Email').fill('demo@life7.local');
    await panel.getByLabel('Password').fill('not-the-password');
    await panel.getByRole('button', { name: 'Login' }).click();
    await expect(panel.getByRole('alert')).toContainText('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    // The right password from the re-rendered page signs in and goes where the visitor was headed.
    await panel.getByLabel('Password').fill('demo-life7-dev');
    await panel.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    // Back loads GET /login afresh (a POST entry would show the browser's resubmission page),
    // which sends a signed-in visitor on to where they were headed.
    await page.goBack();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await context.close();
  });
}

test('a failed session save without JavaScript re-renders /sessions/2 with its messages', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpInBrowser(page, uniqueEmail('form-address'));
  await completeSession1ByRequest(page);
  await page.goto('/sessions/2');
  await page.getByLabel(/^Doubt/).check();
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  // Beside its field (the toast may name it too).
  await expect(page.locator('form').getByText('Write a reflection for this blocker')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sessions/2');
  await page.getByLabel('How does doubt show up in your life?').fill('Second-guessing');
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/sessions\/2$/);
  await expect(page.getByText('Write a reflection for this blocker')).toHaveCount(0);
  await context.close();
});
