import { expect, signUpThroughApi, test } from './fixtures';
import { answerAllQuestions, answerFirstQuestion, completeSession1ByRequest, fillLegacyMap, islandsHydrated } from './helpers';

test('a participant completes the 4-week challenge', async ({ page, signUp }) => {
  await signUp({ prefix: 'challenge' });

  await page.getByRole('link', { name: 'Start Session 1' }).click();
  await expect(page).toHaveURL(/\/sessions\/1$/);
  await expect(page.getByRole('heading', { name: 'Wheel of Truth' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

  // All 70 answers with the keyboard: 0 means 10. Arena i (0-6) gets (i + 3) except Fitness,
  // which gets 2, so Fitness is the lowest and the default keystone.
  await answerAllQuestions(page, (q) => {
    const arena = Math.floor(q / 10);
    return arena === 2 ? 2 : arena + 3;
  });

  await expect(page.getByText('Keystone Arena').first()).toBeVisible();
  const keystone = page.getByLabel('Keystone Arena');
  await expect(keystone).toHaveValue('Fitness');
  await keystone.selectOption('Finance');
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your Keystone Arena is Finance. This will be your primary focus area for the next 90 days.');
  await dialog.getByRole('button', { name: 'Confirm & Continue' }).click();

  const complete = page.getByRole('button', { name: 'Complete Session 1' });
  for (const n of [1, 2, 3]) {
    await expect(complete).toBeDisabled();
    await page.locator(`#wheel-reflection-${n}`).fill(`Reflection ${n}`);
  }
  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 1 completed!')).toBeVisible();

  // Session 2
  await page.getByRole('link', { name: 'Start Session' }).first().click();
  await expect(page).toHaveURL(/\/sessions\/2$/);
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page.getByText('Select at least one blocker')).toBeVisible();
  await page.getByLabel(/^Fear/).check();
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page.getByText('Write a reflection for this blocker')).toBeVisible();
  await page.getByLabel('How does fear show up in your life?').fill('I avoid asking for help');
  await page.locator('.option-card', { hasText: 'Fear' }).getByLabel('Finance').check();
  await expect(page.locator('.option-card', { hasText: 'Fear' }).getByText('1 affected')).toBeVisible();
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 2 Complete!')).toBeVisible();

  // Session 3
  await page.goto('/sessions/3');
  for (const name of ['Gratitude', 'Discipline', 'Focus']) {
    await page.getByLabel(new RegExp(`^${name}`)).check();
  }
  await expect(page.getByLabel(/^Purpose/)).toBeDisabled();
  for (const card of await page.locator('.option-card.option-selected').all()) {
    await card.getByLabel('Daily action').fill('Every morning');
    await card.getByLabel('How you will measure it').fill('A tick in my journal');
  }
  await page.getByRole('button', { name: 'Complete Session 3' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 3 Complete!')).toBeVisible();

  // Session 4
  await page.goto('/sessions/4');
  await expect(page.getByRole('heading', { name: 'The Life7 Path' })).toBeVisible();
  await fillLegacyMap(page);
  // The 12-week framework: each milestone once, with its weeks, 'Pending' (docs/product.md#the-12-week-framework).
  await expect(page.locator('.framework li')).toHaveCount(3);
  await expect(page.locator('.framework li', { hasText: 'Pending' })).toHaveCount(3);
  await expect(page.locator('.framework li').nth(1)).toContainText('Weeks 5-8');
  await page.getByRole('button', { name: 'Complete Legacy Map' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 4 Complete!')).toBeVisible();
  await page.goto('/sessions/4');
  await expect(page.locator('.framework li').nth(1)).toContainText('One month saved');
  await expect(page.locator('.framework').getByText('One month saved')).toHaveCount(1);
  await page.goto('/sessions');

  await expect(page.getByRole('heading', { name: 'Challenge Complete!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Next Steps' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('4 / 4 sessions')).toBeVisible();
  await expect(page.getByText('Challenge Complete!')).toBeVisible();
  await expect(page.getByText("Check out Next Steps for what's next")).toBeVisible();
});

test('answers survive a reload in the middle of the questionnaire', async ({ page, signUp }) => {
  await signUp({ prefix: 'reload', landOn: '/sessions/1' });
  await answerFirstQuestion(page, '7');
  for (let q = 1; q < 12; q++) {
    await expect(page.getByText(`Question ${q + 1} of 70`)).toBeVisible();
    await page.keyboard.press('7');
  }
  await expect(page.getByText('Question 13 of 70')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Question 13 of 70')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText('Question 12 of 70')).toBeVisible();
  await expect(page.getByRole('button', { name: /Rate 7/ })).toHaveAttribute('aria-pressed', 'true');
});

test('sessions 2 to 4 work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // Sign up and save Session 1 through the API with this context's cookies.
  await signUpThroughApi(page, { prefix: 'nojs-sessions' });
  await completeSession1ByRequest(page);

  await page.goto('/sessions/2');
  await page.getByLabel(/^Doubt/).check();
  await page.getByLabel('How does doubt show up in your life?').fill('Second-guessing');
  // The 'Session 1 completed!' toast leaves by itself after 5 s, also without JavaScript.
  await expect(page.locator('.toast')).toBeHidden();
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 2 Complete!')).toBeVisible();
  await context.close();
});
