// Helpers of the journey tests (e2e/journey-*.spec.ts), one journey per role, each with a
// screenshot at every key step written to $SCREENSHOT_DIR/journeys/ when that is set (nothing
// compares them; a failure's own screenshot and trace are in test-results/).
// "Keyboard only" means page.keyboard: Tab / Shift+Tab until the control has focus (as a person
// would; `tabTo` fails when a control is never reached), then Enter, Space, arrows or typing.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures';

const SHOTS = process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/journeys` : null;

/** Keeps a screenshot of the page in $SCREENSHOT_DIR/journeys, when that is set. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!SHOTS) return;
  // Toasts and the wheel's wedges would animate in; the tests ask for reduced motion
  // (playwright.config.ts), so the picture shows the step as it settles.
  const body = await page.screenshot();
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}/${testInfo.title.split(' ')[1]!.replace(':', '')}-${name}.png`, body);
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement, undefined, { timeout: 5_000 });

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached in `max` presses. */
export async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of ${key}`);
}

/** Presses an arrow key until the select (or slider) shows `value`. */
export async function arrowTo(page: Page, target: Locator, value: string, key = 'ArrowDown', max = 10): Promise<void> {
  await expect(target).toBeFocused();
  for (let i = 0; i < max && (await target.inputValue()) !== value; i++) await page.keyboard.press(key);
  await expect(target).toHaveValue(value);
}

/** Tabs to a text field and types into it. */
export async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

// Arena i (Faith..Fun) gets RATINGS[i]: Fitness is lowest (the default Keystone), Finance is the
// fourth from the bottom of the picker, which lists arenas from lowest to highest score.
export const RATINGS = [3, 4, 2, 5, 7, 8, 9] as const;

/** Screenshots a filled session, submits it (Enter from the keyboard, or a click) and checks the toast back on /sessions. */
export async function submitSession(
  page: Page,
  testInfo: TestInfo,
  shotName: string,
  submit: () => Promise<void>,
  toast: string,
): Promise<void> {
  await shot(page, testInfo, shotName);
  await submit();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText(toast)).toBeVisible();
}
