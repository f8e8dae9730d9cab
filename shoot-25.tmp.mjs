// Screenshots of the pages issue 25 touches, at 360 and 1280 px, light and dark, against the
// preview server on PORT. Usage: node /tmp/shots-25/shoot.mjs [filter]
import { chromium } from '@playwright/test';
const base = `http://localhost:${process.env.PORT ?? 8825}`;
const filter = process.argv[2] ?? '';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const origin = { origin: base };

async function participant(context, name) {
  const page = await context.newPage();
  const email = `shot-${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const r = await page.request.post(`${base}/api/auth/signup`, { data: { email, password: 'a-good-password', name: 'Jordan Alexandra Montgomery-Whitfield', timeZone: 'Europe/Berlin' }, headers: origin });
  if (r.status() !== 201) throw new Error(`signup ${r.status()} ${await r.text()}`);
  return page;
}
const answers = (f) => Object.fromEntries(['faith', 'family', 'fitness', 'finance', 'field', 'friends', 'fun'].flatMap((a, ai) => Array.from({ length: 10 }, (_, i) => [`${a}_${i + 1}`, f(ai, i)])));
async function post(page, path, data) {
  const r = await page.request.post(`${base}${path}`, { data, headers: origin });
  if (!r.ok()) throw new Error(`${path} ${r.status()} ${await r.text()}`);
}
async function fullJourney(page) {
  await post(page, '/api/progress', { questionResponses: answers((a) => [5, 6, 3, 4, 7, 8, 6][a]), keystoneArena: 'Fitness', reflections: ['I finally saw how little I move in a day, and how much it weighs on my mood.', 'My family notices when I am tired and short with them.', 'Walk twenty minutes every morning before work.'] });
  await post(page, '/api/progress', { questionResponses: answers((a, i) => [5, 6, 8, 4, 7, 8, 6][a] - (a === 0 && i === 1 ? 3 : 0)), keystoneArena: 'Fitness', reflections: ['I finally saw how little I move in a day, and how much it weighs on my mood.', 'My family notices when I am tired and short with them.', 'Walk twenty minutes every morning before work.'] });
  await post(page, '/api/progress', { blockers: [{ name: 'Doubt', reflection: 'I second-guess every plan before I start it.', arenas: ['Fitness', 'Field'] }, { name: 'Laziness', reflection: 'Evenings on the sofa.', arenas: [] }] });
  await post(page, '/api/progress', { accelerators: [{ name: 'Gratitude', dailyAction: 'Write three thanks at breakfast', measurement: 'Journal pages' }, { name: 'Discipline', dailyAction: 'Shoes by the door at 6:30', measurement: 'Days walked' }, { name: 'Focus', dailyAction: 'Phone off until nine', measurement: 'Screen time' }] });
  await post(page, '/api/progress', { vision90Day: 'Calm, strong and present with my family.', target90Day: 'Run a 10k race', milestones: [{ week: 30, goal: 'Run 3k twice a week' }, { week: 60, goal: 'Run 6k without stopping' }, { week: 90, goal: 'Race day' }] });
  await post(page, '/api/check-ins', { mood: 7, drift: 'Scrolled through lunch', win: 'Cooked dinner for everyone' });
  await post(page, '/api/progress/milestones', { week: 30, status: 'done' });
}

const shots = [
  { name: 'dashboard-new', setup: async () => {}, path: '/dashboard' },
  { name: 'dashboard-journey', setup: fullJourney, path: '/dashboard' },
  { name: 'summary', setup: fullJourney, path: '/summary' },
  { name: 'check-ins', setup: fullJourney, path: '/check-ins' },
  { name: 'session4', setup: fullJourney, path: '/sessions/4' },
  { name: 'session1-review', setup: fullJourney, path: '/sessions/1' },
  { name: 'session1-new', setup: async () => {}, path: '/sessions/1' },
  { name: 'sessions', setup: async () => {}, path: '/sessions' },
  { name: 'session2', setup: async (p) => post(p, '/api/progress', { questionResponses: answers(() => 5), keystoneArena: 'Faith', reflections: ['a', 'b', 'c'] }), path: '/sessions/2' },
  { name: 'not-found', setup: async () => {}, path: '/no/such/page' },
  { name: 'webinar-dialog', setup: async () => {}, path: '/dashboard', after: async (page) => { await page.locator('main .page-header').getByRole('button', { name: 'Join Webinar' }).click(); } },
];
for (const shot of shots.filter((s) => s.name.includes(filter))) {
  for (const width of [360, 1280]) {
    for (const colorScheme of ['light', 'dark']) {
      const context = await browser.newContext({ viewport: { width, height: width === 360 ? 740 : 900 }, colorScheme, reducedMotion: 'reduce', timezoneId: 'Europe/Berlin' });
      const page = await participant(context, shot.name);
      await shot.setup(page);
      await page.goto(`${base}${shot.path}`);
      if (shot.after) await shot.after(page);
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) console.log(await page.evaluate(() => [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !el.closest('.table-wrap')).slice(0, 8).map((el) => `${el.tagName}.${el.className?.baseVal ?? el.className} right=${Math.round(el.getBoundingClientRect().right)}`).join(' | ')));
      const file = `/tmp/shots-25/${shot.name}-${width}-${colorScheme}.png`;
      await page.screenshot({ path: file, fullPage: true });
      // Parts a viewer can read: the page cut into screen-high pieces.
      const total = await page.evaluate(() => document.documentElement.scrollHeight);
      const step = width === 360 ? 900 : 1100;
      for (let y = 0, k = 1; y < total; y += step, k++) {
        await page.screenshot({ path: file.replace('.png', `-part${k}.png`), fullPage: true, clip: { x: 0, y, width, height: Math.min(step, total - y) } });
      }
      console.log(file, overflow > 0 ? `OVERFLOW ${overflow}px` : '');
      await context.close();
    }
  }
}
await browser.close();
