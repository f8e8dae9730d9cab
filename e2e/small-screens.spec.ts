// A phone (360 x 740): a one-row top bar with a menu button that works without JavaScript, no
// page scrolls sideways, and a field focused by validation keeps its label in view below the
// sticky bar. (Text contrast in both schemes: e2e/accessibility.spec.ts.)
import type { Page } from '@playwright/test';
import { ADMIN, DEMO, expect, logInThroughApi, test } from './fixtures';
import { completeSession1InPage, islandsHydrated } from './helpers';
import { boxOf, expectNoSidewaysScroll } from './look';

const PHONE = { width: 360, height: 740 };
const MEMBER_PAGES = ['/dashboard', '/sessions', '/sessions/1', '/check-ins', '/summary', '/next-steps', '/settings', '/faq', '/replays'];
const ADMIN_PAGES = ['/admin/cohort', '/admin/users', '/admin/users/demo-user', '/admin/webhooks', '/admin/webinars', '/admin/cohorts'];
const SIGNED_OUT_PAGES = ['/login', '/login?tab=signup', '/forgot-password', '/reset-password', '/no-such-page'];

async function barHeight(page: Page): Promise<number> {
  return (await boxOf(page.locator('header.navbar'))).height;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the top bar is one row of at most 64 px and nothing scrolls sideways', async ({ page, logIn }) => {
    for (const path of SIGNED_OUT_PAGES) {
      await page.goto(path);
      await expectNoSidewaysScroll(page);
    }
    await logIn(ADMIN, null);
    for (const path of [...MEMBER_PAGES, ...ADMIN_PAGES]) {
      await page.goto(path);
      expect(await barHeight(page), `${path} bar height`).toBeLessThanOrEqual(64);
      await expectNoSidewaysScroll(page);
    }
  });

  test('the menu button opens the links, also without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await logInThroughApi(page, DEMO.email, DEMO.password);

    const links = page.getByRole('navigation', { name: 'Main' });
    await expect(links).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(links).toBeVisible();
    // The open menu floats over the page: the bar keeps its height.
    expect(await barHeight(page)).toBeLessThanOrEqual(64);
    await expect(page.locator('#main-menu').getByRole('button', { name: 'Join Webinar' })).toBeVisible();
    await links.getByRole('link', { name: 'Sessions' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(page.getByRole('heading', { name: '4-Week Challenge' })).toBeVisible();

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(links).toBeHidden();
    await context.close();
  });

  test('each user row on /admin/users is a card of labelled values, its menu a 44 px target', async ({ page, logIn }) => {
    await logIn(ADMIN, '/admin/users');
    await expectNoSidewaysScroll(page);
    const table = page.getByRole('table');
    // Nothing scrolls sideways inside the table either.
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    const rows = table.getByRole('rowgroup').last().getByRole('row');
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    for (const row of await rows.all()) {
      const box = await boxOf(row);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      // Each value sits on its own line after its column's name, and the names are the headers'.
      const cells = await row.getByRole('cell').evaluateAll((all) =>
        all.map((cell) => ({
          label: getComputedStyle(cell, '::before').content,
          top: Math.round(cell.getBoundingClientRect().top),
          text: cell.textContent,
        })),
      );
      expect(cells.slice(0, 7).map((cell) => cell.label)).toEqual([
        '"Name"',
        '"Email"',
        '"Role"',
        '"Plan"',
        '"Sessions"',
        '"Joined"',
        '"Last login"',
      ]);
      expect(new Set(cells.map((cell) => cell.top)).size, 'one value a line').toBe(cells.length);
      // The row's one menu is in view and big enough to touch.
      const menu = await boxOf(row.locator('summary'));
      expect(menu.height).toBeGreaterThanOrEqual(44);
      expect(menu.x + menu.width).toBeLessThanOrEqual(PHONE.width);
    }
    await rows.nth(1).locator('summary').click();
    const link = rows.nth(1).getByRole('link', { name: 'Change plan' });
    await expect(link).toBeVisible();
    expect((await boxOf(link)).height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page);

    // At 1280 px it is the table again: a row's values side by side, no labels of their own.
    await page.setViewportSize({ width: 1280, height: 800 });
    const first = await rows
      .first()
      .getByRole('cell')
      .evaluateAll((all) =>
        all.map((cell) => ({
          label: getComputedStyle(cell, '::before').content,
          display: getComputedStyle(cell).display,
          top: Math.round(cell.getBoundingClientRect().top),
        })),
      );
    expect(first.every((cell) => cell.display === 'table-cell' && cell.label === 'none')).toBe(true);
    expect(new Set(first.map((cell) => cell.top)).size).toBe(1);
  });

  test('a field focused by validation shows its label below the sticky bar', async ({ page, signUp }) => {
    await signUp({ prefix: 'scroll' });
    await completeSession1InPage(page, 5);
    await page.goto('/sessions/2');
    await islandsHydrated(page);
    await page.getByLabel(/^Fear/).check();
    // The button at the top of the screen, so the blank reflection above it is out of view.
    const complete = page.getByRole('button', { name: 'Complete Session 2' });
    await complete.evaluate((button) => window.scrollTo(0, button.getBoundingClientRect().top + window.scrollY - 70));
    await complete.click();

    const field = page.getByLabel('How does fear show up in your life?');
    await expect(field).toBeFocused();
    // The page scrolls smoothly: wait for it to settle.
    const label = page.locator('label', { hasText: 'How does fear show up in your life?' });
    const bar = await barHeight(page);
    await expect.poll(async () => (await boxOf(label)).y, { message: 'the label is below the bar' }).toBeGreaterThanOrEqual(bar);
  });
});
