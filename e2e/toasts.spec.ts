// A toast never covers the control that retries what failed, nor any other control of the page,
// also while the pointer rests on it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { reachSession1Reflections } from './helpers';
import { type Box, boxOf, overlaps } from './look';

/** The visible controls of the page's main content that lie under the box. */
async function controlsUnder(page: Page, box: Box): Promise<string[]> {
  const controls = page.locator('main').locator('a, button, input, select, textarea');
  const covered: string[] = [];
  for (const control of await controls.all()) {
    const at = await control.boundingBox();
    if (at && at.width > 0 && (await control.isVisible()) && overlaps(box, at))
      covered.push((await control.evaluate((e) => e.outerHTML)).slice(0, 100));
  }
  return covered;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  test(`the failed-save toast leaves 'Complete Session 1' free at ${viewport.width} px`, async ({ page, signUp }) => {
    await page.setViewportSize(viewport);
    // The page's timers run on a clock the test can move on (the toast leaves after 5 s).
    await page.clock.install();
    await signUp({ prefix: 'toast' });
    await reachSession1Reflections(page, 5);

    // The save fails once (a refusal, so the browser logs no server error).
    await page.route(
      '**/api/progress',
      (route) => route.fulfill({ status: 409, contentType: 'application/json', body: '{"message":"Try again"}' }),
      { times: 1 },
    );
    const complete = page.getByRole('button', { name: 'Complete Session 1' });
    await complete.click();
    const toast = page.locator('.toast');
    await expect(toast).toContainText('Error saving progress');

    const toastBox = await boxOf(toast);
    expect(overlaps(toastBox, await boxOf(complete)), 'the toast covers the retry button').toBe(false);
    expect(await controlsUnder(page, toastBox)).toEqual([]);

    // Resting the pointer on the toast holds it past its 5 s, and still nothing is covered: the
    // Toaster's timer stops and so does the stylesheet's leaving animation.
    await toast.hover();
    await page.clock.runFor(5500);
    await expect(toast).toBeVisible();
    expect(await toast.evaluate((el) => el.getAnimations().map((a) => `${(a as CSSAnimation).animationName} ${a.playState}`))).toContain(
      'toast-expire paused',
    );
    expect(overlaps(await boxOf(toast), await boxOf(complete))).toBe(false);

    // The retry works.
    await complete.click();
    await expect(page).toHaveURL(/\/sessions$/);
  });
}
