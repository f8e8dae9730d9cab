// The participant's pages around the sessions: dashboard, wheel image, webinar dialog, summary
// with its export, and the info pages (check-ins: e2e/check-ins.spec.ts).
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  answerAllQuestions,
  completeSession1ByRequest,
  completeSession1InPage,
  islandsHydrated,
  signUpInBrowser,
  uniqueEmail,
} from './helpers';

async function downloadBytes(download: Download): Promise<Buffer> {
  const path = await download.path();
  expect(path, 'downloaded file').toBeTruthy();
  return readFile(path!);
}

/** Clicks `trigger` and returns the download it starts. */
async function downloadFrom(page: Page, trigger: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return download;
}

const DAY = /\d{4}-\d{2}-\d{2}/;

test('the dashboard before and after Session 1', async ({ page, signUp }) => {
  await signUp({ prefix: 'dashboard', name: 'Dana' });

  // A first visit: not 'back', and 0 of 4 is not 'resume' (decision 33).
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Life7, Dana' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Session 1' })).toHaveAttribute('href', '/sessions/1');
  await expect(page.getByRole('link', { name: 'Resume where you left off' })).toHaveCount(0);
  const wheelCard = page.getByRole('region', { name: 'Your Life7 Wheel' });
  await expect(wheelCard.getByText('Wheel Locked')).toBeVisible();
  await expect(wheelCard.getByRole('link', { name: 'Go to Session 1' })).toHaveAttribute('href', '/sessions/1');
  await expect(wheelCard.getByRole('img')).toHaveCount(0);
  await expect(wheelCard.getByRole('link', { name: 'Export as Image' })).toHaveCount(0);

  const community = page.getByRole('region', { name: 'Community & Support' });
  await expect(community).toBeVisible();
  for (const name of ['Mentoring Academy', 'Challenge Community']) {
    const link = community.getByRole('link', { name });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
  // A mail link opens the mail program in place (a new tab would stay empty).
  await expect(community.getByRole('link', { name: 'Email the Team' })).toHaveAttribute('href', /^mailto:/);
  await expect(community.getByRole('link', { name: 'Webinar replays' })).toHaveAttribute('href', '/replays');
  await expect(community.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');

  await completeSession1InPage(page, [3, 4, 5, 6, 7, 8, 9], 'Faith');
  await page.reload();

  await expect(wheelCard.getByText('Wheel Locked')).toHaveCount(0);
  const wheel = wheelCard.getByRole('img', { name: /Wheel of your seven arenas/ });
  await expect(wheel).toBeVisible();
  await expect(wheel).toHaveAttribute('aria-label', /Faith 3\.0 \(weakest\) \(keystone\).*Fun 9\.0.*Total 42\.0 \/ 70/);
  const scores = wheelCard.getByRole('group', { name: 'Your scores from Session 1 - Wheel of Truth' });
  await expect(scores.getByRole('slider')).toHaveCount(7);
  const finance = scores.getByRole('slider', { name: 'Finance' });
  await expect(finance).toBeDisabled();
  await expect(finance).toHaveValue('6');
  await expect(finance).toHaveAttribute('aria-valuetext', '6.0 out of 10');
  await expect(scores.locator('output')).toHaveText(['3.0', '4.0', '5.0', '6.0', '7.0', '8.0', '9.0']);
  // The wheel grows in, unless the visitor asked for less motion (as every other test does).
  const animation = () => wheel.evaluate((svg) => getComputedStyle(svg).animationName);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  expect(await animation()).toBe('wheel-grow');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await animation()).toBe('none');
  await expect(wheelCard.getByText('Keystone Arena: Faith')).toBeVisible();
  await expect(wheelCard.getByRole('link', { name: 'Export as Image' })).toBeVisible();
});

test('Export as Image downloads a 700 x 820 PNG of the wheel', async ({ page, signUp }) => {
  await signUp({ prefix: 'wheel-png' });
  await completeSession1InPage(page, 7, 'Field');
  await page.reload();

  const download = await downloadFrom(page, () => page.getByRole('link', { name: 'Export as Image' }).click());
  expect(download.suggestedFilename()).toMatch(/^life7-wheel-\d{4}-\d{2}-\d{2}\.png$/);
  const png = await downloadBytes(download);
  expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'PNG signature').toBe(true);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect(png.readUInt32BE(16), 'width').toBe(700);
  expect(png.readUInt32BE(20), 'height').toBe(820);
});

