// An admin's journey by keyboard (see e2e/journey-helpers.ts): sign-in, the cohort first, a
// participant's page in one click, then every user action in its confirmation dialog, and the
// webhook log.
import { expect, test } from './fixtures';
import { uniqueEmail } from './helpers';
import { arrowTo, shot, tabTo, typeInto } from './journey-helpers';

test('journey admin: sign-in, the cohort, a participant, then every user action by keyboard', async ({ page }, testInfo) => {
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

  // The cohort comes first in the admin bar; a participant who needs attention is one Enter away.
  const adminNav = page.getByRole('navigation', { name: 'Admin' });
  await expect(adminNav.getByRole('link').first()).toHaveText('Cohort');
  await tabTo(page, adminNav.getByRole('link', { name: 'Cohort', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/cohort$/);
  await shot(page, testInfo, '02-cohort');
  const firstFlagged = page.locator('.worklist-who > a').first();
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText(), the name as the page shows it, not a DOM node's property
  const name = (await firstFlagged.innerText()).trim();
  await tabTo(page, firstFlagged);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await shot(page, testInfo, '03-participant');

  // Create User: Enter opens its dialog, focus on the first field; the form posts on Enter and the
  // next page has the password.
  await page.goto('/admin/users');
  await tabTo(page, page.getByRole('button', { name: 'Create User' }));
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create User' });
  await expect(create.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await typeInto(page, create.getByLabel('Name'), 'Robin Keys');
  await tabTo(page, create.getByLabel('Plan'));
  await arrowTo(page, create.getByLabel('Plan'), 'mastermind');
  await shot(page, testInfo, '04-create-user');
  await tabTo(page, create.getByRole('button', { name: 'Create User' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Temporary password' })).toHaveValue(/.{16,}/);
  await shot(page, testInfo, '05-user-created');

  // Each action opens its dialog from its button; the dialog takes focus.
  const open = async (card: string, name: string) => {
    await tabTo(page, page.locator(card).getByRole('button', { name }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    return dialog;
  };

  // Change Plan: lowering it needs 'downgrade'; a wrong word is said beside the field, in the dialog.
  const plan = await open('#change-plan', 'Change Plan');
  await expect(plan.getByLabel('Plan', { exact: true })).toBeFocused();
  await arrowTo(page, plan.getByLabel('Plan', { exact: true }), 'challenge', 'ArrowUp');
  await typeInto(page, plan.getByLabel(/^Type upgrade/), 'upgrade');
  await page.keyboard.press('Enter');
  await expect(plan.locator('.field-error')).toHaveText('Type downgrade to confirm');
  await expect(page.locator('.toast')).toContainText('Failed to update membership');
  await shot(page, testInfo, '06-change-plan-refused');
  // Focus is back on the word: replace it.
  await expect(plan.getByLabel(/^Type upgrade/)).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('downgrade');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Membership updated successfully')).toBeVisible();
  await expect(page.locator('.page-header')).toContainText('Challenge (active)');

  // Make Admin, then Remove Admin.
  const promote = await open('#change-role', 'Make Admin');
  await expect(promote.getByLabel('Type admin to confirm')).toBeFocused();
  await page.keyboard.type('admin');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Role Updated')).toBeVisible();
  const demote = await open('#change-role', 'Remove Admin');
  await expect(demote.getByLabel('Type user to confirm')).toBeFocused();
  await page.keyboard.type('user');
  await page.keyboard.press('Enter');
  await expect(page.locator('.page-header')).toContainText(' · user · ');

  // Reset Password, then Delete with the word.
  const reset = await open('#temporary-password', 'Reset Password');
  await tabTo(page, reset.getByRole('button', { name: 'Reset Password' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Temporary password' })).toHaveValue(/.{16,}/);
  await shot(page, testInfo, '07-password-reset');
  const remove = await open('#delete-user', 'Delete User');
  await expect(remove.getByLabel('Type delete to confirm')).toBeFocused();
  await page.keyboard.type('delete');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText(`${email} was deleted.`)).toBeVisible();
  await shot(page, testInfo, '08-user-deleted');

  // The webhook log, then Logout from the admin bar.
  await tabTo(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/webhooks/);
  await shot(page, testInfo, '09-webhooks');
  await tabTo(page, page.getByRole('button', { name: 'Logout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('See you next time!')).toBeVisible();
});
