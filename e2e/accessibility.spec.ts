// axe-core (WCAG 2.0/2.1 A and AA rules) finds no violation on any page of the route table, in
// the states that matter; and the text contrast meets WCAG AA in the light and the dark scheme.
// Each state is checked once with every rule in the light scheme, then switched to the dark scheme
// in place for the rules that depend on it (colour contrast, by axe and by lowContrastTexts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { ADMIN, DEMO, expect, test } from './fixtures';
import {
  answerFirstQuestion,
  completeSession1ByRequest,
  completeSessions2to4ByRequest,
  logInInBrowser,
  signUpInBrowser,
  uniqueEmail,
} from './helpers';
import { lowContrastTexts } from './look';

const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The axe rules whose outcome depends on the colour scheme. */
const SCHEME_RULES = ['color-contrast'];
/** The page background in each scheme: the page really is in the scheme checked. */
const BACKGROUND = { light: 'rgb(248, 249, 250)', dark: 'rgb(13, 15, 18)' } as const;

/**
 * Long runs of one component that axe would otherwise check item by item: the 70 questions of
 * the no-JavaScript Session 1 form (700 radios) and the users table's rows. Two questions of each
 * arena (each arena has its own colour) and an open question, and the first five rows, stand for
 * the rest, since every item is the same markup from the same component; the whole page's ids are
 * still checked by html-validate (e2e/html-valid.spec.ts). This took the two no-JavaScript form
 * states from about 38 s of axe to a few seconds.
 */
const REPEATED_ITEMS = ['.s1-arena > .s1-question:nth-of-type(n+3):not(.s1-question-open)', '.users-table > tbody > tr:nth-child(n+6)'];

/**
 * axe-core as @axe-core/playwright ships it. It is run in the page directly rather than through
 * AxeBuilder, which injects the whole script twice for every run and sends every result (passes
 * and inapplicable rules too) back over the protocol: about 200 ms a run, more than axe itself on
 * most pages. Here the script goes in once per document and only the violations come back.
 */
const AXE_SOURCE = readFileSync(
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** The page's violations as short lines (rule, impact, the first few offending elements). */
async function violations(page: Page, rules: 'all' | string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ exclude, runOnly }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, put there by AXE_SOURCE
      const { violations } = await (window as any).axe.run({ exclude }, { runOnly, resultTypes: ['violations'] });
      return (violations as { id: string; impact: string; nodes: { target: string[]; failureSummary?: string }[] }[]).map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 4)
            .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
            .join(' | ')}`,
      );
    },
    { exclude: REPEATED_ITEMS, runOnly: rules === 'all' ? { type: 'tag', values: WCAG_AA } : { type: 'rule', values: rules } },
  );
}

async function expectAccessible(page: Page, state: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), `${state}: the ${colorScheme} scheme applies`)
      .toBe(BACKGROUND[colorScheme]);
    // Colours that changed with the scheme, or in content just shown (an opened menu's links start
    // from the colours they had while hidden), may be mid-transition, which with reduced motion
    // lasts until the next frame: read them once the transitions end (a toast's expiry is an
    // animation, not a transition, and is not waited for).
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    const found = [
      ...(await violations(page, colorScheme === 'light' ? 'all' : SCHEME_RULES)),
      ...(await lowContrastTexts(page, REPEATED_ITEMS)).map((text) => `low contrast ${text}`),
    ];
    expect(found, `${state} in the ${colorScheme} scheme (${page.url()})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('signed out pages and the not-found page', async ({ page }) => {
  for (const path of ['/login', '/login?tab=signup', '/forgot-password', '/reset-password', '/reset-password?token=abc', '/no-such-page']) {
    await page.goto(path);
    await expectAccessible(page, 'signed out');
  }
  // A failed sign-in shows its banner and a toast.
  await page.goto('/login');
  await logInInBrowser(page, DEMO.email, 'wrong-password');
  await expect(page.locator('.toast')).toBeVisible();
  await expectAccessible(page, 'failed sign-in with a toast');
});

test('a fresh participant, mid-questionnaire and the results screen', async ({ page }) => {
  // Through the form, for the welcome toast it leaves on the dashboard.
  await signUpInBrowser(page, uniqueEmail('axe'));
  await expect(page.locator('.toast')).toBeVisible();
  await expectAccessible(page, 'dashboard with the welcome toast');
  for (const path of ['/sessions', '/check-ins', '/summary', '/next-steps', '/faq', '/replays', '/settings']) {
    await page.goto(path);
    await expectAccessible(page, 'fresh participant');
  }
  await page.goto('/sessions/1');
  await answerFirstQuestion(page, '7');
  await expectAccessible(page, 'mid-questionnaire');
  for (let q = 2; q <= 70; q++) {
    await expect(page.getByText(`Question ${q} of 70`)).toBeVisible();
    await page.keyboard.press('6');
  }
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  await expectAccessible(page, 'Session 1 results');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'keystone confirm dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Continue' }).click();
  await expectAccessible(page, 'Session 1 reflections');
});

