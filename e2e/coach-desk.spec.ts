// The coach's desk against the living demo cohort (scripts/demo-cohort.ts, decision 31): the
// cohort page (the running cohort's desk by default, named in its heading) fills every section and
// shows every needs-attention reason on the first open of a fresh database, it agrees with GET
// /api/admin/cohort, says how old its figures are and refreshes them, a participant is one click
// away, the selector shows another cohort without JavaScript and the comparison lists every cohort;
// a participant whose payment failed sees the grace banner; /admin/webhooks paints ignored events
// grey and 'needs review' amber.
import { ADMIN, expect, logInThroughApi, test } from './fixtures';

/** Participants of the demo cohort (scripts/demo-cohort.ts): their password is the seed's COHORT_PASSWORD. */
const IN_GRACE = { email: 'kofi.37@cohort.life7.local', password: 'cohort-life7-dev' };

test('the cohort page shows every section of the seeded cohort, as the JSON API does', async ({ page, logIn }) => {
  await logIn(ADMIN, '/admin/users');
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link').first()).toHaveText('Cohort');
  await nav.getByRole('link', { name: 'Cohort', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/cohort$/);

  const api = (await (await page.request.get('/api/admin/cohort')).json()) as {
    cohort: { id: string; name: string };
    funnel: Record<string, number>;
    checkIns: { today: number; last7Days: number; medianStreak: number };
    needsAttention: { userId: string; reasons: string[] }[];
    needsAttentionTotal: number;
    pageCount: number;
  };
  // The demo cohort fits on the API's first page.
  expect(api.pageCount).toBe(1);
  expect(api.needsAttention).toHaveLength(api.needsAttentionTotal);
  // Every reason of docs/product.md#the-coachs-desk at least once.
  const reasons = api.needsAttention.flatMap((n) => n.reasons);
  for (const kind of [/^No check-in for \d+ days/, /^Mood down /, /^On Session \d for \d+ days/, /^Payment failed: /]) {
    expect(
      reasons.some((r) => kind.test(r)),
      String(kind),
    ).toBe(true);
  }
  // The seed's running weekly cohort, in its second week: the demo participant and 23 of the living
  // cohort's 40, some through Session 2, nobody past it yet (Session 3 opens on day 15).
  expect(api.cohort.id).toBe('demo-running');
  expect(api.funnel.signedUp).toBeGreaterThanOrEqual(24);
  expect(api.funnel.session2).toBeGreaterThan(0);
  expect(api.funnel.session3).toBe(0);
  expect(api.checkIns.last7Days).toBeGreaterThan(0);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(api.cohort.name);
  await expect(page.getByLabel('Cohort', { exact: true })).toHaveValue(api.cohort.id);
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/admin/cohort.csv?cohort=${api.cohort.id}`);
  await expect(page.getByRole('heading', { name: `Needs attention (${api.needsAttentionTotal})` })).toBeVisible();
  await expect(page.getByText(/^Figures as of \d{1,2}:\d\d\s[AP]M \S+, updated every 15 minutes\.$/)).toBeVisible();
  const stats = page.getByRole('region', { name: 'Check-ins' });
  await expect(stats).toContainText(`Checked in today${api.checkIns.today}`);
  await expect(stats).toContainText(`In the last 7 days${api.checkIns.last7Days}`);
  await expect(page.getByRole('region', { name: 'From sign-up to Session 4' })).toContainText(`Signed up${api.funnel.signedUp} (100%)`);
  await expect(page.getByRole('img', { name: "The cohort's latest wheels, on average" })).toBeVisible();
  await expect(page.getByRole('table').filter({ hasText: 'Average score per arena' }).getByRole('row')).toHaveCount(8);

  // One click to the participant.
  const flagged = api.needsAttention[0]!;
  await page.locator(`a[href="/admin/users/${flagged.userId}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${flagged.userId}$`));
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
});

test('Refresh now works the figures out again and comes back to the page with a toast', async ({ page, logIn }) => {
  await logIn(ADMIN, '/admin/cohort');
  const asOf = page.getByText(/^Figures as of /);
  await expect(asOf).toBeVisible();
  await page.getByRole('button', { name: 'Refresh now' }).click();
  await expect(page).toHaveURL(/\/admin\/cohort\?cohort=[\w-]+$/);
  // Once a minute at most, whoever asks: a retry within the minute is told the figures are fresh.
  await expect(page.getByRole('status').filter({ hasText: /^Figures (refreshed|already fresh)/ })).toBeVisible();
  await expect(asOf).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Needs attention \(\d+\)$/ })).toBeVisible();
});

test('the selector shows another cohort without JavaScript, and the comparison lists every cohort', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logInThroughApi(page, ADMIN.email, ADMIN.password, '/admin/cohort');
  const picker = page.getByLabel('Cohort', { exact: true });
  const options = await picker
    .locator('option')
    .evaluateAll((all) => all.map((o) => ({ id: (o as HTMLOptionElement).value, label: o.textContent })));
  expect(options.length).toBeGreaterThan(0);
  const other = options.at(-1)!;
  await picker.selectOption(other.id);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/cohort\\?cohort=${other.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(other.label!.replace(/ \((running|upcoming|finished)\)$/, ''));

  await page.getByRole('link', { name: 'Compare cohorts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cohorts compared');
  const table = page.getByRole('table', { name: /per cohort$/ });
  await expect(table.getByRole('rowheader')).toHaveCount(options.length);
  await expect(table.getByRole('columnheader', { name: 'Fun gain' })).toBeVisible();
  await context.close();
});

test('the demo participant is mid-journey: Sessions 1 and 2 done, most of the last 10 days checked in', async ({ page, logIn }) => {
  await logIn(ADMIN, '/admin/users/demo-user');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demo Participant');
  const sessions = page.locator('.admin-sessions > li');
  await expect(sessions.nth(0)).toContainText('Completed on');
  await expect(sessions.nth(1)).toContainText('Completed on');
  await expect(sessions.nth(2)).toContainText('Not completed');
  await page.getByText(/^Check-ins as a table/).click();
  const days = page.getByRole('table').filter({ hasText: 'Check-ins, newest first' }).getByRole('rowgroup').last().getByRole('row');
  expect(await days.count()).toBeGreaterThanOrEqual(7);
  await expect(page.getByRole('img', { name: /^Mood line from / })).toBeVisible();
});

test('a participant whose payment failed keeps access and sees the banner', async ({ page }) => {
  await logInThroughApi(page, IN_GRACE.email, IN_GRACE.password, '/dashboard');
  await expect(page.getByRole('status').filter({ hasText: 'Your last payment did not go through.' })).toBeVisible();
  await page.goto('/sessions');
  await expect(page.getByRole('heading', { name: '4-Week Challenge' })).toBeVisible();
});

test('ignored webhook events are grey, those needing review amber, errors red', async ({ page, logIn }) => {
  await logIn(ADMIN, '/admin/webhooks');
  const badge = (status: string) => page.locator('.webhook-log').filter({ hasText: status }).locator('.badge').first();
  const colour = (status: string) => badge(status).evaluate((el) => getComputedStyle(el).backgroundColor);
  await expect(badge('The grant already says this')).toHaveText('Ignored');
  await expect(badge('is already linked to')).toHaveText('Needs review');
  expect(await colour('The grant already says this')).not.toBe(await colour('is already linked to'));
  await page.goto('/admin/webhooks?status=needs+review');
  await expect(page.locator('.webhook-log')).not.toHaveCount(0);
  for (const entry of await page.locator('.webhook-log').all()) await expect(entry).toContainText('needs review');
});
