// The participant's journey from sign-up to 'Challenge Complete!', a check-in and Next Steps, by
// keyboard only (see e2e/journey-helpers.ts).
import { expect, test } from './fixtures';
import { islandsHydrated, uniqueEmail } from './helpers';
import { arrowTo, RATINGS, shot, submitSession, tabTo, typeInto } from './journey-helpers';

test('journey participant: sign-up to Challenge Complete!, a check-in and Next Steps, by keyboard only', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('journey-keys');

  // Sign up: Tab to the selected tab, an arrow to 'Sign Up', Tab into its fields, Enter submits.
  await page.goto('/login');
  // The tabs' island live first: this test is about the keyboard path, and e2e/hydration.spec.ts
  // about keys pressed before an island is live (an arrow key pressed then was lost in one run).
  await islandsHydrated(page);
  await tabTo(page, page.getByRole('tab', { name: 'Login' }));
  await page.keyboard.press('ArrowRight');
  const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
  await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
  await expect(signUpTab).toBeFocused();
  const signup = page.locator('#panel-signup');
  await typeInto(page, signup.getByLabel('Email'), email);
  await typeInto(page, signup.getByLabel('Name (Optional)'), 'Kim Keys');
  await typeInto(page, signup.getByLabel('Password'), 'a-good-password');
  await shot(page, testInfo, '01-sign-up');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(page.getByText('0 / 4 sessions')).toBeVisible();
  await shot(page, testInfo, '02-dashboard');

  // The skip link jumps over the top bar; the next Tab is inside the page.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Start Session 1' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions\/1$/);

  // Session 1: 70 ratings with the number keys (keys pressed while the island loads are replayed).
  await expect(page.getByText('Question 1 of 70')).toBeVisible();
  await shot(page, testInfo, '03-session1-question');
  // A key pressed before the page's entry script has run has nobody to queue it: wait for that
  // (the load event), not for the island itself.
  await page.waitForLoadState('load');
  for (let q = 0; q < 70; q++) {
    await expect(page.getByText(`Question ${q + 1} of 70`)).toBeVisible();
    const rating: number = RATINGS[Math.floor(q / 10)]!;
    await page.keyboard.press(rating === 10 ? '0' : String(rating));
  }
  // The results take focus (their heading), so Tab goes on from there.
  const resultsTitle = page.getByRole('heading', { name: 'Your Wheel of Truth' });
  await expect(resultsTitle).toBeFocused();
  const keystone = page.getByLabel('Keystone Arena');
  await expect(keystone).toHaveValue('Fitness');
  await tabTo(page, keystone);
  await arrowTo(page, keystone, 'Finance');
  await shot(page, testInfo, '04-session1-results');
  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: /Confirm your focus/ });
  await expect(confirm).toContainText('Your Keystone Arena is Finance. This will be your primary focus area for the next 90 days.');
  // The modal takes focus; Tab stays inside it.
  await tabTo(page, confirm.getByRole('button', { name: 'Confirm & Continue' }));
  await shot(page, testInfo, '05-session1-confirm');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Reflections' })).toBeFocused();
  const complete1 = page.getByRole('button', { name: 'Complete Session 1' });
  for (const [n, text] of [
    'Money worries spill into every other arena',
    'Finance steadies the rest',
    'Write a budget on Sunday',
  ].entries()) {
    await expect(complete1).toBeDisabled();
    await typeInto(page, page.locator(`#wheel-reflection-${n + 1}`), text);
  }
  await tabTo(page, complete1);
  await submitSession(page, testInfo, '06-session1-reflections', () => page.keyboard.press('Enter'), 'Session 1 completed!');

  // Session 2: Enter on an empty form moves focus to the message, and Tab goes on to the choices.
  await tabTo(page, page.getByRole('link', { name: 'Start Session' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions\/2$/);
  const complete2 = page.getByRole('button', { name: 'Complete Session 2' });
  await tabTo(page, complete2);
  // Focus woke the form's island; once it is live, Enter is checked in the page (without it, the
  // form posts and the server answers: e2e/no-javascript.spec.ts).
  await expect(page.locator('[data-island]', { has: complete2 })).toHaveAttribute('data-hydrated');
  await page.keyboard.press('Enter');
  const noBlocker = page.getByRole('alert').filter({ hasText: 'Select at least one blocker' });
  await expect(noBlocker).toBeFocused();
  await shot(page, testInfo, '07-session2-message');
  await tabTo(page, page.getByLabel(/^Fear/));
  await page.keyboard.press('Space');
  await expect(page.getByLabel(/^Fear/)).toBeChecked();
  const fear = page.locator('.option-card', { hasText: 'Fear' });
  await typeInto(page, fear.getByLabel('How does fear show up in your life?'), 'I avoid asking for help');
  for (const arena of ['Family', 'Finance']) {
    await tabTo(page, fear.getByLabel(arena));
    await page.keyboard.press('Space');
  }
  await expect(fear.getByText('2 affected')).toBeVisible();
  await tabTo(page, complete2);
  await submitSession(page, testInfo, '08-session2', () => page.keyboard.press('Enter'), 'Session 2 Complete!');

  // Session 3: three accelerators, each with its two fields; the rest are then disabled.
  await tabTo(page, page.getByRole('link', { name: 'Start Session' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions\/3$/);
  for (const name of ['Gratitude', 'Discipline', 'Focus']) {
    await tabTo(page, page.getByLabel(new RegExp(`^${name}`)));
    await page.keyboard.press('Space');
    const card = page.locator('.option-card', { has: page.getByLabel(new RegExp(`^${name}`)) });
    await typeInto(page, card.getByLabel('Daily action'), `${name} every morning`);
    await typeInto(page, card.getByLabel('How you will measure it'), 'A tick in my journal');
  }
  await expect(page.getByText('3 of 3 chosen')).toBeVisible();
  await expect(page.getByLabel(/^Purpose/)).toBeDisabled();
  const complete3 = page.getByRole('button', { name: 'Complete Session 3' });
  await tabTo(page, complete3);
  await submitSession(page, testInfo, '09-session3', () => page.keyboard.press('Enter'), 'Session 3 Complete!');

  // Session 4: the Legacy Map.
  await tabTo(page, page.getByRole('link', { name: 'Start Session' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions\/4$/);
  await expect(page.locator('.legacy-summary')).toContainText('Finance');
  await typeInto(page, page.getByLabel('Your 90-day target'), 'Save three months of expenses');
  await typeInto(page, page.getByLabel(/Your vision/), 'Calm about money, generous with time');
  await typeInto(page, page.getByLabel('Day 30 milestone'), 'Budget written');
  await typeInto(page, page.getByLabel('Day 60 milestone'), 'One month saved');
  await typeInto(page, page.getByLabel('Day 90 milestone'), 'Three months saved');
  await tabTo(page, page.getByRole('button', { name: 'Complete Legacy Map' }));
  await submitSession(page, testInfo, '10-session4', () => page.keyboard.press('Enter'), 'Session 4 Complete!');
  await expect(page.getByRole('heading', { name: 'Challenge Complete!' })).toBeVisible();
  await shot(page, testInfo, '11-challenge-complete');

  // The dashboard says so too.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: 'Dashboard' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('4 / 4 sessions')).toBeVisible();
  await expect(page.getByText('Challenge Complete!')).toBeVisible();
  await expect(page.getByText("Check out Next Steps for what's next")).toBeVisible();

  // A daily check-in: the mood row is a radio group, moved with the arrow keys.
  await tabTo(page, nav.getByRole('link', { name: 'Check-Ins' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/check-ins$/);
  await tabTo(page, page.getByRole('radio', { name: '1 of 10' }));
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: '7 of 10' })).toBeChecked();
  await typeInto(page, page.getByLabel('Drift Moments'), 'Scrolled instead of planning');
  await typeInto(page, page.getByLabel('Win of the Day'), 'Wrote the budget');
  await tabTo(page, page.getByRole('button', { name: 'Save Check-In' }));
  await shot(page, testInfo, '12-check-in');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/check-ins$/);
  await expect(page.getByText('Check-in saved')).toBeVisible();
  await expect(page.getByText('1-day streak')).toBeVisible();
  await expect(page.locator('.check-in-item')).toContainText('Mood 7');
  await expect(page.getByRole('button', { name: 'Update Check-In' })).toBeVisible();
  await shot(page, testInfo, '13-check-in-saved');

  // Next Steps.
  await tabTo(page, nav.getByRole('link', { name: 'Next Steps' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/next-steps$/);
  await expect(page.getByRole('heading', { name: 'Next Steps', level: 1 })).toBeVisible();
  for (const title of ['Mastermind Pod', 'Inner Circle', 'Premium']) {
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  }
  await tabTo(page, page.getByRole('link', { name: 'Join a Mastermind Pod' }));
  await shot(page, testInfo, '14-next-steps');
});
