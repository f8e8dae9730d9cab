// The participant's whole journey in the browser (docs/product.md#summary-and-data-export,
// #re-assessment, #the-12-week-framework): the summary with everything written, the first wheel
// against the latest, Session 4's milestones marked done without JavaScript, the one-row rating
// scale at 360 px, and the web app manifest.
import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';
import { completeSession1InPage, completeSessions2to4ByRequest, islandsHydrated, session1Answers } from './helpers';

async function checkIn(page: Page, mood: number, drift: string, win: string): Promise<void> {
  const saved = await page.request.post('/api/check-ins', { data: { mood, drift, win }, headers: { origin: new URL(page.url()).origin } });
  expect(saved.status()).toBe(200);
}

test('the summary shows everything the participant wrote, with the mood line and its table', async ({ page, signUp }) => {
  await signUp({ prefix: 'summary' });
  await completeSession1InPage(page, [5, 6, 3, 4, 7, 8, 6], 'Fitness');
  await completeSessions2to4ByRequest(page);
  await checkIn(page, 7, 'Skipped the walk', 'Called my sister');
  await page.goto('/summary');

  const journey = page.getByRole('region', { name: 'Your journey, in your words' });
  await expect(journey.getByRole('region', { name: 'Wheel of Truth' })).toContainText('Fitness');
  await expect(journey.getByRole('region', { name: 'Break the Chains' })).toContainText('Speaking up');
  await expect(journey.getByRole('region', { name: 'Fuel & Accelerate' })).toContainText('Every morning');
  const path = journey.getByRole('region', { name: 'The Life7 Path' });
  await expect(path).toContainText('Run 10k');
  await expect(path).toContainText('Calm and fit');
  await expect(path.getByText('Pending')).toHaveCount(3);
  await expect(journey.getByRole('region', { name: 'Check-in notes' })).toContainText('Called my sister');

  // The mood line is a drawing for the eye and a table for screen readers.
  const moods = page.getByRole('table', { name: /Your mood on each day you checked in/ });
  await expect(moods.getByRole('row')).toHaveCount(2);
  await expect(moods.getByRole('cell', { name: '7' })).toBeAttached();
  await expect(page.locator('.mood-path')).toHaveAttribute('d', /^M/);
  await expect(page.getByText('Consistency')).toBeVisible();

  // The download holds the same words.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download My Progress' }).click()]);
  const data = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))) as {
    progress: { session2: { blockers: { reflection: string }[] }; session4: { target90Day: string } };
    checkIns: { win: string }[];
  };
  expect(data.progress.session2.blockers[0]!.reflection).toBe('Speaking up');
  expect(data.progress.session4.target90Day).toBe('Run 10k');
  expect(data.checkIns[0]!.win).toBe('Called my sister');
});

test('the summary sets the first wheel against the latest: the Keystone verdict and the answers that moved most', async ({
  page,
  signUp,
}) => {
  await signUp({ prefix: 'reassess' });
  // Fitness is the Keystone; the retake lifts every Fitness answer from 3 to 8 (a retake the same
  // day keeps the first wheel and adds the latest).
  await completeSession1InPage(page, [5, 6, 3, 4, 7, 8, 6], 'Fitness');
  await completeSession1InPage(page, [5, 6, 8, 4, 7, 8, 6], 'Fitness');
  await page.goto('/summary');

  const compare = page.getByRole('region', { name: 'Your Progress Since Your First Wheel' });
  await expect(
    compare.getByText('Your Keystone arena, Fitness, improved more than the others: +5.0 against 0.0 on average.'),
  ).toBeVisible();
  await expect(compare.getByRole('img', { name: /^First wheel/ })).toBeVisible();
  await expect(compare.getByRole('img', { name: /^Latest wheel/ })).toBeVisible();
  const moved = compare.getByRole('list', { name: 'The answers that moved most' }).getByRole('listitem');
  await expect(moved).toHaveCount(5);
  for (const item of await moved.all()) {
    await expect(item).toContainText('Fitness');
    await expect(item).toContainText('3 → 8 (+5)');
  }
  // The comparison image: the first wheel as an outline under the latest.
  const image = await page.request.get('/api/progress/wheel.png?compare');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});

test('Session 4 lists each milestone once and marks it done without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signUpThroughApi(page, { prefix: 'milestones' });
    const headers = { origin: new URL(page.url()).origin };
    expect(
      (
        await page.request.post('/api/progress', {
          data: { questionResponses: session1Answers(5), keystoneArena: 'Faith', reflections: ['a', 'b', 'c'] },
          headers,
        })
      ).status(),
    ).toBe(200);
    await completeSessions2to4ByRequest(page);
    await page.goto('/sessions/4');
    const framework = page.getByRole('region', { name: '12-week framework' });
    await expect(framework.getByRole('listitem')).toHaveCount(3);
    await expect(framework.getByText('Run 3k')).toHaveCount(1);
    await framework.getByRole('button', { name: 'Mark done' }).first().click();
    await expect(page).toHaveURL(/\/sessions\/4#framework$/);
    await expect(framework.getByRole('listitem').first()).toContainText('Done');
    await expect(framework.getByRole('button', { name: 'Mark as pending' })).toHaveCount(1);
    await expect(framework.getByRole('button', { name: 'Mark done' })).toHaveCount(2);
  } finally {
    await context.close();
  }
});

test('the 1 to 10 scale stays on one row at 360 px, 1 and 10 at its ends under their labels', async ({ page, signUp }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp({ prefix: 'scale', landOn: '/sessions/1' });
  await islandsHydrated(page);
  const buttons = page.locator('.wot-scale .wot-rate');
  await expect(buttons).toHaveCount(10);
  const boxes = await Promise.all((await buttons.all()).map((b) => b.boundingBox()));
  const tops = new Set(boxes.map((box) => Math.round(box!.y)));
  expect(tops.size, 'every rating on one row').toBe(1);
  for (const box of boxes) expect(box!.width, 'each rating at least 24 px wide (WCAG target size)').toBeGreaterThanOrEqual(24);
  const labels = page.locator('.wot-scale-labels');
  const labelBox = (await labels.boundingBox())!;
  expect(Math.abs(boxes[0]!.x - labelBox.x)).toBeLessThan(2);
  expect(Math.abs(boxes[9]!.x + boxes[9]!.width - (labelBox.x + labelBox.width))).toBeLessThan(2);
  // Nothing runs off the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the web app manifest names Life7, its colours and icons, and opens the dashboard standalone', async ({ page, signUp }) => {
  await signUp({ prefix: 'manifest' });
  const href = await page.locator('link[rel=manifest]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  await expect(page.locator('meta[name=theme-color][media="(prefers-color-scheme: dark)"]')).toHaveAttribute('content', '#212529');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; purpose: string; sizes: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Life7', start_url: '/dashboard', display: 'standalone', theme_color: '#ffffff' });
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
  }
});
