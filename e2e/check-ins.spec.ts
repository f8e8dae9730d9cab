// Daily check-ins, with and without JavaScript.
import { expect, signUpThroughApi, test } from './fixtures';
import { saveCheckIn } from './helpers';

test('a daily check-in saves, shows the streak and updates the same day', async ({ page, signUp }) => {
  await signUp({ prefix: 'check-in', landOn: '/check-ins' });
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Check-In' })).toBeVisible();
  await expect(page.getByText('No check-ins yet. Your first one starts your streak.')).toBeVisible();

  // The one mood row (1 = Low … 10 = High): nothing chosen yet; from the keyboard, as a radio group is used: 5 → 8.
  const mood = page.getByRole('group', { name: 'Mood' });
  await expect(mood.getByRole('radio', { checked: true })).toHaveCount(0);
  await mood.getByRole('radio', { name: '5 of 10' }).check();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(mood.getByRole('radio', { name: '8 of 10' })).toBeChecked();
  await saveCheckIn(page, 'Scrolled my phone at lunch', 'Walked 5 km');
  await expect(page.getByText('🔥 1-day streak')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent Check-Ins' }).getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText('Today');
  await expect(recent.first()).toContainText('Mood 8/10');
  await expect(recent.first()).toContainText('Scrolled my phone at lunch');
  await expect(recent.first()).toContainText('Walked 5 km');

  // The form now holds today's check-in, and saving again edits it.
  const update = page.getByRole('button', { name: 'Update Check-In' });
  await expect(update).toBeVisible();
  await expect(page.getByRole('radio', { name: '8 of 10' })).toBeChecked();
  await expect(page.getByLabel('Win of the Day')).toHaveValue('Walked 5 km');
  await page.getByLabel('Win of the Day').fill('Walked 10 km');
  await update.click();

  await expect(recent.first()).toContainText('Walked 10 km');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText('Today');
  await expect(page.getByText('🔥 1-day streak')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Check-In' })).toBeVisible();
});

test('a daily check-in works without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signUpThroughApi(page, { prefix: 'nojs-check-in', landOn: '/check-ins' });

    await page.getByRole('radio', { name: '3 of 10' }).check();
    await saveCheckIn(page, 'Skipped the gym', 'Called my sister');
    expect(new URL(page.url()).pathname).toBe('/check-ins');
    const recent = page.getByRole('region', { name: 'Recent Check-Ins' }).getByRole('listitem');
    await expect(recent).toHaveCount(1);
    await expect(recent.first()).toContainText('Mood 3/10');
    await expect(recent.first()).toContainText('Skipped the gym');
    await expect(recent.first()).toContainText('Called my sister');
    await expect(page.getByText('🔥 1-day streak')).toBeVisible();

    // Again the same day: the server-rendered form updates the one check-in.
    await expect(page.getByRole('radio', { name: '3 of 10' })).toBeChecked();
    await page.getByLabel('Win of the Day').fill('Called my brother too');
    await page.getByRole('button', { name: 'Update Check-In' }).click();
    await expect(page).toHaveURL(/\/check-ins$/);
    await expect(recent).toHaveCount(1);
    await expect(recent.first()).toContainText('Called my brother too');
  } finally {
    await context.close();
  }
});
