// Every visible control of a page is reached with Tab, and each shows a focus ring when it is.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { completeSession1ByRequest } from './helpers';

const CONTROLS =
  'a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex="0"]';

/** Tabs through the page; returns the controls never reached and those focused without a ring. */
async function tabThrough(page: Page): Promise<{ unreached: string[]; noRing: string[] }> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const noRing: string[] = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      if (el.dataset.tabbed) return { id: '', ring: true, again: true };
      el.dataset.tabbed = '1';
      const style = getComputedStyle(el);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
      return { id: el.outerHTML.slice(0, 80), ring, again: false };
    });
    if (!seen) continue;
    if (seen.again) break; // wrapped around
    if (!seen.ring) noRing.push(seen.id);
  }
  const unreached = await page.locator(CONTROLS).evaluateAll((all) =>
    all
      .filter(
        (el) =>
          el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility === 'visible' && !(el as HTMLElement).dataset.tabbed,
      )
      // One radio of a group, and the selected tab of a tab list, is the tab stop; arrows reach the rest.
      .filter((el) => !(el instanceof HTMLInputElement && el.type === 'radio') && !el.matches('[role=tab][aria-selected=false]'))
      // What a closed <details> folds away (the dashboard's check-in notes) is reached once its summary opens it.
      .filter((el) => el.matches('summary') || !el.closest('details:not([open])'))
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  return { unreached, noRing };
}

test('every control is reached by Tab and shows a focus ring', async ({ page, signUp }) => {
  for (const path of ['/login', '/forgot-password']) {
    await page.goto(path);
    expect(await tabThrough(page), path).toEqual({ unreached: [], noRing: [] });
  }
  await signUp({ prefix: 'keys' });
  await completeSession1ByRequest(page);
  for (const path of ['/dashboard', '/sessions', '/sessions/1?edit', '/sessions/2', '/check-ins', '/summary', '/settings']) {
    await page.goto(path);
    expect(await tabThrough(page), path).toEqual({ unreached: [], noRing: [] });
  }
});
