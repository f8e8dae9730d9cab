// The questionnaire on a touch phone (360 x 740): question 1's ratings show without scrolling, a
// tap does not leave its number looking chosen on the next question, '10/10' fits its arena chip,
// and the wheel's texts read at 11 px or more.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeSession1ByRequest, islandsHydrated } from './helpers';
import { boxOf } from './look';

const PHONE = { width: 360, height: 740 };

/** The smallest text of every wheel on the page, in CSS pixels as drawn. */
async function smallestWheelText(page: Page): Promise<number> {
  return page.evaluate(() => {
    const sizes = [...document.querySelectorAll<SVGSVGElement>('svg.wheel')].flatMap((svg) => {
      const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
      return [...svg.querySelectorAll('text')].map((text) => Number(text.getAttribute('font-size')) * scale);
    });
    return sizes.length ? Math.min(...sizes) : 0;
  });
}

test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

test('the questionnaire fits a phone and a tap leaves no highlight behind', async ({ page, signUp }) => {
  await signUp({ prefix: 'touch', landOn: '/sessions/1' });
  await islandsHydrated(page);

  // Question 1: both rows of ratings and their end labels are on the first screen.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const ten = page.getByRole('button', { name: 'Rate 10 of 10' });
  const labels = page.locator('.wot-scale-labels');
  expect((await boxOf(ten)).y + (await boxOf(ten)).height).toBeLessThanOrEqual(PHONE.height);
  expect((await boxOf(labels)).y + (await boxOf(labels)).height).toBeLessThanOrEqual(PHONE.height);

  // Tap 7: on question 2, the 7 looks like any unchosen number.
  await page.getByRole('button', { name: 'Rate 7 of 10' }).tap();
  await expect(page.getByText('Question 2 of 70')).toBeVisible();
  const seven = page.getByRole('button', { name: 'Rate 7 of 10' });
  await expect(seven).toHaveAttribute('aria-pressed', 'false');
  const look = (name: string) =>
    page.getByRole('button', { name }).evaluate((b) => `${getComputedStyle(b).backgroundColor} ${getComputedStyle(b).borderColor}`);
  expect(await look('Rate 7 of 10')).toBe(await look('Rate 3 of 10'));

  // Finish the first arena: its chip reads '10/10' inside its own border.
  for (let q = 2; q <= 10; q++) await page.getByRole('button', { name: 'Rate 10 of 10' }).tap();
  await expect(page.getByText('Question 11 of 70')).toBeVisible();
  await expect(page.locator('.wot-arena-count').first()).toHaveText('10/10');
  const overflowing = await page
    .locator('.wot-arena')
    .evaluateAll((chips) => chips.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
  expect(overflowing).toEqual([]);
  const chip = await boxOf(page.locator('.wot-arena').first());
  const count = await boxOf(page.locator('.wot-arena-count').first());
  expect(count.x).toBeGreaterThanOrEqual(chip.x);
  expect(count.x + count.width).toBeLessThanOrEqual(chip.x + chip.width);
});

test("the wheel's names and values read at 11 px or more on a phone", async ({ page, signUp }) => {
  await signUp({ prefix: 'wheel-text' });
  await completeSession1ByRequest(page);
  for (const path of ['/dashboard', '/summary']) {
    await page.goto(path);
    expect(await smallestWheelText(page), path).toBeGreaterThanOrEqual(11);
  }
  // The results screen of the island (review mode opens Session 1 on its results).
  await page.goto('/sessions/1');
  await expect(page.locator('svg.wheel')).toBeVisible();
  expect(await smallestWheelText(page), '/sessions/1').toBeGreaterThanOrEqual(11);
});
