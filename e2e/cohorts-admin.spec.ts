// The coach's cohort flow (docs/product.md#cohorts): the admin creates a cohort starting
// next Monday with capacity 2; three sign-ups that name it (as `/join/:cohort` will) land two seated
// and one waitlisted; the admin moves a seated one to another cohort from their page; the waitlisted one
// is seated and a mail reached them (the development outbox, /dev/mail).
import type { Browser } from '@playwright/test';
import { ADMIN, expect, signUpThroughApi, test } from './fixtures';

/** Next Monday (never today) in the coaches' zone, 'YYYY-MM-DD'. */
function nextMonday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  const ahead = (8 - day.getUTCDay()) % 7 || 7;
  day.setUTCDate(day.getUTCDate() + ahead);
  return day.toISOString().slice(0, 10);
}

/** A participant signed up in a browser of their own, as a new visitor would. */
async function signUpElsewhere(browser: Browser, name: string, cohort: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUpThroughApi(page, { prefix: 'cohort-e2e', name, cohort, landOn: null });
  await context.close();
  return account;
}

test('the coach fills a cohort of two, moves one participant out, and the waitlisted one is seated and mailed', async ({
  page,
  logIn,
  browser,
}) => {
  const cohortName = `January E2E ${Date.now().toString(36)}`;
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: cohortName, exact: true }) });
  await logIn(ADMIN, '/admin/cohorts');
  await expect(page.getByRole('heading', { name: 'Cohorts', level: 1 })).toBeVisible();

  await page.locator('summary', { hasText: 'New cohort' }).click();
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Create Cohort' }) });
  await form.getByLabel('Name').fill(cohortName);
  await form.getByLabel(/Start date/).fill(nextMonday());
  await form.getByLabel(/Capacity/).fill('2');
  await form.getByLabel('Pacing').selectOption('weekly');
  await expect(form.getByLabel('Enrolment open')).toBeChecked();
  // Not the default for sign-ups: the other tests, running beside this one, sign people up too.
  await form.getByLabel('Weekday').selectOption('Tuesday');
  await form.getByRole('button', { name: 'Create Cohort' }).click();
  await expect(page.getByText('Cohort created')).toBeVisible();
  await expect(row).toContainText('Upcoming');
  await expect(row).toContainText('0 / 2');
  // The name links to the cohort's desk: /admin/cohort?cohort=ID.
  const deskHref = (await row.getByRole('link', { name: cohortName, exact: true }).getAttribute('href'))!;
  const cohortId = new URL(deskHref, 'http://life7.test').searchParams.get('cohort')!;

  const [first, second, third] = [
    await signUpElsewhere(browser, 'Ada Seated', cohortId),
    await signUpElsewhere(browser, 'Bea Seated', cohortId),
    await signUpElsewhere(browser, 'Cy Waiting', cohortId),
  ];
  await page.reload();
  await expect(row.getByRole('cell').nth(3)).toHaveText('2 / 2');
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');

  // The first participant's page: their cohort and seat, then 'Move to cohort'.
  await page.goto(`/admin/users?q=${encodeURIComponent(first.email)}`);
  await page.getByRole('link', { name: 'Ada Seated' }).click();
  const cohortPart = page.locator('section', { has: page.getByRole('heading', { name: 'Cohort', exact: true }) });
  await expect(cohortPart).toContainText(cohortName);
  await expect(cohortPart).toContainText('Seated');
  const select = cohortPart.getByLabel('Cohort to move them to');
  // The seed's self-paced cohort (migration 0019's founding cohort, renamed by the seed).
  const other = select.locator('option[value="founding"]');
  const otherName = ((await other.textContent()) ?? '').replace(/\s*\(.*\)$/, '').trim();
  await select.selectOption('founding');
  await cohortPart.getByRole('button', { name: 'Move to cohort' }).click();
  await expect(page.getByText('Cohort changed').first()).toBeVisible();
  await expect(cohortPart).toContainText(otherName);
  const audit = page.locator('section', { has: page.getByRole('heading', { name: 'Audit trail' }) });
  const entry = audit.getByRole('row').nth(1);
  await expect(entry).toContainText('Cohort changed');
  await expect(entry).toContainText(`${cohortName} (seated)`);
  await expect(entry).toContainText(`${otherName} (seated)`);

  // The waitlisted one has the seat, and the mail says so.
  await page.goto('/admin/cohorts');
  await expect(row.getByRole('cell').nth(3)).toHaveText('2 / 2');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  await page.goto(`/admin/users?q=${encodeURIComponent(third.email)}`);
  await page.getByRole('link', { name: 'Cy Waiting' }).click();
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Cohort', exact: true }) })).toContainText('Seated');
  const mail = page.locator('article', { hasText: third.email }).filter({ hasText: `You have a seat in ${cohortName}` });
  await expect(async () => {
    await page.goto('/dev/mail');
    await expect(mail).toBeVisible({ timeout: 500 });
  }).toPass();
  await expect(mail).toContainText('Session 1 is open now');
  // Nobody else was told of a seat.
  await expect(page.locator('article', { hasText: second.email }).filter({ hasText: 'You have a seat' })).toHaveCount(0);
});