test('a participant with all four sessions done', async ({ page, signUp }) => {
  await signUp({ prefix: 'axe-done' });
  await completeSession1ByRequest(page);
  await completeSessions2to4ByRequest(page);
  for (const path of [
    '/dashboard',
    '/sessions',
    '/sessions/1',
    '/sessions/2',
    '/sessions/3',
    '/sessions/4',
    '/check-ins',
    '/summary',
    '/next-steps',
  ]) {
    await page.goto(path);
    await expectAccessible(page, 'all done');
  }
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Join Webinar' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'webinar dialog');
});

test('Session 1 without JavaScript: the notice, the long form, the results and the reflections', async ({ page, signUp }) => {
  // The long form holds 700 radios (axe samples them: REPEATED_ITEMS).
  test.setTimeout(120_000);
  await signUp({ prefix: 'axe-nojs' });
  // Playwright cannot evaluate in a context without JavaScript, so scripts are switched off
  // through the DevTools protocol while pages load (<noscript> shows, no island runs) and on
  // again only for the checks.
  const cdp = await page.context().newCDPSession(page);
  const scripts = (on: boolean) => cdp.send('Emulation.setScriptExecutionDisabled', { value: !on });
  const expectAccessibleWithoutScripts = async (state: string) => {
    expect(await page.locator('html[data-js]').count(), 'the page ran no script of its own').toBe(0);
    await scripts(true);
    try {
      await expectAccessible(page, state);
    } finally {
      await scripts(false);
    }
  };
  await scripts(false);
  await page.goto('/sessions/1');
  const answers = page.getByRole('link', { name: 'Answer the Questions' });
  await expect(answers).toHaveAttribute('href', /step=answers/);
  const answersPath = (await answers.getAttribute('href'))!;
  await expectAccessibleWithoutScripts('no-JS Session 1 notice');
  // Opened by its address rather than clicked (e2e/no-javascript.spec.ts clicks it): finding the
  // link again right after scripts were switched back off hung for the whole test budget in one
  // busy run.
  await page.goto(answersPath);
  await expect(page).toHaveURL(/step=answers/);
  await expectAccessibleWithoutScripts('no-JS answers form');
  // Posted with one question open: the list of open questions and the message beside it. (The
  // 69 answers are ticked in one go, with scripts on for that moment only: no page script runs.)
  const radios = page.locator('input[type=radio][value="6"]');
  await scripts(true);
  expect(await radios.evaluateAll((all) => all.slice(1).map((radio) => ((radio as HTMLInputElement).checked = true)).length)).toBe(69);
  await scripts(false);
  await page.getByRole('button', { name: 'See Your Results' }).click();
  await expect(page.locator('form').getByRole('alert')).toContainText('1 question is still open');
  await expectAccessibleWithoutScripts('no-JS answers form with an open question');
  await radios.first().check();
  await page.getByRole('button', { name: 'See Your Results' }).click();
  await expect(page).toHaveURL(/step=results/);
  await expectAccessibleWithoutScripts('no-JS results');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step=reflections/);
  await expectAccessibleWithoutScripts('no-JS reflections');
  await page.getByRole('button', { name: 'Complete Session 1' }).click();
  await expect(page.locator('.field-error').first()).toBeVisible();
  await expectAccessibleWithoutScripts('no-JS reflections with messages');
});

test('admin pages, with the forms open, and the dashboard as an admin sees it', async ({ page, logIn }) => {
  await logIn(ADMIN, '/admin/users');
  await expectAccessible(page, 'admin users');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('dialog', { name: 'Create User' })).toBeVisible();
  await expectAccessible(page, 'admin users with the Create User dialog open');
  await page.keyboard.press('Escape');
  await page.getByRole('row').nth(1).locator('summary').click();
  await expectAccessible(page, 'admin users with a row menu open');
  for (const path of ['/admin/cohort', '/admin/cohorts/compare', '/admin/users/demo-user', '/admin/users/cohort-37']) {
    await page.goto(path);
    await expectAccessible(page, path);
  }
  await page.locator('#delete-user').getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete User' })).toBeVisible();
  await expectAccessible(page, "a participant's page with the Delete User dialog open");
  // The member pages differ for an admin only in the shell around them (the seeded admin has the
  // participants' plan); the participants' tests above check each page.
  for (const path of ['/admin/webhooks', '/admin/webinars', '/admin/cohorts', '/dashboard']) {
    await page.goto(path);
    await expectAccessible(page, 'admin');
  }
});
