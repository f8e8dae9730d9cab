// In the browser: the mood calendar on /check-ins (fixed weekday columns, moods in
// colour and words, axe in light and dark), the retake that keeps what was written (decision 39),
// and the small things at 360 px (why 'Complete Session 1' is disabled, a toast above the heading,
// a long name and address that wrap). The rules themselves are tested in the Worker tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { DEMO, expect, test } from './fixtures';
import { answerAllQuestions, completeSession1ByRequest, islandsHydrated } from './helpers';
import { boxOf, expectNoSidewaysScroll, lowContrastTexts } from './look';

/** axe-core, put in the page once and run there, as e2e/accessibility.spec.ts does. */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

async function expectAccessible(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const found = await page.evaluate(async () => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, put there by AXE_SOURCE
      const { violations } = await (window as any).axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        resultTypes: ['violations'],
      });
      return (violations as { id: string; nodes: { target: string[] }[] }[]).map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
    });
    expect([...found, ...(await lowContrastTexts(page))], `${colorScheme} scheme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the mood calendar keeps Monday first, colours each day by its mood and says it in words', async ({ page, signUp }) => {
  await signUp({ prefix: 'calendar' });
  const saved = await page.request.post('/api/check-ins', { data: { mood: 9 }, headers: { origin: new URL(page.url()).origin } });
  expect(saved.status()).toBe(200);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/check-ins');
  const calendar = page.getByRole('table', { name: /Your mood each day of the last four weeks/ });
  await expect(calendar.getByRole('columnheader')).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  await expect(calendar.getByRole('row')).toHaveCount(5);
  await expect(page.getByText('Weeks start on Monday.')).toBeVisible();
  // Joined today: one day counted, and today is 'great' in words and in the fifth band's colour.
  await expect(page.getByText('Checked in: 1 of 1 day since you joined.')).toBeVisible();
  const today = calendar.locator('td.mood-today');
  await expect(today).toHaveClass(/mood-band-5/);
  await expect(today).toContainText('(today): mood 9 of 10, great');
  await expect(page.getByRole('list', { name: 'Legend' }).getByRole('listitem')).toHaveCount(7);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test('a retake says what starts afresh and what stays, says which reflection is blank, and keeps the first wheel’s words', async ({
  page,
  signUp,
}) => {
  await signUp({ prefix: 'retake-keeps' });
  await completeSession1ByRequest(page);
  await page.setViewportSize({ width: 360, height: 740 });
  // The dashboard's invitation leads to /sessions/1?retake: question 1 at once, no editing banner.
  await page.goto('/sessions/1?retake');
  await expect(page.getByText('Question 1 of 70')).toBeVisible();
  await expect(page.getByText('You are editing')).toHaveCount(0);
  await answerAllQuestions(page, () => 8);
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Retake Assessment' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Retake the assessment?' });
  await expect(dialog).toContainText('Starts afresh: your 70 answers, your Keystone Arena and your three reflections');
  await expect(dialog).toContainText('Stays: every wheel you have completed, with its answers and the reflections you wrote with it');
  await expect(dialog).toContainText('Life7 keeps your newest 100 wheels: beyond that, the oldest goes.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Continue' }).click();
  const complete = page.getByRole('button', { name: 'Complete Session 1' });
  await page.locator('#wheel-reflection-1').fill('Later one');
  await page.locator('#wheel-reflection-3').fill('Later three');
  await expect(complete).toBeDisabled();
  await expect(complete).toHaveAccessibleDescription('Reflection 2 is blank: write it to complete Session 1.');
  await page.locator('#wheel-reflection-2').fill('Later two');
  await expect(page.getByText(/is blank: write/)).toHaveCount(0);
  await complete.click();
  await expect(page).toHaveURL(/\/sessions$/);

  await page.goto('/summary');
  const words = page.getByRole('region', { name: 'What you wrote with each wheel' });
  // The first wheel's reflections (completeSession1ByRequest wrote 'a', 'b', 'c') beside the latest's.
  await expect(words.getByRole('region', { name: /^First wheel/ }).getByRole('definition')).toHaveText(['a', 'b', 'c']);
  await expect(words.getByRole('region', { name: /^Latest wheel/ }).getByRole('definition')).toHaveText([
    'Later one',
    'Later two',
    'Later three',
  ]);
});

test('at 360 px a toast stays above the heading, and a long name and address wrap', async ({ page, signUp, logIn }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // A verified account (no banner between the bar and the heading): the toast's bottom against the heading's top.
  await logIn(DEMO, '/settings');
  await page.getByRole('button', { name: 'Save Time Zone' }).click();
  const toast = page.locator('.toast');
  await expect(toast).toContainText('Time zone saved');
  const heading = await boxOf(page.getByRole('heading', { level: 1, name: 'Settings' }));
  expect((await boxOf(toast)).y + (await boxOf(toast)).height).toBeLessThanOrEqual(heading.y);

  await signUp({ prefix: `a-very-long-local-part-of-an-address-${'x'.repeat(12)}`, name: 'Alexandrina-Konstantina-Wilhelmina-Ravensbr' });
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Alexandrina-Konstantina-Wilhelmina-Ravensbr');
  await page.goto('/settings');
  await expectNoSidewaysScroll(page);
});
