import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';

// The same app with the production environment: development-only routes are gone.
describe('production environment', () => {
  it('has no /dev/mail', async () => {
    const app = createApp();
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request('https://life7.test/dev/mail'), { ...env, ENVIRONMENT: 'production' }, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('404 Page Not Found');
  });
});
