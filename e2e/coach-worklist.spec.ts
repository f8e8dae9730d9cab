// The coach's worklist end to end, with JavaScript off (decision 40, docs/product.md#the-worklist):
// on the running seeded cohort's desk the coach snoozes one person and marks another contacted
// (both leave the list), writes a private note, ends an admin grant with 'No plan' (typed revoke)
// and finds all of it on the participant's timeline; axe finds nothing on the worklist nor on the
// participant's page, light or dark. The rules themselves are tested in test/coach-worklist.test.ts.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { ADMIN, expect, logInThroughApi, test } from './fixtures';

const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** axe's WCAG 2.1 AA violations, in the light and the dark scheme (injected as e2e/accessibility.spec.ts does). */
async function expectAccessible(page: Page, what: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(AXE_SOURCE);
    const found = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, put there by AXE_SOURCE
      const { violations } = await (window as any).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      });
      return (violations as { id: string; nodes: { target: string[] }[] }[]).map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
    });
    expect(found, `${what}, ${colorScheme}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the coach works the list of the running cohort, and finds it all on the timeline, JavaScript off', async ({
  browser,
  page: scripted,
  logIn,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logInThroughApi(page, ADMIN.email, ADMIN.password, '/admin/cohort');
  await expect(page.getByRole('heading', { name: /^Needs attention \(\d+\)$/ })).toBeVisible();

  // Two people with an admin grant (not in a payment's grace): one to snooze, one to mark contacted.
  const rows = page.locator('.worklist-row').filter({ hasNotText: 'Payment failed' });
  const snoozed = (await rows.nth(0).locator('.worklist-who strong').textContent())!;
  const contacted = (await rows.nth(1).locator('.worklist-who strong').textContent())!;
  const row = (name: string) => page.locator('.worklist-row').filter({ has: page.getByRole('link', { name, exact: true }) });

  await page.getByRole('button', { name: `Snooze ${snoozed} for 7 days` }).click();
  await expect(page).toHaveURL(/\/admin\/cohort\?cohort=[^&#]+#worklist$/);
  await expect(row(snoozed)).toHaveCount(0);

  await row(contacted).getByText('Mark contacted').click();
  await row(contacted).getByLabel('Private note (optional, admins only)').fill('Called: back on track next week.');
  await page.getByRole('button', { name: `Mark ${contacted} contacted` }).click();
  await expect(row(contacted)).toHaveCount(0);
  await expect(page.getByText(/^\d+ handled \(contacted or snoozed\)/)).toBeVisible();

  // The contacted participant's page: their state, a note, and 'No plan'.
  await page.goto('/admin/users');
  await page.getByRole('searchbox').fill(contacted);
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link', { name: contacted, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(contacted);
  await expect(page.getByText(`Contacted, marked by ${ADMIN.email}`)).toBeVisible();
  await page.getByLabel('New note').fill('Prefers a call after 6 pm.');
  await page.getByRole('button', { name: 'Save note' }).click();
  await expect(page.locator('.coach-notes')).toContainText('Prefers a call after 6 pm.');
  const plan = page.locator('#change-plan');
  await plan.getByLabel('Plan', { exact: true }).selectOption('none');
  await plan.getByLabel(/^Type upgrade for a higher plan/).fill('revoke');
  await plan.getByRole('button', { name: 'Update Plan' }).click();
  await expect(page.getByText('Admin grant ended', { exact: true })).toBeVisible();

  const timeline = page.locator('.timeline');
  await expect(timeline).toContainText('Admin plan ended');
  await expect(timeline).toContainText('Note by');
  await expect(timeline).toContainText('Prefers a call after 6 pm.');
  await expect(timeline).toContainText('Marked contacted: Contacted (with a note)');
  await expect(timeline).toContainText('Called: back on track next week.');
  // Filtered to one kind, without JavaScript: a plain GET form.
  await page.getByLabel('Show').selectOption('plan');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/[?&]kind=plan/);
  await expect(timeline.locator('li').first()).toContainText('Admin plan ended');
  await expect(timeline).not.toContainText('Note by');
  const participantPage = page.url();

  // The snoozed one's timeline says so.
  await page.goto('/admin/users');
  await page.getByRole('searchbox').fill(snoozed);
  await page.getByRole('searchbox').press('Enter');
  await page.getByRole('link', { name: snoozed, exact: true }).first().click();
  await expect(page.locator('.timeline')).toContainText('Snoozed: Snoozed 7 days, until');
  await context.close();

  // axe runs scripts: in a page that has them, on the same two pages.
  await logIn(ADMIN, '/admin/cohort');
  await expectAccessible(scripted, 'the worklist');
  await scripted.goto(participantPage);
  await expectAccessible(scripted, "the participant's page");
});
