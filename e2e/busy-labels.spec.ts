// Every button that waits for the server shows its busy label and is disabled meanwhile, and the
// state clears when the answer comes. The real server's answer is held back by page.route and then
// let through unchanged: nothing here is mocked. Covered: the buttons that wait for a fetch
// (Complete Session 1, the admin dialogs). The native form posts (Login, Create Account, Send
// Reset Link, Reset Password, Update Password, Save Check-In, Sessions 2-4) are not here yet: a
// form post held by page.route and then continued never completed in this Chromium, so those
// need another way to hold the answer.
import type { Locator, Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import { islandsHydrated, reachSession1Reflections, uniqueEmail } from './helpers';

interface Held {
  /** Resolves when the request has reached the gate (the browser is now waiting). */
  arrived: Promise<void>;
  /** Lets the request go on to the real server. */
  release: () => void;
}

/** Holds the next `method` request to `path` (and any after it) until `release()`. */
async function hold(page: Page, method: 'POST' | 'DELETE', path: string): Promise<Held> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().method() !== method) return route.fallback();
      reached();
      await gate;
      await route.continue();
    },
  );
  return { arrived, release };
}

/**
 * Submits with `submit` and holds the server's answer while checking what `button` shows: `busy`,
 * and disabled (the islands save with fetch, so the page stays and its locators answer); then
 * lets the answer through.
 */
async function expectBusy(page: Page, path: string, button: Locator, busy: string, submit: () => Promise<void>, method: 'POST' | 'DELETE' = 'POST'): Promise<void> {
  const held = await hold(page, method, path);
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === path && response.request().method() === method);
  await submit();
  await held.arrived;
  await expect(button).toHaveText(busy);
  await expect(button).toBeDisabled();
  held.release();
  // The real server's answer arrives (a failure re-renders the page, a success goes on).
  expect((await answered).status()).toBeLessThan(500);
}

test('Complete Session 1 is disabled and says Saving... while the island saves', async ({ page, signUp }) => {
  await signUp({ prefix: 'busy-session1' });
  await reachSession1Reflections(page, 6);
  const complete = page.locator('.wot form button[type=submit]');
  await expect(complete).toBeEnabled();

  const held = await hold(page, 'POST', '/api/progress');
  await complete.click();
  await held.arrived;
  await expect(complete).toBeDisabled();
  // The busy words: beside the button (a live region, so they are also announced).
  await expect(page.getByRole('status').filter({ hasText: 'Saving...' })).toBeVisible();
  held.release();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 1 completed!')).toBeVisible();
});

test('the admin dialogs show their busy labels, and a refused create says why and is ready again', async ({ page, logIn }) => {
  await logIn(ADMIN, '/admin/users');
  await islandsHydrated(page);

  // Create User for an address that has an account: busy, then the server's reason, then ready.
  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  const createButton = create.locator('button[type=submit]');
  await create.getByLabel('Email').fill('demo@life7.local');
  await create.getByLabel('Name').fill('Taken Address');
  await expectBusy(page, '/api/admin/create-user', createButton, 'Creating...', () => createButton.click());
  const refused = page.locator('.toast-destructive');
  await expect(refused).toContainText('Failed to create user');
  await expect(refused).not.toHaveText('Failed to create user');
  await expect(createButton).toHaveText('Create User');
  await expect(createButton).toBeEnabled();

  const email = uniqueEmail('busy-admin-made');
  await create.getByLabel('Email').fill(email);
  await expectBusy(page, '/api/admin/create-user', createButton, 'Creating...', () => createButton.click());
  const created = page.getByRole('dialog', { name: 'User Created' });
  await expect(created.getByLabel('Temporary password')).not.toHaveValue('');
  await created.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: email });

  /** Opens a row action's dialog, types its word, and checks its confirm button while the answer is held. */
  const action = async (open: string, dialogName: string, path: string, confirm: string, busy: string, word: string | null, method: 'POST' | 'DELETE' = 'POST') => {
    await row.getByRole('button', { name: open }).click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    if (word) await dialog.getByLabel(`Type ${word} to confirm`).fill(word);
    const button = dialog.locator('button[type=submit]');
    await expect(button).toHaveText(confirm);
    await expectBusy(page, path, button, busy, () => button.click(), method);
    await expect(dialog).toBeHidden();
  };

  await action('Change Plan', 'Change Plan', '/api/admin/grant-membership', 'Update Plan', 'Updating...', 'upgrade');
  await expect(page.getByText('Membership updated successfully')).toBeVisible();
  await action('Make Admin', 'Make Admin', '/api/admin/change-role', 'Make Admin', 'Updating...', 'admin');
  await expect(row.getByRole('cell').nth(2)).toHaveText('admin');
  await action('Remove Admin', 'Remove Admin', '/api/admin/change-role', 'Remove Admin', 'Updating...', 'user');
  await expect(row.getByRole('cell').nth(2)).toHaveText('user');
  await action('Reset Password', 'Reset Password', '/api/admin/reset-user-password', 'Reset Password', 'Resetting...', null);
  await expect(page.getByRole('status').filter({ hasText: 'Password Reset' })).toBeVisible();
  // The next dialog opens ready, not still busy from the last one.
  await row.getByRole('button', { name: 'Change Plan' }).click();
  await expect(page.getByRole('dialog', { name: 'Change Plan' }).locator('button[type=submit]')).toHaveText('Update Plan');
  await page.keyboard.press('Escape');
  await action('Delete', 'Delete User', '/api/admin/delete-user', 'Delete User', 'Deleting...', 'delete', 'DELETE');
  await expect(page.getByText(`${email} was deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
