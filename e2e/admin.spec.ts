// An admin's day, with JavaScript off (every admin action is a plain form post): create a user
// (who must replace the temporary password shown on their page), change plan and role through the
// typed words, reset the password, see it all in the audit trail, delete the user; the Copy
// button with JavaScript on (where the actions are dialogs: e2e/admin-dialogs.spec.ts); and a
// signed Stripe event sent to the running app shows on /admin/webhooks.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, appOrigin, expect, logInThroughApi, test } from './fixtures';
import { islandsHydrated, logInInBrowser, uniqueEmail } from './helpers';

/** The Stripe secret `npm run dev` uses: .dev.vars when it names one, else the development default. */
function stripeSecret(): string {
  const vars = existsSync('.dev.vars') ? readFileSync('.dev.vars', 'utf8') : '';
  return /^STRIPE_WEBHOOK_SECRET=(.+)$/m.exec(vars)?.[1]?.trim() ?? 'whsec_life7_dev';
}

/** Create User: a plain form without JavaScript, a dialog with it. */
async function createUser(page: Page, email: string, name: string, scripted = false): Promise<string> {
  await page.goto('/admin/users');
  if (scripted) await page.getByRole('button', { name: 'Create User' }).click();
  else await page.locator('summary', { hasText: 'Create User' }).click();
  const form = scripted ? page.getByRole('dialog', { name: 'Create User' }) : page.getByRole('form', { name: 'Create User' });
  await expect(form).toContainText('A welcome email will be sent to the new user.');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: `Temporary password for ${email}` })).toBeVisible();
  const password = await page.getByRole('textbox', { name: 'Temporary password' }).inputValue();
  expect(password.length).toBeGreaterThanOrEqual(16);
  return password;
}

test('an admin creates, upgrades, promotes, resets and deletes a user, all with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logInThroughApi(page, ADMIN.email, ADMIN.password, null);
  const email = uniqueEmail('admin-made');
  const firstPassword = await createUser(page, email, 'Robin Admin-Made');
  const userPage = page.url();
  // The password is on this page only until the admin leaves it.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Temporary password' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Robin Admin-Made');

  // Change plan: the word fits the action, in any letter case.
  const plan = page.locator('#change-plan');
  await plan.getByLabel('Plan', { exact: true }).selectOption('premium');
  await plan.getByLabel(/^Type upgrade for a higher plan/).fill('downgrade');
  await plan.getByRole('button', { name: 'Update Plan' }).click();
  await expect(page.locator('#plan-confirm-error')).toHaveText('Type upgrade to confirm');
  await plan.getByLabel(/^Type upgrade for a higher plan/).fill('Upgrade');
  await plan.getByRole('button', { name: 'Update Plan' }).click();
  await expect(page).toHaveURL(userPage);
  await expect(page.getByText('Membership updated successfully')).toBeVisible();
  await expect(page.locator('.page-header')).toContainText('Premium (active)');

  // Make admin, then remove it again.
  const role = page.locator('#change-role');
  await expect(role).toContainText('Admin users have full access');
  await role.getByLabel('Type admin to confirm').fill('admin');
  await role.getByRole('button', { name: 'Make Admin' }).click();
  await expect(page.getByText('is now an admin.')).toBeVisible();
  await page.locator('#change-role').getByLabel('Type user to confirm').fill('USER');
  await page.locator('#change-role').getByRole('button', { name: 'Remove Admin' }).click();
  await expect(page.locator('.page-header')).toContainText(' · user · ');

  // Reset the password: the new one is on the page, not only in a toast.
  await page.locator('#temporary-password').getByRole('button', { name: 'Reset Password' }).click();
  const tempPassword = await page.getByRole('textbox', { name: 'Temporary password' }).inputValue();
  expect(tempPassword).not.toBe(firstPassword);
  expect(tempPassword.length).toBeGreaterThanOrEqual(16);

  // The trail says who did what.
  const trail = page.getByRole('table').filter({ hasText: 'Temporary password issued' });
  for (const action of ['Account created by an admin', 'Admin plan changed', 'Role changed', 'Temporary password issued'])
    await expect(trail).toContainText(action);
  await expect(trail).toContainText(ADMIN.email);

  // The user signs in with it and must choose their own password first.
  const userContext = await browser.newContext();
  try {
    const userTab = await userContext.newPage();
    await userTab.goto('/login');
    await logInInBrowser(userTab, email, firstPassword);
    await expect(userTab.locator('#panel-login').getByRole('alert')).toContainText('Invalid email or password');
    await logInInBrowser(userTab, email, tempPassword);
    await expect(userTab).toHaveURL(/\/settings$/);
    await expect(userTab.getByText('You signed in with a temporary password')).toBeVisible();
    await userTab.goto('/dashboard');
    await expect(userTab).toHaveURL(/\/settings$/);
    // The temporary password was just proven: not asked again, and the new one leads on to the dashboard.
    await expect(userTab.getByLabel('Current Password')).toHaveCount(0);
    await userTab.getByLabel('New Password', { exact: true }).fill('robin-own-password');
    await userTab.getByLabel('Confirm New Password').fill('robin-own-password');
    await userTab.getByRole('button', { name: 'Update Password' }).click();
    await expect(userTab).toHaveURL(/\/dashboard$/);
    await expect(userTab.locator('.toast')).toContainText('Password updated');
    await expect(userTab.getByRole('heading', { level: 1 })).toContainText('Welcome to Life7');
  } finally {
    await userContext.close();
  }

  // Delete, with the word.
  await page.goto(userPage);
  await page.locator('#delete-user').getByLabel('Type delete to confirm').fill('Delete');
  await page.locator('#delete-user').getByRole('button', { name: 'Delete User' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText(`${email} was deleted.`)).toBeVisible();
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByText(`No users match “${email}”.`)).toBeVisible();
  await context.close();
});