test('the webinar dialog works from the keyboard and offers the calendar', async ({ page, signUp }) => {
  await signUp({ prefix: 'webinar' });
  const dialog = page.getByRole('dialog', { name: 'Upcoming Sessions' });
  await expect(dialog).toBeHidden();

  // The 'Join Webinar' button of the page header (the nav bar has one too).
  const join = page.locator('main .page-header').getByRole('button', { name: 'Join Webinar' });
  await join.focus();
  await expect(join).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Join us for our weekly coaching webinars')).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(4);
  for (const item of await dialog.getByRole('listitem').all()) {
    // In the viewer's own zone, with the zone's name (decision 26): the fixture signs up in the machine's zone.
    await expect(item).toContainText(/(Mon|Tue|Wed) \d{2}\/\d{2}/);
    await expect(item).toContainText(/\d{1,2}:\d{2}\s?(AM|PM) [A-Z]/);
  }
  const joinNow = dialog.getByRole('button', { name: 'Join Now' });
  await expect(joinNow).toBeDisabled();
  await expect(joinNow).toHaveAccessibleDescription('Link posted before the session');
  await expect(dialog.getByText('Link posted before the session')).toBeVisible();
  await expect(
    dialog.getByText(/It will be here before (Mon|Tue|Wed) \d{2}\/\d{2}, .*: add the sessions to your calendar meanwhile\./),
  ).toBeVisible();

  const google = dialog.getByRole('link', { name: 'Google' });
  await expect(google).toHaveAttribute('target', '_blank');
  const googleUrl = new URL((await google.getAttribute('href'))!);
  expect(googleUrl.host).toBe('calendar.google.com');
  expect(googleUrl.searchParams.get('recur') ?? '').toMatch(/^RRULE:FREQ=WEEKLY;COUNT=4$/);
  expect(decodeURIComponent(googleUrl.href)).toContain('RRULE');

  const outlook = dialog.getByRole('link', { name: 'Outlook' });
  await expect(outlook).toHaveAttribute('target', '_blank');
  expect(new URL((await outlook.getAttribute('href'))!).host).toBe('outlook.live.com');

  await expect(dialog.getByRole('link', { name: 'Apple' })).toHaveAttribute('href', '/api/webinars/life7-sessions.ics');
  const download = await downloadFrom(page, () => dialog.getByRole('link', { name: 'Download' }).click());
  expect(download.suggestedFilename()).toBe('life7-sessions.ics');
  const ics = (await downloadBytes(download)).toString('utf8');
  expect(ics).toMatch(/^BEGIN:VCALENDAR/);
  expect(ics.match(/BEGIN:VEVENT/g) ?? []).toHaveLength(4);
  expect(ics.match(/END:VEVENT/g) ?? []).toHaveLength(4);

  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(join).toBeFocused();
});

test('the summary compares the first and latest wheel and exports the progress', async ({ page, signUp }) => {
  const { email } = await signUp({ prefix: 'summary', password: 'a-secret-phrase-42' });

  await page.goto('/summary');
  await expect(page.getByRole('heading', { name: 'Summary Locked' })).toBeVisible();

  // A first wheel, then a retake with different answers.
  await completeSession1InPage(page, 6, 'Faith');
  await completeSession1InPage(page, [8, 7, 6, 6, 6, 6, 5], 'Fun');
  await page.reload();

  // 8 + 7 + 6 * 4 + 5 = 44
  const stats = page.locator('dl.summary-stats');
  await expect(stats.getByRole('definition').first()).toHaveText('44.0 / 70');
  await expect(page.getByText('/ 70', { exact: false }).first()).toBeVisible();
  await expect(stats).toContainText('Keystone Focus');
  await expect(stats.getByRole('definition').nth(1)).toHaveText('Fun');
  await expect(stats.getByRole('definition').nth(2)).toHaveText('0 days');

  const compare = page.getByRole('region', { name: 'Your Progress Since Your First Wheel' });
  await expect(compare).toBeVisible();
  await expect(compare.getByRole('img', { name: /^First wheel, / })).toBeVisible();
  await expect(compare.getByRole('img', { name: /^Latest wheel, / })).toBeVisible();
  const table = compare.getByRole('table', { name: 'Change per arena from your first to your latest wheel' });
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row('Faith').getByRole('cell')).toHaveText(['6.0', '8.0', '+2.0']);
  await expect(row('Family').getByRole('cell')).toHaveText(['6.0', '7.0', '+1.0']);
  await expect(row('Finance').getByRole('cell')).toHaveText(['6.0', '6.0', '0.0']);
  await expect(row('Fun').getByRole('cell')).toHaveText(['6.0', '5.0', '−1.0']);
  await expect(row('Total').getByRole('cell')).toHaveText(['42.0', '44.0', '+2.0']);

  const download = await downloadFrom(page, () => page.getByRole('link', { name: 'Download My Progress' }).click());
  expect(download.suggestedFilename()).toMatch(/^life7-progress-\d{4}-\d{2}-\d{2}\.json$/);
  expect(download.suggestedFilename().match(DAY)).toBeTruthy();
  const text = (await downloadBytes(download)).toString('utf8');
  expect(text.toLowerCase()).not.toContain('password');
  expect(text).not.toContain('a-secret-phrase-42');
  const data = JSON.parse(text);
  expect(data.account.email).toBe(email);
  expect(data.wheelHistory).toHaveLength(2);
  expect(data.wheelHistory[0].total).toBe(42);
  expect(data.wheelHistory[1].total).toBe(44);
});

