// Reminders (docs/product.md#reminders-and-mail), with JavaScript on and off: the Settings controls,
// and the one-tap check-in page a reminder's mood link opens signed out. The reminder itself is
// sent by the 15-minute cron (GET /__scheduled on the preview server) through the local mail
// queue, whose consumer writes the development outbox (/dev/mail.json).
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';
import { islandsHydrated } from './helpers';

interface OutboxMail {
  to: string;
  subject: string;
  headers: Record<string, string>;
  text: string;
}

/** axe finds no WCAG 2.1 AA violation, in the light and the dark scheme. */
async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      colorScheme,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Runs the 15-minute job as of `at` (wrangler's test-scheduled route). */
async function runCron(request: APIRequestContext, at: Date): Promise<void> {
  const response = await request.get(`/__scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${at.getTime()}`);
  expect(response.ok(), await response.text()).toBe(true);
}

/** The reminder mail to `email`, once the queue's consumer has written it. */
async function reminderTo(request: APIRequestContext, email: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect(async () => {
    const list = (await (await request.get('/dev/mail.json')).json()) as OutboxMail[];
    found = list.find((m) => m.to === email && m.subject.startsWith('How was your day?'));
    expect(found).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  return found!;
}

for (const javaScript of [true, false]) {
  test(`Settings turns the daily reminder on at a chosen time (JavaScript ${javaScript ? 'on' : 'off'})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    const page = await context.newPage();
    await signUpThroughApi(page, { prefix: 'reminder-settings', landOn: '/settings' });
    await islandsHydrated(page);
    const reminders = page.getByRole('region', { name: 'Reminders' });
    await expect(reminders.getByLabel('Email me a daily check-in reminder')).not.toBeChecked();
    await reminders.getByLabel('Email me a daily check-in reminder').check();
    await reminders.getByLabel('Reminder time').selectOption('07:45');
    await reminders.getByLabel('Email me 24 hours before each webinar').check();
    await reminders.getByRole('button', { name: 'Save Reminders' }).click();

    await expect(page.locator('.toast')).toContainText('Reminders saved');
    await expect(page).toHaveURL(/\/settings#reminders$/);
    await expect(reminders.getByLabel('Email me a daily check-in reminder')).toBeChecked();
    await expect(reminders.getByLabel('Reminder time')).toHaveValue('07:45');
    await expect(reminders.getByLabel('Email me 24 hours before each webinar')).toBeChecked();

    // The calendar feed: a webcal link and its https twin; Reset link gives a new address.
    const feed = page.getByRole('region', { name: 'Calendar feed' });
    const before = await feed.getByLabel('Feed address').inputValue();
    await expect(feed.getByRole('link', { name: 'Subscribe in my calendar app' })).toHaveAttribute(
      'href',
      before.replace(/^https?:/, 'webcal:'),
    );
    await feed.getByRole('button', { name: 'Reset link' }).click();
    await expect(page.locator('.toast')).toContainText('Calendar link reset');
    await expect(feed.getByLabel('Feed address')).not.toHaveValue(before);
    expect((await page.request.get(new URL(before).pathname)).status()).toBe(404);
    await context.close();
  });

  test(`a mood link from the reminder opens signed out and saves only on Save (JavaScript ${javaScript ? 'on' : 'off'})`, async ({
    browser,
  }) => {
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    const { email } = await signUpThroughApi(ownerPage, { prefix: 'one-tap', landOn: null });
    const origin = new URL(test.info().project.use.baseURL!).origin;
    const saved = await ownerPage.request.post('/api/reminders', {
      data: { checkIn: { enabled: true, localTime: '20:00' }, webinars: { enabled: false } },
      headers: { origin },
    });
    expect(saved.status()).toBe(200);
    // Run the cron at the reminder's moment: 20:00 in the zone the browser signed up with.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const at = nextLocal(timeZone, 20 * 60);
    await runCron(ownerPage.request, at);
    const mail = await reminderTo(ownerPage.request, email);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const link = /\n6: (\S+)\n/.exec(mail.text)![1]!;

    // A different browser, not signed in, opens the link.
    const context = await browser.newContext({ javaScriptEnabled: javaScript });
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Check in for');
    await expect(page.getByRole('radio', { name: '6' })).toBeChecked();
    if (javaScript) await expectAccessible(page);
    expect(((await (await ownerPage.request.get('/api/check-ins')).json()) as { checkIns: unknown[] }).checkIns).toEqual([]);

    await page.getByRole('radio', { name: '8' }).check();
    await page.getByLabel('Win of the Day').fill('Finished the report');
    await page.getByRole('button', { name: 'Save Check-In' }).click();
    await expect(page.getByRole('heading', { name: 'Check-in saved' })).toBeVisible();
    if (javaScript) await expectAccessible(page);
    const after = (await (await ownerPage.request.get('/api/check-ins')).json()) as {
      checkIns: { mood: number; win: string }[];
      streak: number;
    };
    expect(after.checkIns).toMatchObject([{ mood: 8, win: 'Finished the report' }]);
    // The reminder's day is today (or tomorrow after 20:00 here, which does not count yet).
    await expect(page.locator('.quick-streak')).toHaveText(after.streak > 0 ? `🔥 ${after.streak}-day streak` : /No streak yet/);
    await expect(page.getByRole('link', { name: 'Open my check-ins' })).toHaveAttribute('href', '/check-ins');

    // A changed link: a clear page, nothing written.
    await page.goto(link.replace(/t=([\w-]+)\./, 't=$1x.'));
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fcheck-ins');
    await context.close();
    await owner.close();
  });
}

/** The next instant (from now) when the local time in `timeZone` is `minute` after midnight, on a quarter hour. */
function nextLocal(timeZone: string, minute: number): Date {
  const step = 15 * 60 * 1000;
  let t = Math.ceil(Date.now() / step) * step;
  const format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
  for (let i = 0; i < 200; i++, t += step) {
    const [h, m] = format.format(new Date(t)).split(':').map(Number) as [number, number];
    if (h * 60 + m === minute) return new Date(t);
  }
  throw new Error('no such local time in the next two days');
}
