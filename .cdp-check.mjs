import { chromium } from 'playwright';
import AxeBuilder from '@axe-core/playwright';
const base = 'http://localhost:8792';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ baseURL: base });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
const scripts = (on) => cdp.send('Emulation.setScriptExecutionDisabled', { value: !on });
const variant = process.argv[2];
await scripts(false);
await page.goto('/login');
const panel = page.locator('#panel-login');
await panel.getByLabel('Email').fill('demo@life7.local');
await panel.getByLabel('Password').fill('nope-nope-nope');
await panel.getByRole('button', { name: 'Login' }).click();
await panel.getByRole('alert').waitFor();
await scripts(true);
if (variant.includes('axe')) await new AxeBuilder({ page }).withTags(['wcag2a']).analyze();
if (variant.includes('media')) { await page.emulateMedia({ colorScheme: 'dark' }); }
if (variant.includes('eval')) console.log(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
if (variant.includes('axe2')) await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
if (variant.includes('media')) { await page.emulateMedia({ colorScheme: 'light' }); }
await scripts(false);
const t = Date.now();
try { await panel.getByLabel('Email').fill('x', { timeout: 5000 }); console.log(variant, 'ok', Date.now() - t); } catch (e) { console.log(variant, 'FAIL', e.message.split('\n')[0]); }
await browser.close();