test('Retake Assessment asks first, keeps the first wheel and the summary compares both', async ({ page, signUp }) => {
  await signUp({ prefix: 'retake' });
  await completeSession1ByRequest(page, 'Fun');

  // A completed session opens read-only: retaking starts with 'Edit answers'.
  await page.goto('/sessions/1');
  await page.getByRole('link', { name: 'Edit answers' }).click();
  await expect(page.getByRole('heading', { name: 'Your Wheel of Truth' })).toBeVisible();
  // The questionnaire's island live first (a click made before it was lost in one run; replay
  // before hydration is e2e/hydration.spec.ts's subject).
  await islandsHydrated(page);
  const retake = page.getByRole('button', { name: 'Retake Assessment' });
  await retake.click();
  const dialog = page.getByRole('alertdialog', { name: 'Retake the assessment?' });
  await expect(dialog).toContainText('Starts afresh: your 70 answers');
  // Cancel is the safe default: Enter on the open dialog keeps everything.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(retake).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Your Wheel of Truth' })).toBeVisible();

  await retake.click();
  await dialog.getByRole('button', { name: 'Retake Assessment' }).click();
  await expect(page.getByText('Question 1 of 70')).toBeVisible();
  await answerAllQuestions(page, () => 8);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Continue' }).click();
  for (const n of [1, 2, 3]) await page.locator(`#wheel-reflection-${n}`).fill(`Again ${n}`);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/sessions$/);

  await page.goto('/summary');
  const table = page.getByRole('table', { name: 'Change per arena from your first to your latest wheel' });
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
  await expect(row('Faith').getByRole('cell')).toHaveText(['6.0', '8.0', '+2.0']);
  await expect(row('Total').getByRole('cell')).toHaveText(['42.0', '56.0', '+14.0']);
});

test("sign-up keeps the browser's time zone and Settings changes it", async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo' });
  try {
    const page = await context.newPage();
    await signUpInBrowser(page, uniqueEmail('zone'));
    await page.goto('/settings');
    const zone = page.getByLabel('Time zone');
    await expect(zone).toHaveValue('Asia/Tokyo');
    await zone.selectOption('Europe/Lisbon');
    await page.getByRole('button', { name: 'Save Time Zone' }).click();
    await expect(page.getByText('Time zone saved')).toBeVisible();
    await expect(zone).toHaveValue('Europe/Lisbon');
  } finally {
    await context.close();
  }
});

test('next steps, the FAQ and the replays', async ({ page, signUp }) => {
  await signUp({ prefix: 'info' });

  await page.goto('/next-steps');
  await expect(page.getByRole('heading', { level: 1, name: 'Next Steps' })).toBeVisible();
  const offers: [string, string][] = [
    ['Mastermind Pod', 'Join a Mastermind Pod'],
    ['Inner Circle', 'Join the Inner Circle'],
    ['Premium', 'Become a Patron'],
  ];
  for (const [title, action] of offers) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });
    await expect(card).toHaveCount(1);
    const link = card.getByRole('link', { name: `${action} (opens in a new tab)` });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }

  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  const items = page.locator('details.faq-item');
  expect(await items.count()).toBeGreaterThan(5);
  const item = items.filter({ hasText: 'Can I retake the assessment?' });
  const question = item.locator('summary');
  await expect(item).not.toHaveAttribute('open');
  await expect(item.getByText(/Retaking Session 1 asks first/)).toBeHidden();
  await question.focus();
  await expect(question).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(item).toHaveAttribute('open', '');
  await expect(item.getByText(/Retaking Session 1 asks first/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(item).not.toHaveAttribute('open');

  await page.goto('/replays');
  await expect(page.getByRole('heading', { level: 1, name: 'Webinar Replays' })).toBeVisible();
  const empty = page.getByRole('heading', { name: 'No replays yet' });
  const past = page.getByRole('list', { name: 'Past webinars' });
  await expect(empty.or(past)).toBeVisible();
  if (await past.isVisible()) {
    for (const card of await past.getByRole('listitem').all()) {
      await expect(card.getByRole('link', { name: /^Watch replay: / }).or(card.getByText('Replay coming soon'))).toBeVisible();
    }
  } else {
    await expect(page.getByText('Recordings of past coaching webinars will appear here after each session.')).toBeVisible();
  }
});
