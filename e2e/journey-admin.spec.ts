// An admin's journey: sign-in, then every user action, the dialogs driven by keyboard
// (see e2e/journey-helpers.ts).
import { expect, test } from './fixtures';
import { uniqueEmail } from './helpers';
import { arrowTo, shot, tabTo, typeInto } from './journey-helpers';

test('journey admin: sign-in, then every user action, the dialogs by keyboard', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey-admin-made');

  // Sign in as the demo admin, then the account menu's 'Admin Panel'.
  await page.goto('/login');
  const login = page.locator('#panel-login');
  await typeInto(page, login.getByLabel('Email'), 'admin@life7.local');
  await typeInto(page, login.getByLabel('Password'), 'admin-life7-dev');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await tabTo(page, page.getByRole('button', { name: 'Account menu' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Admin Panel' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await shot(page, testInfo, '01-users');

  // Create User: Enter opens the dialog, which takes focus; the plan is picked with the arrows.
  const createButton = page.getByRole('button', { name: 'Create User' });
  await tabTo(page, createButton);
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create User' });
  await expect(create.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await typeInto(page, create.getByLabel('Name'), 'Robin Keys');
  await tabTo(page, create.getByLabel('Plan'));
  await arrowTo(page, create.getByLabel('Plan'), 'mastermind');
  await shot(page, testInfo, '02-create-user');
  await tabTo(page, create.getByRole('button', { name: 'Create User' }));
  await page.keyboard.press('Enter');
  const created = page.getByRole('dialog', { name: 'User Created' });
  await expect(created.getByLabel('Temporary password')).toHaveValue(/.{16,}/);
  await shot(page, testInfo, '03-user-created');
  await tabTo(page, created.getByRole('button', { name: 'Done' }));
  await page.keyboard.press('Enter');
  await expect(created).toBeHidden();
  // Closing the modal hands focus back to the button that opened it.
  await expect(createButton).toBeFocused();

  // Find the new user with the search form (a GET form: Enter submits it).
  await typeInto(page, page.getByLabel('Search users'), email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Mastermind (active)');
  await expect(page.getByRole('row')).toHaveCount(2);

  // Change Plan: the word must be typed before Enter does anything.
  const changePlan = row.getByRole('button', { name: 'Change Plan' });
  await tabTo(page, changePlan);
  await page.keyboard.press('Enter');
  const plan = page.getByRole('dialog', { name: 'Change Plan' });
  await expect(plan.getByLabel('Plan')).toBeFocused();
  await arrowTo(page, plan.getByLabel('Plan'), 'premium');
  await typeInto(page, plan.getByLabel('Type upgrade to confirm'), 'upgrad');
  await page.keyboard.press('Enter');
  await expect(plan).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Update Plan' })).toBeDisabled();
  await page.keyboard.type('e');
  await shot(page, testInfo, '04-change-plan');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Membership updated successfully')).toBeVisible();
  await expect(plan).toBeHidden();
  await expect(row).toContainText('Premium (active)');
  await expect(changePlan).toBeFocused();

  // Make Admin: Escape closes the dialog without a change; then the real thing.
  const makeAdmin = row.getByRole('button', { name: 'Make Admin' });
  await tabTo(page, makeAdmin);
  await page.keyboard.press('Enter');
  const promote = page.getByRole('dialog', { name: 'Make Admin' });
  await expect(promote).toContainText('Admin users have full access');
  await page.keyboard.press('Escape');
  await expect(promote).toBeHidden();
  await expect(makeAdmin).toBeFocused();
  await expect(row.getByRole('cell').nth(2)).toHaveText('user');
  await page.keyboard.press('Enter');
  await expect(promote.getByLabel('Type admin to confirm')).toBeFocused();
  await page.keyboard.type('admin');
  await shot(page, testInfo, '05-make-admin');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Role Updated')).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('admin');

  // Remove Admin (the same button, relabelled, keeps focus).
  const removeAdmin = row.getByRole('button', { name: 'Remove Admin' });
  await expect(removeAdmin).toBeFocused();
  await page.keyboard.press('Enter');
  const demote = page.getByRole('dialog', { name: 'Remove Admin' });
  await expect(demote.getByLabel('Type user to confirm')).toBeFocused();
  await page.keyboard.type('user');
  await page.keyboard.press('Enter');
  await expect(demote).toBeHidden();
  await expect(row.getByRole('cell').nth(2)).toHaveText('user');

  // Reset Password: no word; focus starts on Cancel, Tab reaches the action.
  await tabTo(page, row.getByRole('button', { name: 'Reset Password' }));
  await page.keyboard.press('Enter');
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(reset.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, reset.getByRole('button', { name: 'Reset Password' }));
  await shot(page, testInfo, '06-reset-password');
  await page.keyboard.press('Enter');
  const toast = page.getByRole('status').filter({ hasText: 'Password Reset' });
  await expect(toast).toContainText(`Temporary password for ${email}: `);
  await shot(page, testInfo, '07-password-reset-toast');

  // Delete, with the word.
  await tabTo(page, row.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  const remove = page.getByRole('dialog', { name: 'Delete User' });
  await expect(remove.getByLabel('Type delete to confirm')).toBeFocused();
  await page.keyboard.type('delete');
  await shot(page, testInfo, '08-delete-user');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${email} was deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await shot(page, testInfo, '09-user-deleted');

  // The webhook log, then Logout from the admin bar.
  const adminNav = page.getByRole('navigation', { name: 'Admin' });
  await tabTo(page, adminNav.getByRole('link', { name: 'Webhooks' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/webhooks/);
  await shot(page, testInfo, '10-webhooks');
  await tabTo(page, page.getByRole('button', { name: 'Logout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('See you next time!')).toBeVisible();
});
