import { env } from 'cloudflare:test';
import { it, vi } from 'vitest';
import { sendStripe, stripeEvent } from './webhook-helpers';
import { call } from './helpers';

it('growth of SELF.fetch', async () => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const times: number[] = [];
  let t0 = Date.now();
  for (let i = 0; i < 600; i++) {
    const r = await sendStripe(stripeEvent('customer.created', { id: 'x' }));
    await r.text();
    if (i % 100 === 99) { times.push(Date.now() - t0); t0 = Date.now(); }
  }
  console.warn('FETCH', times.join(','));
  const t2: number[] = [];
  t0 = Date.now();
  for (let i = 0; i < 600; i++) {
    const r = await call('/api/health');
    await r.text();
    if (i % 100 === 99) { t2.push(Date.now() - t0); t0 = Date.now(); }
  }
  console.warn('HEALTH', t2.join(','));
  const t3: number[] = [];
  t0 = Date.now();
  for (let i = 0; i < 600; i++) {
    await env.DB.prepare('SELECT count(*) FROM users').first();
    if (i % 100 === 99) { t3.push(Date.now() - t0); t0 = Date.now(); }
  }
  console.warn('DB', t3.join(','));
}, 300_000);
