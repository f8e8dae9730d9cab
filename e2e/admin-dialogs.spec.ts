// The admin actions' confirmations (docs/product.md#admin-actions): with JavaScript each action on
// the users list and on a participant's page opens a modal dialog (focus inside, Escape and Cancel
// close it, the typed word inside it) and its refusal is a toast titled for the action with the
// server's message; without JavaScript the inline forms stay, with the same titles. An account that
// is not there answers with the users list and 'User not found'.
import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, logInThroughApi, test } from './fixtures';
import { islandsHydrated, uniqueEmail } from './helpers';

/** A participant made by the admin through the JSON API (the page is signed in as the admin). */
async function newMember(page: Page, prefix: string): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(prefix);
  const response = await page.request.post('/api/admin/create-user', {
    data: { email, name: `Member ${prefix}` },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status()).toBe(201);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, email };
}

const focusedInside = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

/** The dialog opens from `opener`, holds focus, and Escape and Cancel each close it, focus back on `opener`. */
async function opensAndCloses(opener: Locator, dialog: Locator): Promise<void> {
  await opener.click();
  await expect(dialog).toBeVisible();
  expect(await focusedInside(dialog), 'focus moved into the dialog').toBe(true);
  await dialog.page().keyboard.press('Tab');
  expect(await focusedInside(dialog), 'Tab stays inside').toBe(true);
  await dialog.page().keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

test("with JavaScript, each action on a participant's page is confirmed in a dialog", async ({ page, logIn }) => {
  await logIn(ADMIN, '/admin/users');
  const member = await newMember(page, 'dialog-page');
  const address = `/admin/users/${member.id}`;
  await page.goto(address);
  // The inline forms are for pages without JavaScript.
  await expect(page.locator('#plan-confirm')).toBeHidden();
  await expect(page.locator('#delete-confirm')).toBeHidden();

  const toast = page.locator('.toast');
  const plan = page.getByRole('dialog', { name: 'Change Plan' });
  const openPlan = page.locator('#change-plan').getByRole('button', { name: 'Change Plan' });
  await opensAndCloses(openPlan, plan);

  // A wrong word: the dialog stays open with the message beside the word, and the toast is titled
  // for the action with the server's message.
  await islandsHydrated(page);
  await openPlan.click();
  await plan.getByLabel('Plan', { exact: true }).selectOption('premium');
  const planWord = plan.getByLabel(/^Type upgrade for a higher plan/);
  await planWord.fill('downgrade');
  await plan.getByRole('button', { name: 'Update Plan' }).click();
  await expect(plan.locator('.field-error')).toHaveText('Type upgrade to confirm');
  await expect(planWord).toBeFocused();
  await expect(toast).toContainText('Failed to update membership');
  await expect(toast).toContainText('Type upgrade to confirm');
  await expect(plan).toBeVisible();
  await planWord.fill('Upgrade');
  await plan.getByRole('button', { name: 'Update Plan' }).click();
  await expect(toast).toContainText('Membership updated successfully');
  await expect(page).toHaveURL(new RegExp(`${address}$`));
  await expect(page.locator('.page-header')).toContainText('Premium (active)');

  // Make Admin, the word inside the dialog.
  const role = page.getByRole('dialog', { name: 'Make Admin' });
  await opensAndCloses(page.locator('#change-role').getByRole('button', { name: 'Make Admin' }), role);
  await islandsHydrated(page);
  await page.locator('#change-role').getByRole('button', { name: 'Make Admin' }).click();
  await role.getByLabel('Type admin to confirm').fill('user');
  await role.getByRole('button', { name: 'Make Admin' }).click();
  await expect(toast).toContainText('Failed to update role');
  await expect(toast).toContainText('Type admin to confirm');
  await role.getByLabel('Type admin to confirm').fill('admin');
  await role.getByRole('button', { name: 'Make Admin' }).click();
  await expect(toast).toContainText('is now an admin.');
  await expect(page.locator('.page-header')).toContainText(' · admin · ');

  // The temporary password: confirmed in its dialog, shown on the page.
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await opensAndCloses(page.locator('#temporary-password').getByRole('button', { name: 'Reset Password' }), reset);
  await page.locator('#temporary-password').getByRole('button', { name: 'Reset Password' }).click();
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('textbox', { name: 'Temporary password' })).toHaveValue(/.{16,}/);
  await expect(toast).toContainText('Password Reset');

  // Delete: a wrong word, then the right one.
  const remove = page.getByRole('dialog', { name: 'Delete User' });
  await opensAndCloses(page.locator('#delete-user').getByRole('button', { name: 'Delete User' }), remove);
  await islandsHydrated(page);
  await page.locator('#delete-user').getByRole('button', { name: 'Delete User' }).click();
  await remove.getByLabel('Type delete to confirm').fill('remove');
  await remove.getByRole('button', { name: 'Delete User' }).click();
  await expect(toast).toContainText('Failed to delete user');
  await expect(remove.locator('.field-error')).toHaveText('Type delete to confirm');
  await remove.getByLabel('Type delete to confirm').fill('DELETE');
  await remove.getByRole('button', { name: 'Delete User' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(toast).toContainText(`${member.email} was deleted.`);

  // Back to the deleted participant's page: the users list says they were deleted.
  await page.goto(address);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  await expect(toast).toContainText('User deleted');
});

test('with JavaScript, the users list confirms each row action and Create User in a dialog, on the list', async ({ page, logIn }) => {
  await logIn(ADMIN, '/admin/users');
  const member = await newMember(page, 'dialog-list');
  const list = `/admin/users?q=${encodeURIComponent(member.email)}`;
  await page.goto(list);
  await islandsHydrated(page);
  const toast = page.locator('.toast');
  const rowOf = (email: string) => page.getByRole('row').filter({ hasText: email });
  const row = rowOf(member.email);
  /** The row's menu item, the menu opened first. */
  const menuItem = async (name: string, of = row) => {
    if (!(await of.locator('details').evaluate((details) => (details as HTMLDetailsElement).open))) await of.locator('summary').click();
    return of.getByRole('link', { name });
  };

  // Change plan opens a dialog on the list, not the participant's page.
  const plan = page.getByRole('dialog', { name: 'Change Plan' });
  await opensAndCloses(await menuItem('Change plan'), plan);
  await expect(page).toHaveURL(list);
  await (await menuItem('Change plan')).click();
  await plan.getByLabel('Plan', { exact: true }).selectOption('mastermind');
  await plan.getByLabel(/^Type upgrade for a higher plan/).fill('upgrade');
  await plan.getByRole('button', { name: 'Update Plan' }).click();
  await expect(toast).toContainText('Membership updated successfully');
  await expect(page).toHaveURL(list);
  await expect(row).toContainText('Mastermind (active)');

  // Make admin: a wrong word says so in the dialog and the toast.
  await islandsHydrated(page);
  const role = page.getByRole('dialog', { name: 'Make Admin' });
  await (await menuItem('Make admin')).click();
  await expect(role).toBeVisible();
  await role.getByLabel('Type admin to confirm').fill('nope');
  await role.getByRole('button', { name: 'Make Admin' }).click();
  await expect(toast).toContainText('Failed to update role');
  await expect(role.locator('.field-error')).toHaveText('Type admin to confirm');
  await role.getByLabel('Type admin to confirm').fill('admin');
  await role.getByRole('button', { name: 'Make Admin' }).click();
  await expect(toast).toContainText('is now an admin.');
  await expect(row.getByRole('cell').nth(2)).toHaveText('admin');

  // Delete from the list: the row goes, the list stays.
  await islandsHydrated(page);
  const remove = page.getByRole('dialog', { name: 'Delete User' });
  await opensAndCloses(await menuItem('Delete'), remove);
  await (await menuItem('Delete')).click();
  await remove.getByLabel('Type delete to confirm').fill('delete');
  await remove.getByRole('button', { name: 'Delete User' }).click();
  await expect(toast).toContainText(`${member.email} was deleted.`);
  await expect(page).toHaveURL(list);
  await expect(page.getByText(`No users match “${member.email}”.`)).toBeVisible();

  // Create User: a refused address in the dialog, then a new one lands on their page.
  await page.goto('/admin/users');
  await islandsHydrated(page);
  const create = page.getByRole('dialog', { name: 'Create User' });
  const openCreate = page.getByRole('button', { name: 'Create User' });
  await opensAndCloses(openCreate, create);
  await openCreate.click();
  await create.getByLabel('Email').fill(ADMIN.email);
  await create.getByLabel('Name').fill('Taken Address');
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(toast).toContainText('Failed to create user');
  await expect(toast).toContainText('An account with this email already exists');
  await expect(create.locator('.field-error')).toHaveText('An account with this email already exists');
  const email = uniqueEmail('dialog-created');
  await create.getByLabel('Email').fill(email);
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: `Temporary password for ${email}` })).toBeVisible();
  await expect(toast).toContainText('User Created');

  // The temporary password from the list's menu is shown on the participant's page.
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await islandsHydrated(page);
  await (await menuItem('Temporary password', rowOf(email))).click();
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await reset.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[\w-]+$/);
  await expect(page.getByRole('textbox', { name: 'Temporary password' })).toHaveValue(/.{16,}/);
});

