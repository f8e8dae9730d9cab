// The browser half of `npm run bench` (bench/bench.mjs): what Chromium fetches for a page, the
// questionnaire's key-to-paint time, and Lighthouse's mobile run. Each takes the preview's origin.

import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright';

export const LIGHTHOUSE_PAGES = ['/login', '/join', '/dashboard', '/sessions/1', '/summary'];
/** Pages a visitor opens signed out: no cookie. */
const PUBLIC_PAGES = new Set(['/login', '/join']);

export function median(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function browser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/** The gzipped JS and CSS a page fetches before any interaction (load, then a quiet second). */
export async function pageBytes(base, context, page) {
  const tab = await context.newPage();
  const fetched = new Map();
  tab.on('response', async (response) => {
    const url = new URL(response.url());
    if (url.origin !== base || !/\.(js|css)$/.test(url.pathname)) return;
    fetched.set(
      url.pathname,
      response.body().catch(() => Buffer.alloc(0)),
    );
  });
  await tab.goto(base + page, { waitUntil: 'networkidle' });
  await tab.waitForTimeout(1000);
  const sizes = { js: 0, css: 0, jsFiles: 0 };
  for (const [file, body] of fetched) {
    const gz = gzipSync(await body, { level: 9 }).length;
    if (file.endsWith('.js')) {
      sizes.js += gz;
      sizes.jsFiles += 1;
    } else sizes.css += gz;
  }
  await tab.close();
  return sizes;
}

/**
 * One visit to the questionnaire in a fresh context (nothing cached, nothing compiled): key press
 * to the next question painted (a frame, then a task after it), for each of the 70 answers. The
 * next key waits until the last answer's time is taken, so no two answers share a frame. With
 * `countScripts`, also the JS fetched once the first answer has settled.
 */
async function answerAll(base, context, countScripts) {
  const page = await context.newPage();
  const fetched = new Map();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === base && url.pathname.endsWith('.js'))
      fetched.set(
        url.pathname,
        response.body().catch(() => Buffer.alloc(0)),
      );
  });
  await page.goto(`${base}/sessions/1`);
  await page.getByText('Question 1 of 70').waitFor();
  await page.evaluate(() => {
    window.__latencies = [];
    window.__recorded = () => {};
    let t0 = null;
    document.addEventListener('keydown', () => (t0 = performance.now()), { capture: true });
    new MutationObserver(() => {
      if (t0 === null) return;
      const start = t0;
      t0 = null;
      requestAnimationFrame(() =>
        setTimeout(() => {
          window.__latencies.push(performance.now() - start);
          window.__recorded();
        }, 0),
      );
    }).observe(document.querySelector('[data-island="WheelOfTruth"]'), { subtree: true, childList: true, characterData: true });
  });
  await page.locator('[data-island="WheelOfTruth"][data-hydrated]').waitFor({ state: 'attached' });
  let jsAfterFirstAnswer = 0;
  for (let q = 1; q <= 70; q++) {
    // Settles once answer q is timed, whether that happens before or after this call arrives.
    const timed = page.evaluate(
      (n) =>
        new Promise((resolve) => {
          const check = () => {
            if (window.__latencies.length >= n) resolve();
            else window.__recorded = check;
          };
          check();
        }),
      q,
    );
    await page.keyboard.press(String((q % 9) + 1));
    await timed;
    if (q < 70) await page.getByText(`Question ${q + 1} of 70`).waitFor();
    if (q === 1 && countScripts) {
      // Whatever the first answer starts loading (prefetched later screens included) counts.
      await page.waitForLoadState('networkidle');
      for (const body of fetched.values()) jsAfterFirstAnswer += gzipSync(await body, { level: 9 }).length;
    }
  }
  const samples = await page.evaluate(() => window.__latencies);
  await page.close();
  return { samples, jsAfterFirstAnswer };
}

/**
 * Key press to the next question painted over `visits` fresh visits of 70 answers each: the
 * median of every answer, and the median of the visits' first answers (one first answer alone is
 * mostly where the key fell between two frames). `newContext` gives a signed-in browser context.
 */
export async function questionnaire(base, newContext, visits = 5) {
  const all = [];
  const firsts = [];
  let jsAfterFirstAnswer = 0;
  for (let visit = 0; visit < visits; visit++) {
    const context = await newContext();
    const run = await answerAll(base, context, visit === 0);
    await context.close();
    if (visit === 0) jsAfterFirstAnswer = run.jsAfterFirstAnswer;
    all.push(...run.samples);
    firsts.push(run.samples[0]);
  }
  return { median: median(all), n: all.length, first: median(firsts), firsts, jsAfterFirstAnswer };
}

/** Lighthouse's mobile run (its default: a simulated mid-range phone on a slow 4G link). */
/** `cookies` names another session for a page (a new participant for the questionnaire). */
export async function lighthouseScores(base, cookie, cookies = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const scores = {};
    for (const page of LIGHTHOUSE_PAGES) {
      // A run can come back without metrics (Lighthouse's runtimeError, e.g. a trace it could not
      // read on a busy machine): that page is run once more, and its error recorded if it fails again.
      let run;
      for (let attempt = 1; attempt <= 2; attempt++) {
        run = await lighthouse(base + page, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          extraHeaders: PUBLIC_PAGES.has(page) ? {} : { cookie: cookies[page] ?? cookie },
        });
        if (run?.lhr && !run.lhr.runtimeError && run.lhr.categories.performance.score !== null) break;
      }
      if (!run?.lhr || run.lhr.runtimeError || run.lhr.categories.performance.score === null) {
        scores[page] = { error: run?.lhr?.runtimeError?.message ?? 'no performance score', failing: [] };
        continue;
      }
      const { categories, audits } = run.lhr;
      scores[page] = {
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories['best-practices'].score * 100),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue),
        cls: Number(audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue),
        // The main-thread tasks that blocked (TBT counts what each runs past 50 ms after the first paint).
        longTasks: (audits['long-tasks']?.details?.items ?? []).map((task) => ({
          url: task.url,
          startMs: Math.round(task.startTime),
          durationMs: Math.round(task.duration),
        })),
        // What keeps a category under 100, so a miss names its cause.
        failing: Object.values(run.lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual',
          )
          .map((audit) => audit.id),
      };
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