test('the users list has one menu per row, and the temporary password has a Copy button with JavaScript on', async ({
  page,
  context,
  logIn,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(ADMIN, null);
  const email = uniqueEmail('copy-made');
  const password = await createUser(page, email, 'Casey Copy', true);
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);

  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.locator('summary')).toHaveCount(1);
  await islandsHydrated(page);
  await row.locator('summary').click();
  // With JavaScript the row's action opens its dialog here (without it, the link leads to the form).
  await row.getByRole('link', { name: 'Change plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Plan' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users\?q=/);
});

test('the users list fits at 1280 px, its Actions in view and each plan on one line, and is cards at 360 px', async ({ page, logIn }) => {
  await logIn(ADMIN, null);
  // A long name and address on the newest row (the list's first page, newest first).
  const email = uniqueEmail('a-rather-long-address-for-the-users-table-to-hold');
  const created = await page.request.post('/api/admin/create-user', {
    data: { email, name: 'Maximiliana Bartholomew-Featherstonehaugh', plan: 'mastermind' },
    headers: { origin: appOrigin() },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/users');
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1);
  const wrap = page.locator('.table-wrap:has(.users-table)');
  const { scrollWidth, clientWidth } = await wrap.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth, 'the table scrolls inside its box').toBeLessThanOrEqual(clientWidth);
  const box = await wrap.boundingBox();
  for (const button of await page.locator('.users-table summary').all()) {
    const b = (await button.boundingBox())!;
    expect(b.x + b.width, 'Actions in view').toBeLessThanOrEqual(box!.x + box!.width);
  }
  // Each plan cell's text is one line: its line boxes share one top.
  const lines = await page.locator('.users-table td[data-label="Plan"]').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    }),
  );
  expect(lines.length).toBeGreaterThan(0);
  expect(
    lines.filter((n) => n !== 1),
    'plan cells on more than one line',
  ).toEqual([]);

  // On a phone each row is still a card of labelled values.
  await page.setViewportSize({ width: 360, height: 740 });
  const row = page.getByRole('row').filter({ hasText: email });
  expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe('block');
  const cell = row.locator('td[data-label="Plan"]');
  expect(await cell.evaluate((el) => getComputedStyle(el, '::before').content)).not.toBe('none');
});

test('a signed Stripe event sent to the running app shows on /admin/webhooks', async ({ page }) => {
  await logInThroughApi(page, ADMIN.email, ADMIN.password, '/admin/users');
  const id = `evt_e2e_${Date.now()}`;
  const body = JSON.stringify({
    id,
    type: 'checkout.session.completed',
    data: { object: { customer: 'cus_e2e', customer_details: { email: uniqueEmail('buyer') }, metadata: { plan: 'mastermind' } } },
  });
  const t = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', stripeSecret()).update(`${t}.${body}`).digest('hex');
  const response = await page.request.post('/api/webhooks/stripe', {
    data: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${signature}` },
  });
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ received: true, status: 'success' });

  await page.goto('/admin/webhooks?source=stripe');
  const entry = page.getByRole('listitem').filter({ hasText: 'checkout.session.completed' }).filter({ hasText: id });
  await expect(entry).toHaveCount(1);
  // The page words a handled event 'processed' (the webhook's answer keeps 'success').
  await expect(entry.locator('p.muted').first()).toHaveText(/^processed · /);
  await expect(entry).not.toContainText(/\bsuccess\b/);
  await entry.getByText('Payload').click();
  await expect(entry.locator('pre')).toContainText('"plan": "mastermind"');

  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('See you next time!')).toBeVisible();
});
