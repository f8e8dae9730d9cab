// `npm run bench`: starts the app on a fresh local database (wrangler dev, the real runtime),
// then measures page and API latency over loopback and the JavaScript each page ships.
// Figures are medians / p95 of sequential requests; absolute numbers depend on the machine.
import { spawn } from 'node:child_process';
import { chromium } from 'playwright';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.BENCH_PORT ?? '8799';
const base = `http://localhost:${port}`;
const server = spawn('node', ['scripts/dev.mjs'], { cwd: root, env: { ...process.env, E2E: '1', PORT: port }, stdio: 'ignore' });
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/login`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5).toFixed(1), p95: at(0.95).toFixed(1), n: sorted.length };
}

async function time(label, request, n = 100) {
  const samples = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const response = await request();
    await response.arrayBuffer();
    samples.push(performance.now() - t0);
  }
  const s = stats(samples);
  console.log(`${label.padEnd(34)} median ${s.median} ms   p95 ${s.p95} ms   (n=${s.n})`);
}

async function pageJavaScript(label, url, cookie) {
  const html = await (await fetch(url, { headers: cookie ? { cookie } : {} })).text();
  const files = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  let raw = 0;
  let gz = 0;
  for (const file of files) {
    const body = Buffer.from(await (await fetch(base + file)).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  console.log(`${label.padEnd(34)} ${files.size} files, ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzipped`);
}

/**
 * Answers the 70 questions with real key presses in Debian's Chromium. In the page, a capture
 * listener stamps each keydown; a MutationObserver sees the question change, and the time is
 * taken after the next animation frame (i.e. when the new question is painted).
 */
async function questionnaireLatency() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.locator('#panel-login').getByLabel('Email').fill('demo@life7.local');
    await page.locator('#panel-login').getByLabel('Password').fill('demo-life7-dev');
    await page.locator('#panel-login').getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${base}/sessions/1`);
    await page.getByText('Question 1 of 70').waitFor();
    await page.evaluate(() => {
      window.__latencies = [];
      let t0 = null;
      document.addEventListener('keydown', () => (t0 = performance.now()), { capture: true });
      new MutationObserver(() => {
        if (t0 === null) return;
        const start = t0;
        t0 = null;
        requestAnimationFrame(() => setTimeout(() => window.__latencies.push(performance.now() - start), 0));
      }).observe(document.querySelector('[data-island="WheelOfTruth"]'), { subtree: true, childList: true, characterData: true });
    });
    // Wait for hydration: the first key press must be handled by the island.
    await page.waitForTimeout(500);
    for (let q = 1; q <= 70; q++) {
      await page.keyboard.press(String((q % 9) + 1));
      if (q < 70) await page.getByText(`Question ${q + 1} of 70`).waitFor();
    }
    await page.getByRole('button', { name: 'Continue' }).waitFor();
    const samples = await page.evaluate(() => window.__latencies);
    const s = stats(samples);
    console.log(`${'answer -> next question painted'.padEnd(34)} median ${s.median} ms   p95 ${s.p95} ms   (n=${s.n})`);
  } finally {
    await browser.close();
  }
}

try {
  await waitForServer();
  const origin = { origin: base, 'content-type': 'application/json' };
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: 'demo@life7.local', password: 'demo-life7-dev' }),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];

  console.log('JavaScript shipped per page');
  await pageJavaScript('/login', `${base}/login`);
  await pageJavaScript('/dashboard', `${base}/dashboard`, cookie);
  await pageJavaScript('/reset-password?done=1', `${base}/reset-password?done=1`);
  await pageJavaScript('/sessions/1 (questionnaire)', `${base}/sessions/1`, cookie);

  console.log('\nQuestionnaire in Chromium: keypress to the next question painted');
  await questionnaireLatency();

  console.log('\nLatency over loopback (wrangler dev, local D1)');
  await time('GET /login (SSR, islands)', () => fetch(`${base}/login`));
  await time('GET /dashboard (session + D1)', () => fetch(`${base}/dashboard`, { headers: { cookie } }));
  await time('GET /api/auth/me', () => fetch(`${base}/api/auth/me`, { headers: { cookie } }));
  await time('POST /api/auth/login (scrypt)', () =>
    fetch(`${base}/api/auth/login`, { method: 'POST', headers: origin, body: JSON.stringify({ email: 'demo@life7.local', password: 'demo-life7-dev' }) }), 20);
} finally {
  stop();
}
