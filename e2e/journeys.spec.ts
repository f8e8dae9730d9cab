// The journeys a new user takes, one per role, with a screenshot attached at each key step (and
// written to $SCREENSHOT_DIR/journeys/ when that is set):
// - a participant from sign-up to 'Challenge Complete!', a check-in and Next Steps, by keyboard only;
// - the same participant without JavaScript;
// - an admin from sign-in through every user action, the dialogs driven by keyboard.
// "Keyboard only" means page.keyboard: Tab / Shift+Tab until the control has focus (as a person
// would; `tabTo` fails when a control is never reached), then Enter, Space, arrows or typing.
import { mkdirSync, writeFileSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { session1Answers, uniqueEmail } from './helpers';

const SHOTS = process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/journeys` : null;

/** Attaches a screenshot of the page to the test (and keeps a copy in $SCREENSHOT_DIR/journeys). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Toasts and the wheel's wedges animate in: let them settle so the picture shows the step.
  await page.waitForTimeout(400);
  const body = await page.screenshot();
  await testInfo.attach(name, { body, contentType: 'image/png' });
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(`${SHOTS}/${testInfo.title.split(' ')[1]!.replace(':', '')}-${name}.png`, body);
  }
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement, undefined, { timeout: 5_000 });

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached in `max` presses. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 60): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await isFocused(target)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of ${key}`);
}

