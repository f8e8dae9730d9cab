// Forms post to their own page's address: a failure is a 303 back to that page, which shows the
// messages, and a success is a 303 on; so the address bar never shows /api and the history never
// holds a POST (Back never asks to resubmit).
import { expect, signUpThroughApi, test } from './fixtures';
import { completeSession1ByRequest, islandsHydrated } from './helpers';

for (const javaScriptEnabled of [true, false]) {
  test(`a failed sign-in stays on /login (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto('/login?next=%2Fsettings');
    const panel = page.locator('#panel-login');
    await panel.getByLabel('Email').fill('demo@life7.local');
    await panel.getByLabel('Password').fill('not-the-password');
    await panel.getByRole('button', { name: 'Login' }).click();
    await expect(panel.getByRole('alert')).toContainText('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    // The right password from the re-rendered page signs in and goes where the visitor was headed.
    await panel.getByLabel('Password').fill('demo-life7-dev');
    await panel.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    // Back loads GET /login afresh (a POST entry would show the browser's resubmission page),
    // which sends a signed-in visitor on to where they were headed.
    await page.goBack();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
    await context.close();
  });
}

test('a failed session save without JavaScript re-renders /sessions/2 with its messages', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signUpThroughApi(page, { prefix: 'form-address' });
  await completeSession1ByRequest(page);
  await page.goto('/sessions/2');
  await page.getByLabel(/^Doubt/).check();
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  // Beside its field (the toast may name it too).
  await expect(page.locator('form').getByText('Write a reflection for this blocker')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sessions/2');
  await page.getByLabel('How does doubt show up in your life?').fill('Second-guessing');
  await page.getByRole('button', { name: 'Complete Session 2' }).click();
  await expect(page).toHaveURL(/\/sessions$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/sessions\/2$/);
  await expect(page.getByText('Write a reflection for this blocker')).toHaveCount(0);
  await context.close();
});

/**
 * After a form post: the page the browser shows was answered to a GET (the POST was answered with
 * a 303), its address is no /api path and it is HTML; a reload shows HTML again.
 */
function watchDocuments(page: import('@playwright/test').Page): () => import('@playwright/test').Response | null {
  let last: import('@playwright/test').Response | null = null;
  page.on('response', (response) => {
    const status = response.status();
    if (response.request().isNavigationRequest() && response.frame() === page.mainFrame() && (status < 300 || status >= 400))
      last = response;
  });
  return () => last;
}

async function expectGetAddress(
  page: import('@playwright/test').Page,
  lastDocument: () => import('@playwright/test').Response | null,
  form: string,
): Promise<void> {
  await page.waitForLoadState('load');
  const shown = lastDocument();
  expect(shown, form).not.toBeNull();
  expect(shown!.request().method(), `${form}: the page shown came from a GET`).toBe('GET');
  expect(new URL(page.url()).pathname, form).not.toMatch(/^\/api\//);
  expect(shown!.headers()['content-type'], form).toContain('text/html');
  const reloaded = await page.reload();
  expect(reloaded?.headers()['content-type'], `${form} reloaded`).toContain('text/html');
}

for (const javaScriptEnabled of [true, false]) {
  test(`every member form answers with a GET page (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    const lastDocument = watchDocuments(page);
    const submit = async (form: string, name: string | RegExp, scope = page.locator('main')) => {
      if (javaScriptEnabled) await islandsHydrated(page);
      await scope.getByRole('button', { name }).first().click();
      await expectGetAddress(page, lastDocument, form);
    };

    await page.goto('/forgot-password');
    await page.getByLabel('Email Address').fill('not-an-email');
    await page.getByLabel('Email Address').evaluate((input) => input.closest('form')?.setAttribute('novalidate', ''));
    await submit('forgot password, failure', 'Send Reset Link');
    await page.getByLabel('Email Address').fill('nobody@example.com');
    await submit('forgot password, success', 'Send Reset Link');

    await signUpThroughApi(page, { prefix: `addresses-${javaScriptEnabled}`, landOn: '/settings' });
    await page.getByLabel('Current Password').fill('wrong-password');
    await page.getByLabel('New Password', { exact: true }).fill('another-good-password');
    await page.getByLabel('Confirm New Password').fill('another-good-password');
    await submit('change password, failure', 'Update Password');

    await page.goto('/check-ins');
    await page.getByLabel('Win of the Day').fill('A walk');
    await submit('check-in', /Check-In$/);

    await completeSession1ByRequest(page);
    await page.goto('/sessions/2');
    await page.getByLabel(/^Fear/).check();
    await page.getByLabel('How does fear show up in your life?').fill('Speaking up');
    // With JavaScript Sessions 2-4 save with fetch and then go on: wait for the next page.
    if (javaScriptEnabled) await islandsHydrated(page);
    await page.locator('main').getByRole('button', { name: 'Complete Session 2' }).click();
    await expect(page).toHaveURL(/\/sessions$/);
    await expectGetAddress(page, lastDocument, 'Session 2');
    await page.goto('/sessions/3');
    await submit('Session 3, failure', 'Complete Session 3');

    // Back and Forward walk GET pages only: no entry asks to resubmit.
    for (let i = 0; i < 3; i++) {
      const back = await page.goBack();
      if (back) expect(back.request().method()).toBe('GET');
      await expect(page.locator('main')).toBeVisible();
    }
    await context.close();
  });
}
