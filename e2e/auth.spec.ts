// Signing up, in and out through the forms themselves (other files sign in with e2e/fixtures.ts).
import { expect, test } from './fixtures';
import { islandsHydrated, logInInBrowser, logOutInBrowser, signUpInBrowser, uniqueEmail } from './helpers';

test('sign up, land on the dashboard, log out, log in', async ({ page }) => {
  const email = uniqueEmail();
  await signUpInBrowser(page, email);
  await expect(page.getByRole('heading', { name: 'Welcome to Life7' })).toBeVisible();
  await expect(page.getByRole('status').getByText('Account created!')).toBeVisible();
  await expect(page.getByRole('status').getByText('Welcome to Life7')).toBeVisible();
  await expect(page.locator('.badge')).toHaveText('Challenge');

  await logOutInBrowser(page);
  await expect(page.getByText('See you next time!')).toBeVisible();

  await logInInBrowser(page, email, 'a-good-password');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
});

test('a wrong password shows the banner and a destructive toast', async ({ page }) => {
  await page.goto('/login');
  await logInInBrowser(page, 'demo@life7.local', 'not-the-password');
  await expect(page.locator('#panel-login').getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.locator('.toast-destructive')).toContainText('Login failed');
});

test('validates as you type with the server messages', async ({ page }) => {
  await page.goto('/login?tab=signup');
  // Validation as you type runs once the form's code is live (it loads on the first touch).
  await islandsHydrated(page);
  const panel = page.locator('#panel-signup');
  await panel.getByLabel('Email').fill('not-an-email');
  await panel.getByLabel('Password').fill('short');
  await panel.getByLabel('Email').focus();
  await expect(panel.getByText('Invalid email address')).toBeVisible();
  await expect(panel.getByText('Password must be at least 8 characters')).toBeVisible();
  await panel.getByLabel('Password').fill('long-enough-now');
  await expect(panel.getByText('Password must be at least 8 characters')).toBeHidden();
});

test('tabs switch in place and by keyboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Login' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expect(page).toHaveURL(/tab=signup/);
});

test('an anonymous visitor is sent to login and comes back after signing in', async ({ page }) => {
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?next=%2Fsettings$/);
  await logInInBrowser(page, 'demo@life7.local', 'demo-life7-dev');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.locator('dd', { hasText: 'demo@life7.local' })).toBeVisible();
});

test('forgot and reset password through the development outbox', async ({ page, signUp }) => {
  const { email } = await signUp({ prefix: 'reset', password: 'first-password' });
  await logOutInBrowser(page);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText('Email sent')).toBeVisible();

  // Mail goes through the queue: it is in the outbox a moment after the answer.
  const mail = page.locator('article', { hasText: email }).filter({ hasText: 'reset-password?token=' }).first();
  await expect(async () => {
    await page.goto('/dev/mail');
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass();
  const link = /https?:\/\/\S+reset-password\?token=\S+/.exec((await mail.locator('pre').textContent()) ?? '')![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('different-one');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // Beside the field; a submit made before the form's code is live is answered by the server,
  // whose page also has a toast saying it.
  await expect(page.locator('.field-error', { hasText: "Passwords don't match" })).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password reset successful!' })).toBeVisible();
  await expect(page.getByText('Redirecting you to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await logInInBrowser(page, email, 'second-password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('change password from settings', async ({ page, signUp }) => {
  const { email } = await signUp({ prefix: 'change', password: 'first-password' });
  await page.getByLabel('Account menu').click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Current Password').fill('wrong-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();

  await page.getByLabel('Current Password').fill('first-password');
  await page.getByLabel('New Password', { exact: true }).fill('second-password');
  await page.getByLabel('Confirm New Password').fill('second-password');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page).toHaveURL(/\/settings\?updated=1$/);
  await expect(page.locator('.toast')).toContainText('Password updated');

  await logOutInBrowser(page);
  await logInInBrowser(page, email, 'second-password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('unknown paths show the not-found page', async ({ page }) => {
  const response = await page.goto('/definitely/not/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('signing up and logging in work as plain form posts', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/login?tab=signup');
    const panel = page.locator('#panel-signup');
    await panel.getByLabel('Email').fill(email);
    await panel.getByLabel('Password').fill('short');
    await panel.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.locator('#panel-signup').getByText('Password must be at least 8 characters')).toBeVisible();
    await page.locator('#panel-signup').getByLabel('Password').fill('a-good-password');
    await page.locator('#panel-signup').getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Life7' })).toBeVisible();
  });
});

test('toasts: F8 focuses the region, a swipe right dismisses', async ({ page }) => {
  await page.goto('/login');
  await logInInBrowser(page, 'demo@life7.local', 'not-the-password');
  const toast = page.locator('.toast');
  await expect(toast).toContainText('Login failed');
  // F8 works once the toaster has hydrated: keep pressing until it has.
  const region = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(async () => {
    await page.keyboard.press('F8');
    await expect(region).toBeFocused({ timeout: 200 });
  }).toPass();
  const box = (await toast.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toBeHidden();
});

test('a new account verifies its email from the link, and the banner goes', async ({ page, signUp }) => {
  const { email } = await signUp({ prefix: 'verify' });
  const banner = page.getByText('Verify your email');
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Resend link' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The resent link replaces the first: wait until both mails are in the outbox, newest first.
  const mails = page.locator('article', { hasText: email }).filter({ hasText: 'verify-email?token=' });
  await expect(async () => {
    await page.goto('/dev/mail');
    await expect(mails).toHaveCount(2, { timeout: 500 });
  }).toPass();
  const mail = mails.first();
  const link = /https?:\/\/\S+verify-email\?token=\S+/.exec((await mail.locator('pre').textContent()) ?? '')![0];
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to Life7');
  await expect(banner).toHaveCount(0);
});

// Lockout without a denial of service (docs/product.md#sign-in-sessions-and-throttling): ten wrong passwords from anywhere locked the right one out for everybody. A
// browser that signed in before keeps its own count (the device cookie), so the owner still gets in.
test('a participant locked out by someone else’s wrong passwords still signs in from their own browser', async ({
  page,
  signUp,
  playwright,
  baseURL,
}) => {
  const { email, password } = await signUp({ prefix: 'device' });
  await logOutInBrowser(page);
  const origin = new URL(baseURL!).origin;
  const stranger = await playwright.request.newContext({ baseURL });
  const attempt = async (guess: string) =>
    (await stranger.post('/api/auth/login', { data: { email, password: guess }, headers: { origin } })).status();
  for (let i = 0; i < 10; i++) expect(await attempt('someone-elses-guess')).toBe(401);
  expect(await attempt(password)).toBe(429);
  await stranger.dispose();
  // The form's island is live first: a submit racing its code's download is not what this is about.
  await islandsHydrated(page);
  await logInInBrowser(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Successfully logged in')).toBeVisible();
});
