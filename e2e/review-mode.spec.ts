// Review mode (docs/product.md#review-mode): a completed session opens read-only under 'Completed on
// {date}' with 'Edit answers'; nothing can be resubmitted until then. Editing then saves as usual.
import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';
import { completeSession1ByRequest, completeSessions2to4ByRequest, islandsHydrated } from './helpers';

async function completeAllSessions(page: Page): Promise<void> {
  await completeSession1ByRequest(page);
  await completeSessions2to4ByRequest(page);
}

test('completed sessions open read-only until Edit answers', async ({ page, signUp }) => {
  await signUp({ prefix: 'review' });
  await completeAllSessions(page);

  const saveButtons = { 1: 'Continue', 2: 'Complete Session 2', 3: 'Complete Session 3', 4: 'Complete Legacy Map' } as const;
  for (const n of [1, 2, 3, 4] as const) {
    await page.goto(`/sessions/${n}`);
    await expect(page.getByText(/^Completed on \w{3}, \w{3} \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit answers' })).toHaveAttribute('href', `/sessions/${n}?edit`);
    await expect(page.getByRole('button', { name: saveButtons[n] })).toBeHidden();
    // Every control of the form is disabled (by the fieldset around it).
    const controls = page.getByRole('group', { name: 'Your saved answers (read-only)' }).locator('input, textarea, select, button');
    expect(await controls.count()).toBeGreaterThan(0);
    expect(await controls.evaluateAll((all) => all.filter((c) => !c.matches(':disabled')).map((c) => c.outerHTML.slice(0, 80)))).toEqual(
      [],
    );
  }

  // Session 2: the saved answers show, but cannot change until Edit answers.
  await page.goto('/sessions/2');
  await expect(page.getByLabel(/^Fear/)).toBeChecked();
  await expect(page.getByLabel(/^Fear/)).toBeDisabled();
  await expect(page.getByLabel('How does fear show up in your life?')).toHaveValue('Speaking up');
  await page.getByRole('link', { name: 'Edit answers' }).click();
  await expect(page).toHaveURL(/\/sessions\/2\?edit$/);
  await expect(page.getByText(/You are editing: saving replaces these answers/)).toBeVisible();
  await islandsHydrated(page);
  await page.getByLabel('How does fear show up in your life?').fill('Speaking up in meetings');
  // Editing saves changes: the button does not read as a first completion.
  await expect(page.getByRole('button', { name: 'Complete Session 2' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/sessions$/);

  await page.goto('/sessions/2');
  await expect(page.getByText(/^Completed on /)).toBeVisible();
  await expect(page.getByLabel('How does fear show up in your life?')).toHaveValue('Speaking up in meetings');
  await expect(page.getByLabel('How does fear show up in your life?')).toBeDisabled();
});

test('a first run has no review notice', async ({ page, signUp }) => {
  await signUp({ prefix: 'first-run' });
  await completeSession1ByRequest(page);
  await page.goto('/sessions/2');
  await expect(page.getByText(/^Completed on /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Complete Session 2' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
});

test('editing a completed session saves changes, with JavaScript and without', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await signUpThroughApi(page, { prefix: `review-edit-${javaScriptEnabled ? 'js' : 'nojs'}` });
    await completeAllSessions(page);

    // Sessions 2-4: 'Save Changes' in place of the first-run label.
    for (const [n, firstRun] of [
      [2, 'Complete Session 2'],
      [3, 'Complete Session 3'],
      [4, 'Complete Legacy Map'],
    ] as const) {
      await page.goto(`/sessions/${n}?edit`);
      await islandsHydrated(page);
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
      await expect(page.getByRole('button', { name: firstRun })).toHaveCount(0);
    }

    // Session 1: through the results and the Keystone to the reflections.
    if (javaScriptEnabled) {
      await page.goto('/sessions/1?edit');
      await islandsHydrated(page);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Continue' }).click();
      await expect(page.getByRole('heading', { name: 'Reflections' })).toBeVisible();
    } else {
      await page.goto('/sessions/1?edit');
      await page.getByRole('link', { name: 'Answer the Questions' }).click();
      await expect(page).toHaveURL(/step=answers/);
      // The saved answers come ticked; the form posts as it is.
      await expect(page.locator('input[type=radio]:checked')).toHaveCount(70);
      await page.getByRole('button', { name: 'See Your Results' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/step=reflections/);
      for (const [i, text] of ['a', 'b', 'c'].entries()) await page.locator(`#s1-reflection-${i + 1}`).fill(text);
    }
    await expect(page.getByRole('button', { name: 'Complete Session 1' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await context.close();
  }
});
