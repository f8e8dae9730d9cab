// A participant's own account on Settings (decision 42, docs/product.md#your-account): changing the
// name, and deleting the account with JavaScript on and off, which lands on the done page signed out.
import { expect, signUpThroughApi, test } from './fixtures';
import { islandsHydrated } from './helpers';

test('changes the name on Settings', async ({ page, signUp }) => {
  await signUp({ prefix: 'rename', name: 'First Name', landOn: '/settings' });
  await islandsHydrated(page);
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toHaveValue('First Name');

  // A name over 100 characters is refused beside its field, once.
  await name.fill('x'.repeat(101));
  await page.getByRole('button', { name: 'Save Name' }).click();
  await expect(name).toHaveAccessibleDescription(/Name must be at most 100 characters/);
  await expect(page.getByText('Name must be at most 100 characters')).toHaveCount(1);

  await name.fill('  Robin   Reyes ');
  await page.getByRole('button', { name: 'Save Name' }).click();
  await expect(page).toHaveURL(/\/settings#name$/);
  await expect(page.getByText('Name saved')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Robin   Reyes');
  const account = page.locator('section[aria-labelledby="account-title"]');
  await expect(account.getByText('Robin   Reyes')).toBeVisible();
});

for (const javaScript of [true, false]) {
  test(`deletes the account and lands on the done page, signed out (JavaScript ${javaScript ? 'on' : 'off'})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    const page = await context.newPage();
    const account = await signUpThroughApi(page, { prefix: `delete-${javaScript ? 'js' : 'nojs'}`, landOn: '/settings' });
    await islandsHydrated(page);
    const card = page.locator('#delete-account');
    await expect(card.getByRole('heading', { name: 'Delete Account' })).toBeVisible();

    // A wrong word: said beside the field, the account stays.
    await card.getByLabel('Confirm by typing delete').fill('remove');
    await card.getByLabel('Your Password').fill(account.password);
    await card.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(card.getByLabel('Confirm by typing delete')).toHaveAccessibleDescription('Type delete to confirm');
    await expect(page).toHaveURL(/\/settings/);

    // A wrong password: 'Password is incorrect', beside the password.
    await card.getByLabel('Confirm by typing delete').fill('Delete');
    await card.getByLabel('Your Password').fill('not-my-password');
    await card.getByRole('button', { name: 'Delete My Account' }).click();
    await expect(page.locator('#delete-account').getByLabel('Your Password')).toHaveAccessibleDescription('Password is incorrect');

    await page.locator('#delete-account').getByLabel('Confirm by typing delete').fill(' DELETE ');
    await page.locator('#delete-account').getByLabel('Your Password').fill(account.password);
    await page.locator('#delete-account').getByRole('button', { name: 'Delete My Account' }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { name: 'Your account has been deleted' })).toBeVisible();

    // Signed out: the session cookie is gone, Settings sends to the login page, and the account cannot sign in.
    expect((await context.cookies()).some((cookie) => cookie.name === '__Host-life7_session')).toBe(false);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
    const login = await page.request.post('/api/auth/login', {
      data: { email: account.email, password: account.password },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(login.status()).toBe(401);
    await context.close();
  });
}

test('the privacy page is public and linked from the sign-up form', async ({ page }) => {
  await page.goto('/login?tab=signup');
  await page.getByRole('link', { name: 'How we keep your data' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Your data in Life7' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The daily clean-up' })).toBeVisible();
});
