// The browser tests' `test`: every test fails on a JavaScript error or a console error (hydration
// mismatches included), so a broken island cannot pass unnoticed; and `signUp` / `logIn` give a
// test a signed-in visitor through the JSON API instead of the forms (the model:
// epic-stack tests/playwright-utils.ts). The tests about the forms themselves (e2e/auth.spec.ts,
// the journeys, the no-JavaScript sign-up) still fill them in.
import { test as base, expect, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';

export interface Account {
  email: string;
  password: string;
}

export interface SignUpOptions {
  /** The start of the unique address, to tell the test's users apart in the outbox and the admin list. */
  prefix?: string;
  password?: string;
  name?: string;
  /** The cohort to join (its id), as `/join/:cohort` names it; absent: the default for sign-ups. */
  cohort?: string;
  /** The page to open once signed in, as the sign-up form lands on the dashboard; null opens none. */
  landOn?: string | null;
}

/** The running app's address, which same-origin checks (the Origin header) want to see. */
export function appOrigin(): string {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  return new URL(baseURL).origin;
}

/**
 * Signs a fresh participant up with POST /api/auth/signup from the page's browser context, which
 * keeps the session cookie (page.request shares the context's cookies), then opens `landOn`.
 * Works for any page, also one of a context without JavaScript. The time zone sent is the one the
 * browser runs in (the machine's, unless a context sets timezoneId), as the form sends it.
 */
export async function signUpThroughApi(
  page: Page,
  { prefix = 'e2e', password = 'a-good-password', name, cohort, landOn = '/dashboard' }: SignUpOptions = {},
): Promise<Account> {
  const email = uniqueEmail(prefix);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await page.request.post('/api/auth/signup', {
    data: { email, password, name, timeZone, cohort },
    headers: { origin: appOrigin() },
  });
  expect(response.status(), `sign-up of ${email}: ${await response.text()}`).toBe(201);
  if (landOn) await page.goto(landOn);
  return { email, password };
}

/** Signs in with POST /api/auth/login from the page's browser context, then opens `landOn`. */
export async function logInThroughApi(page: Page, email: string, password: string, landOn: string | null = '/dashboard'): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: { email, password }, headers: { origin: appOrigin() } });
  expect(response.status(), `sign-in of ${email}: ${await response.text()}`).toBe(200);
  if (landOn) await page.goto(landOn);
}

/** The demo accounts of scripts/seed.mjs. */
export const DEMO = { email: 'demo@life7.local', password: 'demo-life7-dev' } as const;
export const ADMIN = { email: 'admin@life7.local', password: 'admin-life7-dev' } as const;

export const test = base.extend<{
  consoleErrors: string[];
  /** A fresh participant, signed in on `page` (see signUpThroughApi). */
  signUp: (options?: SignUpOptions) => Promise<Account>;
  /** Signs `page` in as an existing account (see logInThroughApi). */
  logIn: (account: Account | typeof DEMO | typeof ADMIN, landOn?: string | null) => Promise<void>;
}>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        // A 4xx answer to a form post is expected behaviour, not a script error.
        if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  signUp: async ({ page }, use) => {
    await use((options) => signUpThroughApi(page, options));
  },
  logIn: async ({ page }, use) => {
    await use((account, landOn) => logInThroughApi(page, account.email, account.password, landOn));
  },
});
export { expect };
