// Every page at 360, 768 and 1280 px: no sideways scroll, and on phones every control at least
// 44 px tall (inline text links aside) and, signed in, the top bar one row of at most 64 px. Each
// page loads once, at 360 px, and is then widened. A full-page screenshot of each, for a person to
// look at, is written to $SCREENSHOT_DIR/responsive/ when that is set (nothing compares them, and
// they cost more than the checks).
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { ADMIN, expect, test } from './fixtures';
import { completeSession1ByRequest } from './helpers';
import { boxOf, expectNoSidewaysScroll } from './look';

const SHOTS = process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/responsive` : null;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

const WIDTHS = [360, 768, 1280] as const;
const SIGNED_OUT = ['/login', '/login?tab=signup', '/forgot-password', '/reset-password', '/reset-password?token=abc', '/no-such-page'];
const MEMBER = [
  '/dashboard',
  '/sessions',
  '/sessions/1',
  '/sessions/2',
  '/sessions/3',
  '/sessions/4',
  '/sessions/2?edit',
  '/check-ins',
  '/summary',
  '/next-steps',
  '/faq',
  '/replays',
  '/settings',
];
const ADMIN_PAGES = [
  '/admin/cohort',
  '/admin/cohorts/compare',
  '/admin/users',
  '/admin/users/demo-user',
  '/admin/webhooks',
  '/admin/webinars',
  '/admin/cohorts',
];

/** Visible controls shorter than 44 px: buttons, fields and button-like links (not links in text). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, input:not([type=hidden]), select, textarea, a.button, a.nav-link, a.tab, .menu-item, summary',
    );
    return [...controls]
      .filter((c) => {
        const box = c.getBoundingClientRect();
        // Checkboxes and radios count by their label, which is the real target.
        const target = c.matches('input[type=checkbox], input[type=radio]') ? (c.closest('label')?.getBoundingClientRect() ?? box) : box;
        // A disabled control (a read-only score slider) is no target.
        return box.width > 0 && !c.matches(':disabled') && getComputedStyle(c).visibility === 'visible' && target.height < 44 - 0.5;
      })
      .map(
        (c) =>
          `${c.tagName.toLowerCase()} "${(c.textContent || c.getAttribute('aria-label') || c.getAttribute('name') || '').trim().slice(0, 30)}" ${Math.round((c.matches('input[type=checkbox], input[type=radio]') ? (c.closest('label') ?? c) : c).getBoundingClientRect().height)}px`,
      );
  });
}

/**
 * Loads the page on a phone, then widens the window to each other width, checking each. `signedIn`
 * pages have the top bar, which on a phone stays one row of at most 64 px.
 */
async function checkPage(page: Page, path: string, signedIn: boolean): Promise<void> {
  for (const [i, width] of WIDTHS.entries()) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    if (i === 0) await page.goto(path);
    if (SHOTS) await page.screenshot({ fullPage: true, path: `${SHOTS}/${width}${path.replace(/[/?=]+/g, '-')}.png` });
    await expectNoSidewaysScroll(page);
    if (width === 360) {
      expect(await smallTargets(page), `${path} at ${width} px`).toEqual([]);
      if (signedIn) expect((await boxOf(page.locator('header.navbar'))).height, `${path} bar height`).toBeLessThanOrEqual(64);
    }
  }
}

test('signed out pages at 360, 768 and 1280 px', async ({ page }) => {
  for (const path of SIGNED_OUT) await checkPage(page, path, false);
});

test('a participant with every session done, at 360, 768 and 1280 px', async ({ page, signUp }) => {
  await signUp({ prefix: 'wide' });
  await completeSession1ByRequest(page);
  const headers = { origin: new URL(page.url()).origin };
  for (const data of [
    { blockers: [{ name: 'Fear', reflection: 'Speaking up', arenas: ['Faith', 'Fun'] }] },
    { accelerators: ['Gratitude', 'Discipline', 'Faith'].map((name) => ({ name, dailyAction: 'Every morning', measurement: 'A tick' })) },
    { vision90Day: 'Calm and fit', target90Day: 'Run 10k', milestones: [30, 60, 90].map((week) => ({ week, goal: `Run ${week / 10}k` })) },
  ]) {
    expect((await page.request.post('/api/progress', { data, headers })).status()).toBe(200);
  }
  for (const path of MEMBER) await checkPage(page, path, true);
});

test('admin pages, and the member pages as an admin sees them, at 360, 768 and 1280 px', async ({ page, logIn }) => {
  await logIn(ADMIN, null);
  for (const path of ADMIN_PAGES) await checkPage(page, path, true);
  // The admin's bar holds more links than a participant's: on a phone it still fits one row on
  // the member pages too (each has its own current link), and nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/dashboard', '/sessions', '/sessions/1', '/check-ins', '/summary', '/next-steps', '/settings', '/faq', '/replays']) {
    await page.goto(path);
    expect((await boxOf(page.locator('header.navbar'))).height, `${path} bar height`).toBeLessThanOrEqual(64);
    await expectNoSidewaysScroll(page);
  }
});
