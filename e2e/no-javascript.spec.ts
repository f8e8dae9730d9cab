// Without JavaScript: Session 1 as one long form, then the results with the Keystone choice, then
// the reflections, each a form post; and Sessions 2-4 saying what to fix after a mistake.
// Each flow runs on a phone; at each step the window also widens to 1280 px for the same checks.
// Screenshots of each step at 360 and 1280 px go to $SCREENSHOT_DIR/no-javascript/ when that is
// set (nothing compares them).
import type { Browser, Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';
import { completeSession1ByRequest, session1Answers } from './helpers';
import { expectNoSidewaysScroll } from './look';

const WIDTHS = [360, 1280] as const;
const SHOTS = process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/no-javascript` : null;

async function signedInWithoutJavaScript(browser: Browser, prefix: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: WIDTHS[0], height: 800 } });
  const page = await context.newPage();
  await signUpThroughApi(page, { prefix });
  return page;
}

/**
 * The page's text as Chromium's accessibility tree holds it, CSS generated content included (as
 * screen readers get it; Playwright's own text matching skips it). A counter and the text after
 * it are separate nodes, so the texts are joined.
 */
async function axText(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value?: string }; name?: { value?: string } }[];
  };
  await cdp.detach();
  return nodes
    .filter((n) => n.role?.value === 'StaticText')
    .map((n) => String(n.name?.value ?? ''))
    .join('|')
    .replace(/(\d)\| /g, '$1 ');
}

/**
 * At each width: `inView` brings the step's subject into view (and checks it is), then no
 * sideways scroll and (with $SCREENSHOT_DIR) a screenshot. Ends at the first width. The wheel's wedges do not grow in:
 * the tests ask for reduced motion (playwright.config.ts).
 */
async function snap(page: Page, name: string, inView?: () => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await inView?.();
    await expectNoSidewaysScroll(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
}

test('Session 1 works without JavaScript, step by step (360 and 1280 px)', async ({ browser }) => {
  const page = await signedInWithoutJavaScript(browser, 'nojs-session1');
  await page.goto('/sessions/1');
  // The island's own screen is hidden; a link leads to the questionnaire as one form.
  await expect(page.getByText('Question 1 of 70')).toBeHidden();
  await page.getByRole('link', { name: 'Answer the Questions' }).click();
  await expect(page).toHaveURL(/\/sessions\/1\?step=answers$/);
  const first = page.getByRole('group', { name: /How would you rate your current faith life\?/ });
  await expect(first).toBeVisible();
  await expect(page.getByRole('group', { name: /Fun/ }).first()).toBeVisible();
  await snap(page, 'session1-answers');

  // Answer all but two (Faith 3 and Fun 10): the page names them beside their groups.
  const answers = session1Answers([3, 8, 6, 5, 7, 9, 4]);
  for (const [id, value] of Object.entries(answers)) {
    if (id === 'faith_3' || id === 'fun_10') continue;
    await page.locator(`input[name="${id}"][value="${value}"]`).check();
  }
  await page.getByRole('button', { name: 'See Your Results' }).click();
  await expect(page).toHaveURL(/\/sessions\/1\?step=answers$/);
  await expect(page.getByText('2 questions are still open')).toBeVisible();
  await expect(page.getByText('Choose a rating from 1 to 10')).toHaveCount(2);
  await expect(page.locator('.toast')).toContainText('Please fix the highlighted fields');
  await snap(page, 'session1-answers-missing', async () => {
    await page.getByRole('link', { name: 'Faith question 3' }).click();
    await expect(page.locator('#question-faith_3')).toBeInViewport();
  });
  await expect(page.locator('input[name="faith_1"][value="3"]')).toBeChecked();

  await page.locator('input[name="faith_3"][value="3"]').check();
  await page.locator('input[name="fun_10"][value="4"]').check();
  await page.getByRole('button', { name: 'See Your Results' }).click();

  // Results: the wheel, the total, and the Keystone choice with the lowest arena chosen.
  await expect(page).toHaveURL(/\/sessions\/1\?step=results$/);
  await expect(page.getByRole('heading', { name: 'Your Wheel of Truth' })).toBeVisible();
  await expect(page.locator('svg.wheel')).toBeVisible();
  const keystone = page.getByRole('group', { name: 'Keystone Arena' });
  await expect(keystone.getByRole('radio', { name: /Faith/ })).toBeChecked();
  await snap(page, 'session1-results');
  await snap(page, 'session1-keystone', () => page.getByRole('button', { name: 'Continue' }).scrollIntoViewIfNeeded());
  await keystone.getByRole('radio', { name: /Fun/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Reflections, with the confirmation the island's dialog gives.
  await expect(page).toHaveURL(/step=reflections&keystone=Fun$/);
  await expect(page.getByText('Your Keystone Arena is Fun. This will be your primary focus area for the next 90 days.')).toBeVisible();
  await page.getByLabel(/what stands out most/).fill('Fitness is strong');
  await page.getByRole('button', { name: 'Complete Session 1' }).click();
  await expect(page.locator('.field-error', { hasText: 'Please answer this reflection' })).toHaveCount(2);
  await expect(page.getByLabel(/what stands out most/)).toHaveValue('Fitness is strong');
  await snap(page, 'session1-reflections');
  await page.getByLabel(/Why did you choose your Keystone Arena/).fill('Fun lifts the rest');
  await page.getByLabel(/one step you will take this week/).fill('Plan a hike');
  await page.getByRole('button', { name: 'Complete Session 1' }).click();

  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 1 completed!')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Wheel Locked')).toBeHidden();
  await page.context().close();
});

test('with JavaScript, Session 1 is the island and the long form stays out of sight', async ({ page, signUp }) => {
  await signUp({ prefix: 'js-session1', landOn: '/sessions/1' });
  await expect(page.getByText('Question 1 of 70')).toBeVisible();
  await expect(page.getByRole('button', { name: 'See Your Results' })).toHaveCount(0);
});

test('Sessions 2 and 3 without JavaScript say what to fix (360 and 1280 px)', async ({ browser }) => {
  const page = await signedInWithoutJavaScript(browser, 'nojs-sessions');
  await completeSession1ByRequest(page);

  // Session 2: a blocker with one arena and no reflection.
  await page.goto('/sessions/2');
  await page.getByLabel(/^Anger/).check();
  const anger = page.locator('.option-card', { has: page.getByLabel(/^Anger/) });
  // The badge follows the ticks without JavaScript too (a CSS counter, read out as text).
  await expect.poll(() => axText(page)).toContain('0 affected');
  await anger.getByLabel('Fun').check();
  await anger.getByLabel('Family').check();
  await expect.poll(() => axText(page)).toContain('2 affected');
  await anger.getByLabel('Fun').uncheck();
  await expect.poll(() => axText(page)).toContain('1 affected');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page);
    if (SHOTS) await anger.locator('.arena-tags').screenshot({ path: `${SHOTS}/session2-live-badge-${width}.png` });
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page).toHaveURL(/\/sessions\/2$/);
  await expect(page.locator('.toast')).toContainText('Please fix the highlighted fields');
  await expect(page.locator('.toast')).not.toContainText('Failed to save session');
  await expect(page.locator('.field-error', { hasText: 'Write a reflection for this blocker' })).toBeVisible();
  await expect.poll(() => axText(page)).toContain('1 affected');
  await page.getByLabel('How does anger show up in your life?').fill('Short fuse');
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page).toHaveURL(/\/sessions$/);

  // Session 3: four ticked without JavaScript come back with the reason beside the count.
  await page.goto('/sessions/3');
  for (const name of ['Gratitude', 'Discipline', 'Faith', 'Focus']) {
    await page.getByLabel(new RegExp(`^${name}`)).check();
    const card = page.locator('.option-card', { has: page.getByLabel(new RegExp(`^${name}`)) });
    await card.getByLabel('Daily action').fill(`Daily ${name}`);
    await card.getByLabel('How you will measure it').fill('Journal');
  }
  await expect.poll(() => axText(page)).toContain('4 of 3 chosen');
  await page.getByRole('button', { name: 'Complete Session 3' }).click();
  await expect(page).toHaveURL(/\/sessions\/3$/);
  const choose = page.getByRole('group', { name: /Choose exactly 3 accelerators/ });
  await expect.poll(() => axText(page)).toContain('4 of 3 chosen');
  await expect(choose.getByRole('alert')).toHaveText('Choose exactly 3 accelerators');
  await expect(page.locator('.toast')).toContainText('Please fix the highlighted fields');
  await page.locator('.toast-close').click();
  await snap(page, 'session3-four-chosen', () => choose.getByRole('alert').scrollIntoViewIfNeeded());
  await page.getByLabel(/^Focus/).uncheck();
  await page.getByRole('button', { name: 'Complete Session 3' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 3 Complete!')).toBeVisible();
  await page.context().close();
});