test('without JavaScript the inline forms stay, each refusal titled for its action; a missing account goes to the list', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logInThroughApi(page, ADMIN.email, ADMIN.password, '/admin/users');
  const member = await newMember(page, 'nojs-titles');
  const address = `/admin/users/${member.id}`;
  await page.goto(address);
  const toast = page.locator('.toast');
  // No dialog buttons: the forms are on the page.
  await expect(page.locator('#change-plan').getByRole('button', { name: 'Change Plan' })).toBeHidden();
  await expect(page.locator('#change-plan').getByRole('button', { name: 'Update Plan' })).toBeVisible();

  const plan = page.locator('#change-plan');
  await plan.getByLabel('Plan', { exact: true }).selectOption('premium');
  await plan.getByLabel(/^Type upgrade for a higher plan/).fill('downgrade');
  await plan.getByRole('button', { name: 'Update Plan' }).click();
  await expect(page.locator('#plan-confirm-error')).toHaveText('Type upgrade to confirm');
  await expect(toast.locator('.toast-title')).toHaveText('Failed to update membership');
  await expect(toast.locator('.toast-description')).toHaveText('Type upgrade to confirm');

  await page.locator('#change-role').getByLabel('Type admin to confirm').fill('user');
  await page.locator('#change-role').getByRole('button', { name: 'Make Admin' }).click();
  await expect(toast.locator('.toast-title')).toHaveText('Failed to update role');
  await expect(toast.locator('.toast-description')).toHaveText('Type admin to confirm');

  await page.locator('#delete-user').getByLabel('Type delete to confirm').fill('remove');
  await page.locator('#delete-user').getByRole('button', { name: 'Delete User' }).click();
  await expect(toast.locator('.toast-title')).toHaveText('Failed to delete user');
  await expect(toast.locator('.toast-description')).toHaveText('Type delete to confirm');

  // The account goes elsewhere meanwhile: the temporary password for it answers with the list.
  const deleted = await page.request.delete('/api/admin/delete-user', {
    data: { userId: member.id },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(deleted.status()).toBe(200);
  await page.locator('#temporary-password').getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(toast.locator('.toast-title')).toHaveText('Failed to reset password');
  await expect(toast.locator('.toast-description')).toHaveText('User not found');
  // And its page, as Back would open it: deleted, says the list.
  await page.goto(address);
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(toast.locator('.toast-title')).toHaveText('User deleted');

  // Create User stays a plain form on the list.
  await page.locator('summary', { hasText: 'Create User' }).click();
  const create = page.getByRole('form', { name: 'Create User' });
  await create.getByLabel('Email').fill(ADMIN.email);
  await create.getByLabel('Name').fill('Taken Address');
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(toast.locator('.toast-title')).toHaveText('Failed to create user');
  await expect(toast.locator('.toast-description')).toHaveText('An account with this email already exists');
  await context.close();
});
