// The participant's journey without JavaScript: every step a form post.
import { expect, test } from './fixtures';
import { fillLegacyMap, saveCheckIn, session1Answers, uniqueEmail } from './helpers';
import { RATINGS, shot, submitSession } from './journey-helpers';

test('journey no-js: the participant journey without JavaScript', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    // Sign up: the tab is a link, the form a plain post.
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(/\/login\?tab=signup$/);
    const signup = page.locator('#panel-signup');
    await signup.getByLabel('Email').fill(uniqueEmail('journey-nojs'));
    await signup.getByLabel('Name (Optional)').fill('Noah No-Script');
    await signup.getByLabel('Password').fill('a-good-password');
    await signup.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Account created!')).toBeVisible();
    await shot(page, testInfo, '01-dashboard');

    // Session 1: the questionnaire as one long form, then the results, then the reflections.
    await page.getByRole('link', { name: 'Start Session 1' }).click();
    await expect(page).toHaveURL(/\/sessions\/1$/);
    await page.getByRole('link', { name: 'Answer the Questions' }).click();
    await expect(page).toHaveURL(/\/sessions\/1\?step=answers$/);
    for (const [id, value] of Object.entries(session1Answers(RATINGS))) {
      await page.locator(`input[name="${id}"][value="${value}"]`).check();
    }
    await shot(page, testInfo, '02-session1-answers');
    await page.getByRole('button', { name: 'See Your Results' }).click();
    await expect(page).toHaveURL(/\/sessions\/1\?step=results$/);
    const keystone = page.getByRole('group', { name: 'Keystone Arena' });
    await expect(keystone.getByRole('radio', { name: /Fitness/ })).toBeChecked();
    await keystone.getByRole('radio', { name: /Finance/ }).check();
    await shot(page, testInfo, '03-session1-results');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/step=reflections&keystone=Finance$/);
    await expect(
      page.getByText('Your Keystone Arena is Finance. This will be your primary focus area for the next 90 days.'),
    ).toBeVisible();
    await page.getByLabel(/what stands out most/).fill('Money worries spill into every other arena');
    await page.getByLabel(/Why did you choose your Keystone Arena/).fill('Finance steadies the rest');
    await page.getByLabel(/one step you will take this week/).fill('Write a budget on Sunday');
    await submitSession(
      page,
      testInfo,
      '04-session1-reflections',
      () => page.getByRole('button', { name: 'Complete Session 1' }).click(),
      'Session 1 completed!',
    );

    // Session 2.
    await page.getByRole('link', { name: 'Start Session' }).click();
    await expect(page).toHaveURL(/\/sessions\/2$/);
    await page.getByLabel(/^Fear/).check();
    const fear = page.locator('.option-card', { has: page.getByLabel(/^Fear/) });
    await fear.getByLabel('How does fear show up in your life?').fill('I avoid asking for help');
    await fear.getByLabel('Finance').check();
    await submitSession(
      page,
      testInfo,
      '05-session2',
      () => page.getByRole('button', { name: 'Complete Session 2' }).click(),
      'Session 2 Complete!',
    );

    // Session 3.
    await page.getByRole('link', { name: 'Start Session' }).click();
    await expect(page).toHaveURL(/\/sessions\/3$/);
    for (const name of ['Gratitude', 'Discipline', 'Focus']) {
      await page.getByLabel(new RegExp(`^${name}`)).check();
      const card = page.locator('.option-card', { has: page.getByLabel(new RegExp(`^${name}`)) });
      await card.getByLabel('Daily action').fill(`${name} every morning`);
      await card.getByLabel('How you will measure it').fill('A tick in my journal');
    }
    await submitSession(
      page,
      testInfo,
      '06-session3',
      () => page.getByRole('button', { name: 'Complete Session 3' }).click(),
      'Session 3 Complete!',
    );

    // Session 4.
    await page.getByRole('link', { name: 'Start Session' }).click();
    await expect(page).toHaveURL(/\/sessions\/4$/);
    await fillLegacyMap(page);
    await submitSession(
      page,
      testInfo,
      '07-session4',
      () => page.getByRole('button', { name: 'Complete Legacy Map' }).click(),
      'Session 4 Complete!',
    );
    await expect(page.getByRole('heading', { name: 'Challenge Complete!' })).toBeVisible();
    await shot(page, testInfo, '08-challenge-complete');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('4 / 4 sessions')).toBeVisible();
    await expect(page.getByText('Challenge Complete!')).toBeVisible();

    // A daily check-in (the mood row's radios take arrow keys without JavaScript too).
    await nav.getByRole('link', { name: 'Check-Ins' }).click();
    await expect(page).toHaveURL(/\/check-ins$/);
    await page.getByRole('radio', { name: '5 of 10' }).check();
    await page.getByRole('radio', { name: '5 of 10' }).press('ArrowLeft');
    await expect(page.getByRole('radio', { name: '4 of 10' })).toBeChecked();
    await saveCheckIn(page, 'Scrolled instead of planning', 'Wrote the budget');
    await expect(page.getByText('Check-in saved')).toBeVisible();
    await expect(page.locator('.check-in-item')).toContainText('Mood 4');
    await expect(page.locator('.check-in-item')).toContainText('Wrote the budget');
    await shot(page, testInfo, '09-check-in-saved');

    // Next Steps.
    await nav.getByRole('link', { name: 'Next Steps' }).click();
    await expect(page).toHaveURL(/\/next-steps$/);
    for (const title of ['Mastermind Pod', 'Inner Circle', 'Premium']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await shot(page, testInfo, '10-next-steps');
  } finally {
    await context.close();
  }
});
