// Words that fit the moment and no dead ends (docs/product.md#words-for-a-first-visit, #text-limits,
// #form-posts): the Session 2-4 save failure, a lost connection included; a failure toast that
// goes when the next attempt starts; the 2,000-character limit shown before it is reached, with
// the field's own message; a check-in posted before its script is live still saying it is saving;
// a session card that opens wherever it is clicked.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeSession1InPage, islandsHydrated, reachSession1Reflections } from './helpers';

async function startSession2(page: Page): Promise<void> {
  await completeSession1InPage(page, 5);
  await page.goto('/sessions/2');
  await page.getByRole('checkbox', { name: /Fear/ }).check();
  await page.getByLabel('How does fear show up in your life?').fill('I avoid hard conversations');
  await islandsHydrated(page);
}

test('a lost connection on a Session 2 save says the standard words, keeps the answers, and the toast goes with the next try', async ({
  page,
  signUp,
  consoleErrors,
}) => {
  await signUp({ prefix: 'offline' });
  await startSession2(page);
  await page.route('**/sessions/2', (route) =>
    route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
  );
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  const toast = page.locator('.toast-destructive');
  await expect(toast).toContainText('Error');
  await expect(toast).toContainText('Failed to save session. Please try again.');
  await expect(page).toHaveURL(/\/sessions\/2$/);
  await expect(page.getByLabel('How does fear show up in your life?')).toHaveValue('I avoid hard conversations');
  await expect(page.getByRole('button', { name: 'Complete Session 2' })).toBeEnabled();

  // The next try: the old failure goes as soon as it starts, and this one succeeds.
  await page.unroute('**/sessions/2');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/sessions/2', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await gate;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(toast).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 2 Complete!')).toBeVisible();
  // The browser reports the connection it lost; that one is expected here.
  const lost = consoleErrors.filter((error) => error.includes('ERR_INTERNET_DISCONNECTED'));
  expect(lost).toHaveLength(1);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !lost.includes(error)));
});

test('the 2,000-character limit shows before it is reached, and past it the field says so itself', async ({ page, signUp }) => {
  await signUp({ prefix: 'limit' });
  await startSession2(page);
  const field = page.getByLabel('How does fear show up in your life?');
  const limit = page.locator('#blocker-0-reflection-limit');
  await expect(limit).toHaveText('Up to 2,000 characters');
  await expect(field).toHaveAccessibleDescription(/Up to 2,000 characters/);
  await field.fill('a'.repeat(1700));
  await expect(limit).toHaveText('300 characters left of 2,000');
  await field.fill('a'.repeat(2003));
  await expect(limit).toHaveText('3 characters over the limit of 2,000');
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page.getByText('Please use at most 2000 characters')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(page).toHaveURL(/\/sessions\/2$/);
});

test('Session 1 reflections show the limit and refuse to complete past it, beside the field', async ({ page, signUp }) => {
  await signUp({ prefix: 'limit-s1' });
  await reachSession1Reflections(page, 6);
  await expect(page.getByText('Up to 2,000 characters')).toHaveCount(3);
  await page.locator('#wheel-reflection-2').fill('b'.repeat(2001));
  await expect(page.getByText('Please use at most 2000 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Session 1' })).toBeDisabled();
  await page.locator('#wheel-reflection-2').fill('Short again');
  await expect(page.getByRole('button', { name: 'Complete Session 1' })).toBeEnabled();
});

test('a check-in posted before its script is live still shows it is saving', async ({ page, signUp }) => {
  await signUp({ prefix: 'early-check-in', landOn: '/check-ins' });
  // The form's own code never arrives: the island stays plain HTML.
  const chunk = await page.locator('[data-island=CheckInForm]').getAttribute('data-chunk');
  expect(chunk).toBeTruthy();
  await page.route(
    (url) => url.pathname === new URL(chunk!, page.url()).pathname,
    () => new Promise(() => undefined),
  );
  // The post itself is stopped after every document listener has seen it, so the page stays to be looked at.
  await page.evaluate(() => window.addEventListener('submit', (event) => event.preventDefault()));
  await page.getByLabel('Win of the Day').fill('Walked at lunch');
  const button = page.locator('#check-in-form button[type=submit]');
  await button.click();
  await expect(button).toHaveText('Saving...');
  await expect(button).toHaveAttribute('aria-disabled', 'true');
});

test('a click anywhere on an open session card opens it', async ({ page, signUp }) => {
  await signUp({ prefix: 'card-click', landOn: '/sessions' });
  // The mouse on the card's summary text, away from its button: the card's link covers the card.
  const summary = (await page.getByText('Score all arenas, identify imbalance, select your Keystone focus area.').boundingBox())!;
  await page.mouse.click(summary.x + 10, summary.y + summary.height / 2);
  await expect(page).toHaveURL(/\/sessions\/1$/);
  await page.goto('/sessions');
  // A locked card does nothing.
  await page.getByText('Identify blockers like fear, guilt, and envy.').click();
  await expect(page).toHaveURL(/\/sessions$/);
});

test('a plan tooltip opens after 700 ms, and the next one within 300 ms opens at once', async ({ page, signUp }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp({ prefix: 'tooltips' });
  // Two locked nav items, as the bar draws them for a plan that does not open them (src/views/Shell.tsx).
  await page
    .locator('.nav-links')
    .evaluate((nav) =>
      nav.insertAdjacentHTML(
        'beforeend',
        ['one', 'two']
          .map(
            (id) =>
              `<span class="nav-link nav-link-disabled has-tooltip" aria-disabled="true" tabindex="0" id="locked-${id}">Locked ${id}<span role="tooltip" class="tooltip">Requires Premium plan</span></span>`,
          )
          .join(''),
      ),
    );
  const shown = (id: string) => page.locator(`#locked-${id} .tooltip`).evaluate((tip) => getComputedStyle(tip).visibility);
  const started = Date.now();
  await page.locator('#locked-one').hover();
  expect(await shown('one')).toBe('hidden');
  await expect.poll(() => shown('one'), { timeout: 3000 }).toBe('visible');
  expect(Date.now() - started).toBeGreaterThanOrEqual(650);
  // On to the next one: open at once, no second wait.
  await page.locator('#locked-two').hover();
  await expect.poll(() => shown('two'), { timeout: 300, intervals: [20] }).toBe('visible');
});
