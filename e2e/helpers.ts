import { expect, type Page } from '@playwright/test';

let counter = 0;
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

export async function signUpInBrowser(page: Page, email: string, password = 'a-good-password', name = 'Playwright'): Promise<void> {
  await page.goto('/login?tab=signup');
  const panel = page.locator('#panel-signup');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Name (Optional)').fill(name);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function logInInBrowser(page: Page, email: string, password: string): Promise<void> {
  const panel = page.locator('#panel-login');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.getByRole('button', { name: 'Login' }).click();
}

export async function logOutInBrowser(page: Page): Promise<void> {
  await page.getByLabel('Account menu').click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}
