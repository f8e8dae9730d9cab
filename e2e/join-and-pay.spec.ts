// Join and pay inside Life7 (decision 41, docs/product.md#joining-and-paying): a visitor
// opens /join, picks the seeded cohort with seats on a paid plan, signs up, pays on the development
// checkout and lands on the dashboard seated with that plan; Next Steps' upgrade works the same
// way; Settings shows the plan's billing. /join has no violation axe finds, light and dark.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from './helpers';

const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, put there by AXE_SOURCE
    const { violations } = await (window as any).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return (violations as { id: string; nodes: { target: string[] }[] }[]).map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
    );
  });
}

async function cohortSeat(page: Page): Promise<{ id: string; seat: string } | null> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { cohort: { id: string; seat: string } | null };
  return me.cohort;
}

test('/join has no accessibility violations, light and dark', async ({ page }) => {
  await page.goto('/join');
  await expect(page.getByRole('heading', { level: 1, name: 'Join Life7' })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page), colorScheme).toEqual([]);
  }
});

test('a visitor joins the open cohort on a paid plan, pays, and is seated with it; then upgrades from Next Steps', async ({ page }) => {
  await page.goto('/join');
  const card = page.locator('section.join-cohort').filter({ has: page.getByRole('heading', { name: /evenings$/ }) });
  await expect(card.getByText(/seats left/)).toBeVisible();
  await card.getByLabel('Plan').selectOption('premium');
  await card.getByRole('button', { name: 'Join' }).click();

  // Signed out: sign up first, then back to the cohort with the plan kept.
  await expect(page).toHaveURL(/\/login\?tab=signup&next=/);
  await page.locator('#signup-form-email').fill(uniqueEmail('join'));
  await page.locator('#signup-form-password').fill('a-good-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/join\/demo-open\?plan=premium$/);
  await expect(page.getByRole('combobox', { name: 'Plan' })).toHaveValue('premium');
  await page.getByRole('button', { name: 'Join' }).click();

  // The development checkout stands in for Stripe's Payment Link; the seat is held meanwhile.
  await expect(page.getByRole('heading', { name: 'Development checkout' })).toBeVisible();
  await expect(page.getByText('Life7 Premium · $99')).toBeVisible();
  expect(await cohortSeat(page)).toMatchObject({ id: 'demo-open', seat: 'payment-pending' });
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page.getByTitle('Your plan')).toHaveText('Premium');
  expect(await cohortSeat(page)).toMatchObject({ id: 'demo-open', seat: 'seated' });

  // The wall: Next Steps offers Mastermind on its link, and the same checkout gives it.
  await page.goto('/next-steps');
  await expect(page.getByText('You have Premium: this is included.')).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade to Mastermind · $499' }).click();
  await expect(page.getByText('Life7 Mastermind · $499')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTitle('Your plan')).toHaveText('Mastermind');

  await page.goto('/settings');
  const billing = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Billing' }) });
  await expect(billing.getByText('Paid with Stripe')).toBeVisible();
  // 'Manage billing' links Stripe's customer portal once STRIPE_BILLING_PORTAL_URL is set
  // (test/upgrades.test.ts); this development server has none, so it opens the stand-in portal.
  await billing.getByRole('link', { name: 'Manage billing' }).first().click();
  await expect(page.getByRole('heading', { name: 'Development billing portal' })).toBeVisible();
});
