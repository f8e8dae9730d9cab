// Dialogs open centred, take focus, keep Tab inside and give focus back; Reset Demo Data stays on
// the page and reloads it; the menus close on an outside click, on Escape and when focus leaves
// them, and never push the page down.
import type { Locator, Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';
import { saveCheckIn } from './helpers';
import { boxOf, expectCentred } from './look';

const focusedInside = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)!.contains(document.activeElement), selector);
/** Where focus is: inside the dialog, on the page behind it, or nowhere (the browser's own UI). */
const focusPlace = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'nowhere';
    return document.querySelector(s)!.contains(active) ? 'dialog' : `page: ${active.outerHTML.slice(0, 80)}`;
  }, selector);

/** Closes a dialog one way and checks that focus went back to the control that opened it. */
async function closesTo(close: () => Promise<unknown>, dialog: Locator, opener: Locator): Promise<void> {
  await close();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`the webinar dialog opens centred, holds focus and gives it back at ${viewport.width} px`, async ({ page, signUp }) => {
    await page.setViewportSize(viewport);
    await signUp({ prefix: 'dialog' });
    const dialog = page.getByRole('dialog', { name: 'Upcoming Sessions' });
    const join = page.locator('main .page-header').getByRole('button', { name: 'Join Webinar' });

    await join.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expectCentred(page, dialog);
    expect(await focusedInside(page, '#webinar-dialog'), 'focus moved into the dialog').toBe(true);

    // Tab cycles through the dialog (and the browser's own UI), never the dimmed page.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await focusPlace(page, '#webinar-dialog')).toMatch(/^(dialog|nowhere)$/);
    }

    await closesTo(() => dialog.getByRole('button', { name: 'Close' }).click(), dialog, join);

    await join.click();
    await expect(dialog).toBeVisible();
    await closesTo(() => page.keyboard.press('Escape'), dialog, join);
  });
}

test('Reset Demo Data closes the account menu first and opens its dialog centred', async ({ page, signUp }) => {
  await signUp({ prefix: 'reset-dialog' });
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  const menu = page.locator('#account-menu');
  await menuButton.click();
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Reset Demo Data' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Reset Demo Data?' });
  await expect(dialog).toBeVisible();
  await expect(menu).toBeHidden();
  await expectCentred(page, dialog);

  // The menu item that opened it has gone with the menu; focus returns to the menu's button.
  await closesTo(() => dialog.getByRole('button', { name: 'Cancel' }).click(), dialog, menuButton);
});

test('Reset Demo Data clears the data, stays on the page and reloads it a second later (decision 2)', async ({ page, signUp }) => {
  await signUp({ prefix: 'reset-reload', landOn: '/check-ins' });
  await page.getByRole('radio', { name: '6 of 10' }).check();
  await saveCheckIn(page, 'Scrolled at lunch', 'Walked 5 km');
  await expect(page.getByRole('region', { name: 'Recent Check-Ins' }).getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.locator('#account-menu').getByRole('button', { name: 'Reset Demo Data' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reset Demo Data?' });
  await expect(dialog).toBeVisible();
  // Opening the dialog moved focus onto its buttons, which wakes their island.
  await expect(page.locator('[data-island="ResetDemoActions"][data-hydrated]')).toHaveCount(1);
  const reloaded = page.waitForEvent('load');
  const confirmedAt = Date.now();
  await dialog.getByRole('button', { name: 'Reset Demo Data' }).click();
  await expect(page.locator('.toast')).toContainText('Demo data reset');
  await expect(dialog).toBeHidden();
  await reloaded;
  // The same page, loaded again a second after the reset: its new document began after that.
  const loadedAt = await page.evaluate(() => performance.timeOrigin);
  expect(loadedAt - confirmedAt).toBeGreaterThanOrEqual(1000);
  await expect(page).toHaveURL(/\/check-ins$/);
  await expect(page.getByText('No check-ins yet. Your first one starts your streak.')).toBeVisible();
});

test('Reset Demo Data without JavaScript comes back to the page it was sent from', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signUpThroughApi(page, { prefix: 'nojs-reset', landOn: '/check-ins' });
    await page.getByRole('radio', { name: '6 of 10' }).check();
    await saveCheckIn(page, 'Skipped the gym', 'Called my sister');
    await expect(page.getByRole('region', { name: 'Recent Check-Ins' }).getByRole('listitem')).toHaveCount(1);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.locator('#account-menu').getByRole('button', { name: 'Reset Demo Data' }).click();
    await page.getByRole('alertdialog', { name: 'Reset Demo Data?' }).getByRole('button', { name: 'Reset Demo Data' }).click();
    await expect(page).toHaveURL(/\/check-ins$/);
    await expect(page.locator('.toast')).toContainText('Demo data reset');
    await expect(page.getByText('No check-ins yet. Your first one starts your streak.')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the account menu floats over the page and closes on an outside click, Escape and Tab away', async ({ page, signUp }) => {
  await signUp({ prefix: 'menu' });
  const menuButton = page.getByRole('button', { name: 'Account menu' });
  const menu = page.locator('#account-menu');
  const heading = page.getByRole('heading', { level: 1 });
  const before = await boxOf(heading);

  await menuButton.click();
  await expect(menu).toBeVisible();
  expect((await boxOf(heading)).y, 'the page did not move').toBe(before.y);

  await page.mouse.click(10, 700);
  await expect(menu).toBeHidden();

  await menuButton.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Tab through the menu's items and out of it: the menu closes behind the focus.
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  let inside = true;
  for (let i = 0; i < 8 && inside; i++) {
    await page.keyboard.press('Tab');
    inside = await page.evaluate(() => document.querySelector('#account-menu')!.contains(document.activeElement));
  }
  expect(inside, 'Tab left the menu').toBe(false);
  await expect(menu).toBeHidden();
});
