// Measurements for the look tests: where boxes sit, and the contrast of the text on a page.
import { expect, type Locator, type Page } from '@playwright/test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return box!;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The box is centred in the viewport, within `tolerance` px on each axis. */
export async function expectCentred(page: Page, locator: Locator, tolerance = 2): Promise<void> {
  const box = await boxOf(locator);
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2), 'horizontal centre').toBeLessThanOrEqual(tolerance);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2), 'vertical centre').toBeLessThanOrEqual(tolerance);
}

export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/**
 * Every visible text on the page against the background it sits on: at least 4.5:1, or 3:1 for
 * large text (WCAG AA). Disabled controls are exempt, as in WCAG. Returns the failures.
 */
export async function lowContrastTexts(page: Page, skip: readonly string[] = []): Promise<string[]> {
  return page.evaluate((skipped) => {
    // 'rgb(r g b / a)' in 0-255, or 'color(srgb r g b / a)' in 0-1 (what color-mix() computes to).
    const rgba = (value: string): number[] => {
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return value.startsWith('color(') ? [r * 255, g * 255, b * 255, a] : [r, g, b, a];
    };
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!]
        .map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const background = (element: Element | null): number[] => {
      for (let node = element; node; node = node.parentElement) {
        const colour = rgba(getComputedStyle(node).backgroundColor);
        if ((colour[3] ?? 1) > 0.5) return colour;
      }
      return rgba(getComputedStyle(document.documentElement).backgroundColor);
    };
    const failures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const element = text.parentElement!;
      if (!text.textContent?.trim() || element.closest('[disabled], [aria-disabled="true"], svg, script, .visually-hidden, .wot-sr-only'))
        continue;
      if (skipped.some((selector) => element.closest(selector))) continue;
      // Not drawn: hidden, empty, or in content the browser skips (a closed <details>), whose
      // computed colours are not even brought up to date when the colour scheme changes.
      if (!element.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // A faded element (opacity) shows its text blended into the background.
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
      const under = background(element);
      const ink = rgba(style.color)
        .slice(0, 3)
        .map((c, i) => c * opacity + under[i]! * (1 - opacity));
      const [fg, bg] = [luminance(ink), luminance(under)];
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5))
        failures.push(
          `${ratio.toFixed(2)}: "${text.textContent.trim().slice(0, 40)}" (${style.color} on ${getComputedStyle(element).backgroundColor})`,
        );
    }
    return failures;
  }, skip);
}
