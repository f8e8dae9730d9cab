import { expect, type Page } from '@playwright/test';

let counter = 0;
/** An address no other test uses: the two workers (processes) may ask in the same millisecond. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}${counter}@example.com`;
}

/**
 * Wakes every island as a visitor's first pointer would, and waits until each is live (islands
 * hydrate on first interaction; the Toaster only when a toast shows, so it is left alone).
 */
export async function islandsHydrated(page: Page): Promise<void> {
  // Module scripts have run by the load event: the entry's listeners are in place.
  await page.waitForLoadState('load');
  if ((await page.locator('html[data-js]').count()) === 0) return;
  await page.evaluate(() => {
    for (const island of document.querySelectorAll('[data-hydrate="interaction"]:not([data-hydrated])')) {
      island.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    }
  });
  await expect(page.locator('[data-island]:not([data-hydrated]):not([data-hydrate="toast"])')).toHaveCount(0);
}

/**
 * Signs up through the form, as a visitor does: for the tests of the form itself (the others sign
 * in through the API with the fixtures of e2e/fixtures.ts).
 */
export async function signUpInBrowser(page: Page, email: string, password = 'a-good-password', name = 'Playwright'): Promise<void> {
  await page.goto('/login?tab=signup');
  // The form works before hydration too, but the browser's time zone is sent only after it.
  await islandsHydrated(page);
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

const ARENA_IDS = ['faith', 'family', 'fitness', 'finance', 'field', 'friends', 'fun'] as const;

/** All 70 Session 1 answers: each arena's ten questions get `ratings[arena index]` (or one rating for all). */
export function session1Answers(ratings: number | readonly number[]): Record<string, number> {
  return Object.fromEntries(
    ARENA_IDS.flatMap((arena, a) =>
      Array.from({ length: 10 }, (_, i) => [`${arena}_${i + 1}`, typeof ratings === 'number' ? ratings : ratings[a]!]),
    ),
  );
}

/**
 * Completes Session 1 as the island does: a same-origin JSON POST to /api/progress from the page,
 * so the session cookie and the Origin header go along. Posting again is a retake.
 */
export async function completeSession1InPage(page: Page, ratings: number | readonly number[], keystoneArena = 'Faith'): Promise<void> {
  const questionResponses = session1Answers(ratings);
  const status = await page.evaluate(
    async ({ questionResponses, keystoneArena }) => {
      const arenaScores: Record<string, number> = {};
      for (const [id, value] of Object.entries(questionResponses)) {
        const arena = id.split('_')[0]!;
        const name = arena[0]!.toUpperCase() + arena.slice(1);
        arenaScores[name] = (arenaScores[name] ?? 0) + value / 10;
      }
      const response = await fetch('/api/progress', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          questionResponses,
          arenaScores,
          keystoneArena,
          reflections: ['a', 'b', 'c'],
          session1CompletedAt: new Date().toISOString(),
        }),
      });
      return response.status;
    },
    { questionResponses, keystoneArena },
  );
  expect(status, 'POST /api/progress (Session 1)').toBe(200);
}

/** Saves Session 1 through the API with the page context's cookies (works with JavaScript off). */
export async function completeSession1ByRequest(page: Page, keystoneArena = 'Fun'): Promise<void> {
  const saved = await page.request.post('/api/progress', {
    data: { questionResponses: session1Answers(6), keystoneArena, reflections: ['a', 'b', 'c'] },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(200);
}

/**
 * Answers the questionnaire's first question. The client entry queues a key pressed before the
 * island hydrates; this waits for the island first so each test starts from the same state.
 */
export async function answerFirstQuestion(page: Page, key: string): Promise<void> {
  await islandsHydrated(page);
  await page.keyboard.press(key);
  await expect(page.getByText('Question 2 of 70')).toBeVisible();
}

/** Answers all 70 questions with the keyboard (0 means 10); `rating` gets the question's index. */
export async function answerAllQuestions(page: Page, rating: (question: number) => number): Promise<void> {
  const key = (q: number) => (rating(q) === 10 ? '0' : String(rating(q)));
  await answerFirstQuestion(page, key(0));
  for (let q = 1; q < 70; q++) {
    await expect(page.getByText(`Question ${q + 1} of 70`)).toBeVisible();
    await page.keyboard.press(key(q));
  }
}

/** Opens Session 1, answers all 70 questions, confirms the keystone and fills the three reflections. */
export async function reachSession1Reflections(page: Page, rating: number): Promise<void> {
  await page.goto('/sessions/1');
  await answerAllQuestions(page, () => rating);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm & Continue' }).click();
  for (const n of [1, 2, 3]) await page.locator(`#wheel-reflection-${n}`).fill(`Reflection ${n}`);
}

/** Fills today's check-in and saves it; the page answers at its own address. */
export async function saveCheckIn(page: Page, drift: string, win: string): Promise<void> {
  await page.getByLabel('Drift Moments').fill(drift);
  await page.getByLabel('Win of the Day').fill(win);
  await page.getByRole('button', { name: 'Save Check-In' }).click();
  await expect(page).toHaveURL(/\/check-ins$/);
}

const SESSIONS_2_TO_4 = [
  { blockers: [{ name: 'Fear', reflection: 'Speaking up', arenas: ['Faith'] }] },
  { accelerators: ['Gratitude', 'Discipline', 'Faith'].map((name) => ({ name, dailyAction: 'Every morning', measurement: 'A tick' })) },
  { vision90Day: 'Calm and fit', target90Day: 'Run 10k', milestones: [30, 60, 90].map((week) => ({ week, goal: `Run ${week / 10}k` })) },
];

async function saveSessionsByRequest(page: Page, sessions: readonly object[]): Promise<void> {
  const headers = { origin: new URL(page.url()).origin };
  for (const data of sessions) {
    expect((await page.request.post('/api/progress', { data, headers })).status()).toBe(200);
  }
}

/** Saves Sessions 2 and 3 through the JSON API (Session 1 must be done). */
export async function completeSessions2and3ByRequest(page: Page): Promise<void> {
  await saveSessionsByRequest(page, SESSIONS_2_TO_4.slice(0, 2));
}

/** Saves Sessions 2-4 through the JSON API (Session 1 must be done). */
export async function completeSessions2to4ByRequest(page: Page): Promise<void> {
  await saveSessionsByRequest(page, SESSIONS_2_TO_4);
}

/** Session 4 after Finance as keystone and Gratitude, Discipline, Focus in Session 3: checks the summary, fills every field. */
export async function fillLegacyMap(page: Page): Promise<void> {
  await expect(page.locator('.legacy-summary')).toContainText('Finance');
  await expect(page.locator('.legacy-summary')).toContainText('Gratitude, Discipline, Focus');
  await page.getByLabel('Your 90-day target').fill('Save three months of expenses');
  await page.getByLabel(/Your vision/).fill('Calm about money, generous with time');
  await page.getByLabel('Day 30 milestone').fill('Budget written');
  await page.getByLabel('Day 60 milestone').fill('One month saved');
  await page.getByLabel('Day 90 milestone').fill('Three months saved');
}