/** Presses an arrow key until the select (or slider) shows `value`. */
async function arrowTo(page: Page, target: Locator, value: string, key = 'ArrowDown', max = 10): Promise<void> {
  await expect(target).toBeFocused();
  for (let i = 0; i < max && (await target.inputValue()) !== value; i++) await page.keyboard.press(key);
  await expect(target).toHaveValue(value);
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

// Arena i (Faith..Fun) gets RATINGS[i]: Fitness is lowest (the default Keystone), Finance is the
// fourth from the bottom of the picker, which lists arenas from lowest to highest score.
const RATINGS = [3, 4, 2, 5, 7, 8, 9] as const;

test('journey participant: sign-up to Challenge Complete!, a check-in and Next Steps, by keyboard only', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('journey-keys');

  // Sign up: Tab to the selected tab, an arrow to 'Sign Up', Tab into its fields, Enter submits.
  await page.goto('/login');
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
  await tabTo(page, page.getByRole('link', { name: 'Resume where you left off' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions\/1$/);

  // Session 1: 70 ratings with the number keys (keys pressed while the island loads are replayed).
  await expect(page.getByText('Question 1 of 70')).toBeVisible();
  await shot(page, testInfo, '03-session1-question');
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
  for (const [n, text] of ['Money worries spill into every other arena', 'Finance steadies the rest', 'Write a budget on Sunday'].entries()) {
    await expect(complete1).toBeDisabled();
    await typeInto(page, page.locator(`#wheel-reflection-${n + 1}`), text);
  }
  await tabTo(page, complete1);
  await shot(page, testInfo, '06-session1-reflections');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 1 completed!')).toBeVisible();

  // Session 2: Enter on an empty form moves focus to the message, and Tab goes on to the choices.
  await tabTo(page, page.getByRole('link', { name: 'Start Session' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions\/2$/);
  const complete2 = page.getByRole('button', { name: 'Complete Session 2' });
  await tabTo(page, complete2);
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
  await shot(page, testInfo, '08-session2');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 2 Complete!')).toBeVisible();

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
  await shot(page, testInfo, '09-session3');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 3 Complete!')).toBeVisible();

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
  await shot(page, testInfo, '10-session4');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sessions$/);
  await expect(page.getByText('Session 4 Complete!')).toBeVisible();
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

  // A daily check-in: the mood slider moves with the arrow keys.
  await tabTo(page, nav.getByRole('link', { name: 'Check-Ins' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/check-ins$/);
  const mood = page.getByLabel('Mood');
  await tabTo(page, mood);
  await expect(mood).toHaveValue('5');
  await arrowTo(page, mood, '7', 'ArrowRight');
  await expect(page.getByText('7/10')).toBeVisible();
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
    await page.getByRole('link', { name: 'Resume where you left off' }).click();
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
    await expect(page.getByText('Your Keystone Arena is Finance. This will be your primary focus area for the next 90 days.')).toBeVisible();
    await page.getByLabel(/what stands out most/).fill('Money worries spill into every other arena');
    await page.getByLabel(/Why did you choose your Keystone Arena/).fill('Finance steadies the rest');
    await page.getByLabel(/one step you will take this week/).fill('Write a budget on Sunday');
    await shot(page, testInfo, '04-session1-reflections');
    await page.getByRole('button', { name: 'Complete Session 1' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(page.getByText('Session 1 completed!')).toBeVisible();

    // Session 2.
    await page.getByRole('link', { name: 'Start Session' }).click();
    await expect(page).toHaveURL(/\/sessions\/2$/);
    await page.getByLabel(/^Fear/).check();
    const fear = page.locator('.option-card', { has: page.getByLabel(/^Fear/) });
    await fear.getByLabel('How does fear show up in your life?').fill('I avoid asking for help');
    await fear.getByLabel('Finance').check();
    await shot(page, testInfo, '05-session2');
    await page.getByRole('button', { name: 'Complete Session 2' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(page.getByText('Session 2 Complete!')).toBeVisible();

    // Session 3.
    await page.getByRole('link', { name: 'Start Session' }).click();
    await expect(page).toHaveURL(/\/sessions\/3$/);
    for (const name of ['Gratitude', 'Discipline', 'Focus']) {
      await page.getByLabel(new RegExp(`^${name}`)).check();
      const card = page.locator('.option-card', { has: page.getByLabel(new RegExp(`^${name}`)) });
      await card.getByLabel('Daily action').fill(`${name} every morning`);
      await card.getByLabel('How you will measure it').fill('A tick in my journal');
    }
    await shot(page, testInfo, '06-session3');
    await page.getByRole('button', { name: 'Complete Session 3' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(page.getByText('Session 3 Complete!')).toBeVisible();

    // Session 4.
    await page.getByRole('link', { name: 'Start Session' }).click();
    await expect(page).toHaveURL(/\/sessions\/4$/);
    await expect(page.locator('.legacy-summary')).toContainText('Finance');
    await expect(page.locator('.legacy-summary')).toContainText('Gratitude, Discipline, Focus');
    await page.getByLabel('Your 90-day target').fill('Save three months of expenses');
    await page.getByLabel(/Your vision/).fill('Calm about money, generous with time');
    await page.getByLabel('Day 30 milestone').fill('Budget written');
    await page.getByLabel('Day 60 milestone').fill('One month saved');
    await page.getByLabel('Day 90 milestone').fill('Three months saved');
    await shot(page, testInfo, '07-session4');
    await page.getByRole('button', { name: 'Complete Legacy Map' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expect(page.getByText('Session 4 Complete!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Challenge Complete!' })).toBeVisible();
    await shot(page, testInfo, '08-challenge-complete');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText('4 / 4 sessions')).toBeVisible();
    await expect(page.getByText('Challenge Complete!')).toBeVisible();

    // A daily check-in (the slider takes arrow keys without JavaScript too).
    await nav.getByRole('link', { name: 'Check-Ins' }).click();
    await expect(page).toHaveURL(/\/check-ins$/);
    await page.getByLabel('Mood').press('ArrowLeft');
    await expect(page.getByLabel('Mood')).toHaveValue('4');
    await page.getByLabel('Drift Moments').fill('Scrolled instead of planning');
    await page.getByLabel('Win of the Day').fill('Wrote the budget');
    await page.getByRole('button', { name: 'Save Check-In' }).click();
    await expect(page).toHaveURL(/\/check-ins$/);
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

test('journey admin: sign-in, then every user action, the dialogs by keyboard', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey-admin-made');

  // Sign in as the demo admin, then the account menu's 'Admin Panel'.
  await page.goto('/login');
  const login = page.locator('#panel-login');
  await typeInto(page, login.getByLabel('Email'), 'admin@life7.local');
  await typeInto(page, login.getByLabel('Password'), 'admin-life7-dev');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await tabTo(page, page.getByRole('button', { name: 'Account menu' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('link', { name: 'Admin Panel' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users$/);
  await shot(page, testInfo, '01-users');

  // Create User: Enter opens the dialog, which takes focus; the plan is picked with the arrows.
  const createButton = page.getByRole('button', { name: 'Create User' });
  await tabTo(page, createButton);
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create User' });
  await expect(create.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(email);
  await typeInto(page, create.getByLabel('Name'), 'Robin Keys');
  await tabTo(page, create.getByLabel('Plan'));
  await arrowTo(page, create.getByLabel('Plan'), 'mastermind');
  await shot(page, testInfo, '02-create-user');
  await tabTo(page, create.getByRole('button', { name: 'Create User' }));
  await page.keyboard.press('Enter');
  const created = page.getByRole('dialog', { name: 'User Created' });
  await expect(created.getByLabel('Temporary password')).toHaveValue(/.{16,}/);
  await shot(page, testInfo, '03-user-created');
  await tabTo(page, created.getByRole('button', { name: 'Done' }));
  await page.keyboard.press('Enter');
  await expect(created).toBeHidden();
  // Closing the modal hands focus back to the button that opened it.
  await expect(createButton).toBeFocused();

  // Find the new user with the search form (a GET form: Enter submits it).
  await typeInto(page, page.getByLabel('Search users'), email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Mastermind (active)');
  await expect(page.getByRole('row')).toHaveCount(2);

  // Change Plan: the word must be typed before Enter does anything.
  const changePlan = row.getByRole('button', { name: 'Change Plan' });
  await tabTo(page, changePlan);
  await page.keyboard.press('Enter');
  const plan = page.getByRole('dialog', { name: 'Change Plan' });
  await expect(plan.getByLabel('Plan')).toBeFocused();
  await arrowTo(page, plan.getByLabel('Plan'), 'premium');
  await typeInto(page, plan.getByLabel('Type upgrade to confirm'), 'upgrad');
  await page.keyboard.press('Enter');
  await expect(plan).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Update Plan' })).toBeDisabled();
  await page.keyboard.type('e');
  await shot(page, testInfo, '04-change-plan');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Membership updated successfully')).toBeVisible();
  await expect(plan).toBeHidden();
  await expect(row).toContainText('Premium (active)');
  await expect(changePlan).toBeFocused();

  // Make Admin: Escape closes the dialog without a change; then the real thing.
  const makeAdmin = row.getByRole('button', { name: 'Make Admin' });
  await tabTo(page, makeAdmin);
  await page.keyboard.press('Enter');
  const promote = page.getByRole('dialog', { name: 'Make Admin' });
  await expect(promote).toContainText('Admin users have full access');
  await page.keyboard.press('Escape');
  await expect(promote).toBeHidden();
  await expect(makeAdmin).toBeFocused();
  await expect(row.getByRole('cell').nth(2)).toHaveText('user');
  await page.keyboard.press('Enter');
  await expect(promote.getByLabel('Type admin to confirm')).toBeFocused();
  await page.keyboard.type('admin');
  await shot(page, testInfo, '05-make-admin');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Role Updated')).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('admin');

  // Remove Admin (the same button, relabelled, keeps focus).
  const removeAdmin = row.getByRole('button', { name: 'Remove Admin' });
  await expect(removeAdmin).toBeFocused();
  await page.keyboard.press('Enter');
  const demote = page.getByRole('dialog', { name: 'Remove Admin' });
  await expect(demote.getByLabel('Type user to confirm')).toBeFocused();
  await page.keyboard.type('user');
  await page.keyboard.press('Enter');
  await expect(demote).toBeHidden();
  await expect(row.getByRole('cell').nth(2)).toHaveText('user');

  // Reset Password: no word; focus starts on Cancel, Tab reaches the action.
  await tabTo(page, row.getByRole('button', { name: 'Reset Password' }));
  await page.keyboard.press('Enter');
  const reset = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(reset.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await tabTo(page, reset.getByRole('button', { name: 'Reset Password' }));
  await shot(page, testInfo, '06-reset-password');
  await page.keyboard.press('Enter');
  const toast = page.getByRole('status').filter({ hasText: 'Password Reset' });
  await expect(toast).toContainText(`Temporary password for ${email}: `);
  await shot(page, testInfo, '07-password-reset-toast');

  // Delete, with the word.
  await tabTo(page, row.getByRole('button', { name: 'Delete' }));
  await page.keyboard.press('Enter');
  const remove = page.getByRole('dialog', { name: 'Delete User' });
  await expect(remove.getByLabel('Type delete to confirm')).toBeFocused();
  await page.keyboard.type('delete');
  await shot(page, testInfo, '08-delete-user');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${email} was deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await shot(page, testInfo, '09-user-deleted');

  // The webhook log, then Logout from the admin bar.
  const adminNav = page.getByRole('navigation', { name: 'Admin' });
  await tabTo(page, adminNav.getByRole('link', { name: 'Webhooks' }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/webhooks/);
  await shot(page, testInfo, '10-webhooks');
  await tabTo(page, page.getByRole('button', { name: 'Logout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('See you next time!')).toBeVisible();
});
