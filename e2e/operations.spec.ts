import { expect, test } from './fixtures';

test('static files are nosniff, and a test build publishes no source maps', async ({ page, request }) => {
  const favicon = await request.get('/favicon.svg');
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()['x-content-type-options']).toBe('nosniff');

  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  await page.goto('/login');
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  for (const url of scripts) {
    const script = await request.get(url);
    expect(script.headers()['x-content-type-options']).toBe('nosniff');
    expect(await script.text()).not.toContain('sourceMappingURL');
    expect((await request.get(`${url}.map`)).status()).not.toBe(200);
  }
});

test('GET /healthz answers 200 JSON', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', database: 'ok' });
});
