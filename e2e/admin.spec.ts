// An admin's day: create a user (who must replace the temporary password), change plan and role
// through the typed words, reset the password, delete the user; and a signed Stripe event sent to
// the running app shows on /admin/webhooks.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, expect, logInThroughApi, test } from './fixtures';
import { islandsHydrated, logInInBrowser, uniqueEmail } from './helpers';

async function asAdmin(page: Page): Promise<void> {
  await logInThroughApi(page, ADMIN.email, ADMIN.password, '/admin/users');
  await islandsHydrated(page);
}

/** The Stripe secret `npm run dev` uses: .dev.vars when it names one, else the development default. */
function stripeSecret(): string {
  const vars = existsSync('.dev.vars') ? readFileSync('.dev.vars', 'utf8') : '';
  return /^STRIPE_WEBHOOK_SECRET=(.+)$/m.exec(vars)?.[1]?.trim() ?? 'whsec_life7_dev';
}

test('an admin creates, upgrades, promotes, resets and deletes a user', async ({ page, browser }) => {
  await asAdmin(page);
  const email = uniqueEmail('admin-made');

  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  await expect(create).toContainText('A welcome email will be sent to the new user.');
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Name').fill('Robin Admin-Made');
  await create.getByRole('button', { name: 'Create User' }).click();
  const created = page.getByRole('dialog', { name: 'User Created' });
  const firstPassword = await created.getByLabel('Temporary password').inputValue();
  expect(firstPassword.length).toBeGreaterThanOrEqual(16);
  await created.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Challenge (active)');

  // Change plan: the button waits for the exact word.
  await row.getByRole('button', { name: 'Change Plan' }).click();
  const plan = page.getByRole('dialog', { name: 'Change Plan' });
  await plan.getByLabel('Plan').selectOption('premium');
  const update = plan.getByRole('button', { name: 'Update Plan' });
  await expect(update).toBeDisabled();
  await plan.getByLabel('Type upgrade to confirm').fill('Upgrade');
  await expect(update).toBeDisabled();
  await plan.getByLabel('Type upgrade to confirm').fill('upgrade');
  await update.click();
  await expect(page.getByText('Membership updated successfully')).toBeVisible();
  await expect(row).toContainText('Premium (active)');

  // Make admin, then remove it again.
  await row.getByRole('button', { name: 'Make Admin' }).click();
  const promote = page.getByRole('dialog', { name: 'Make Admin' });
  await expect(promote).toContainText('Admin users have full access');
  await promote.getByLabel('Type admin to confirm').fill('admin');
  await promote.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText('Role Updated')).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('admin');
  await row.getByRole('button', { name: 'Remove Admin' }).click();
  const demote = page.getByRole('dialog', { name: 'Remove Admin' });
  await demote.getByLabel('Type user to confirm').fill('user');
  await demote.getByRole('button', { name: 'Remove Admin' }).click();
  await expect(row.getByRole('cell').nth(2)).toHaveText('user');

  // Reset the password: the new temporary one is in the toast.
  await row.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('dialog', { name: 'Reset Password' }).getByRole('button', { name: 'Reset Password' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Password Reset' });
  await expect(toast).toBeVisible();
  const tempPassword = /Temporary password for \S+: (\S+)/.exec((await toast.textContent()) ?? '')?.[1];
  expect(tempPassword && tempPassword !== firstPassword).toBeTruthy();

  // The user signs in with it and must choose their own password first.
  const userContext = await browser.newContext();
  try {
    const userPage = await userContext.newPage();
    await userPage.goto('/login');
    await logInInBrowser(userPage, email, firstPassword);
    await expect(userPage.locator('#panel-login').getByRole('alert')).toContainText('Invalid email or password');
    await logInInBrowser(userPage, email, tempPassword!);
    await expect(userPage).toHaveURL(/\/settings$/);
    await expect(userPage.getByText('You signed in with a temporary password')).toBeVisible();
    await userPage.goto('/dashboard');
    await expect(userPage).toHaveURL(/\/settings$/);
    // The temporary password was just proven: not asked again, and the new one leads on to the dashboard.
    await expect(userPage.getByLabel('Current Password')).toHaveCount(0);
    await userPage.getByLabel('New Password', { exact: true }).fill('robin-own-password');
    await userPage.getByLabel('Confirm New Password').fill('robin-own-password');
    await userPage.getByRole('button', { name: 'Update Password' }).click();
    await expect(userPage).toHaveURL(/\/dashboard$/);
    await expect(userPage.locator('.toast')).toContainText('Password updated');
    await expect(userPage.getByRole('heading', { level: 1 })).toContainText('Welcome to Life7');
  } finally {
    await userContext.close();
  }

  // Delete, with the word.
  await row.getByRole('button', { name: 'Delete' }).click();
  const remove = page.getByRole('dialog', { name: 'Delete User' });
  await remove.getByLabel('Type delete to confirm').fill('delete');
  await remove.getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByText(`${email} was deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
});

test('a signed Stripe event sent to the running app shows on /admin/webhooks', async ({ page }) => {
  await asAdmin(page);
  const id = `evt_e2e_${Date.now()}`;
  const body = JSON.stringify({ id, type: 'checkout.session.completed', data: { object: { customer: 'cus_e2e', customer_details: { email: uniqueEmail('buyer') }, metadata: { plan: 'mastermind' } } } });
  const t = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', stripeSecret()).update(`${t}.${body}`).digest('hex');
  const response = await page.request.post('/api/webhooks/stripe', { data: body, headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${signature}` } });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ received: true, status: 'success' });

  await page.goto('/admin/webhooks?source=stripe');
  const entry = page.getByRole('listitem').filter({ hasText: 'checkout.session.completed' }).filter({ hasText: id });
  await expect(entry).toHaveCount(1);
  await entry.getByText('Payload').click();
  await expect(entry.locator('pre')).toContainText('"plan": "mastermind"');

  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('See you next time!')).toBeVisible();
});
