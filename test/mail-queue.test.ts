// Mail through the queue (decision 32, docs/product.md#reminders-and-mail): a request only queues
// its mail; the queue's consumer sends it, retries it when the provider fails, and records what it
// could not deliver after every retry (the dead-letter queue), which admins see at /admin/mail.
// The provider is the one stand-in here: an external service whose failures the tests choose.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE, queue, retryDelaySeconds } from '../src/jobs/mail-queue';
import type { MailJob, MailMessage } from '../src/mail/message';
import { emailServiceProvider, type MailProvider } from '../src/mail/providers';
import { call, latestMailTo, signUp } from './helpers';

/** A provider that fails `failures` times, then takes every mail. */
function flakyProvider(failures: number): MailProvider & { sent: MailMessage[]; tries: number } {
  const provider = {
    name: 'flaky',
    sent: [] as MailMessage[],
    tries: 0,
    async send(mail: MailMessage) {
      provider.tries += 1;
      if (provider.tries <= failures) throw new Error(`provider refused mail to ${mail.to} (try ${provider.tries})`);
      provider.sent.push(mail);
    },
  };
  return provider;
}

function resetJob(user: { id: string; email: string }): MailJob {
  return {
    id: crypto.randomUUID(),
    kind: 'reset-password',
    userId: user.id,
    mail: {
      to: user.email,
      subject: 'Reset your Life7 password',
      text: 'Open https://life7.test/reset-password?token=x',
      html: '<p>html</p>',
      headers: {},
    },
  };
}

/** Delivers `job` to the consumer as its `attempts`-th try, as the queue would. */
async function deliver(job: MailJob, attempts: number, provider: MailProvider, queueName = MAIL_QUEUE) {
  const batch = createMessageBatch(queueName, [{ id: `message-${job.id}`, timestamp: new Date(), attempts, body: job }]);
  const ctx = createExecutionContext();
  await queue(batch as MessageBatch<unknown>, env, ctx, provider);
  return getQueueResult(batch, ctx);
}

const deliveryOf = (id: string) =>
  env.DB.prepare('SELECT status, attempts, error FROM mail_deliveries WHERE id = ?')
    .bind(id)
    .first<{ status: string; attempts: number; error: string | null }>();

afterEach(() => vi.restoreAllMocks());

describe('mail through the queue', () => {
  it('is queued by the request and written by the consumer, with an HTML part, listed at /dev/mail.json', async () => {
    const user = await signUp();
    const response = await call('/api/auth/forgot-password', { json: { email: user.email } });
    expect(response.status).toBe(200);
    // The local queue delivers the message to the Worker's queue handler, which writes the outbox.
    const mail = await latestMailTo(user.email, 200, 'reset-password');
    expect(mail?.subject).toBe('Reset your Life7 password');
    const list = (await (await call('/dev/mail.json')).json()) as {
      id: string;
      to: string;
      subject: string;
      headers: Record<string, string>;
      text: string;
      html: string;
      createdAt: string;
    }[];
    const entry = list.find((m) => m.to === user.email && m.subject === 'Reset your Life7 password')!;
    expect(Object.keys(entry).sort()).toEqual(['createdAt', 'headers', 'html', 'id', 'subject', 'text', 'to']);
    expect(entry.html).toContain('<meta name="color-scheme" content="light dark">');
    expect(entry.html).toMatch(/<a class="button" href="https:\/\/life7\.test\/reset-password\?token=/);
    expect(entry.text).toContain('reset-password?token=');
    // Newest first.
    expect([...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((m) => m.id)).toEqual(list.map((m) => m.id));
    const html = await call(`/dev/mail/${entry.id}/html`);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    expect(await html.text()).toBe(entry.html);
    const row = await env.DB.prepare("SELECT status FROM mail_deliveries WHERE user_id = ? AND kind = 'reset-password'")
      .bind(user.id)
      .first<{ status: string }>();
    expect(row?.status).toBe('delivered');
  });

  it('retries while the provider fails, and the third try delivers exactly one mail', async () => {
    const user = await signUp();
    const job = resetJob(user);
    const provider = flakyProvider(2);
    const first = await deliver(job, 1, provider);
    expect(first.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([`message-${job.id}`]);
    expect((await deliveryOf(job.id))?.status).toBe('retrying');
    const second = await deliver(job, 2, provider);
    expect(second.retryMessages).toHaveLength(1);
    // The consumer asks for a growing delay (the test pool's result does not report it).
    expect([1, 2, 3, 6, 9].map(retryDelaySeconds)).toEqual([30, 60, 120, 600, 600]);
    const third = await deliver(job, 3, provider);
    expect(third.retryMessages).toEqual([]);
    expect(third.explicitAcks).toEqual([`message-${job.id}`]);
    expect(provider.sent).toHaveLength(1);
    expect(provider.sent[0]!.to).toBe(user.email);
    expect(await deliveryOf(job.id)).toEqual({ status: 'delivered', attempts: 3, error: null });
    // The queue delivers at least once: the same message again is acknowledged, not sent again.
    const again = await deliver(job, 4, provider);
    expect(again.explicitAcks).toEqual([`message-${job.id}`]);
    expect(provider.sent).toHaveLength(1);
  });

  it('ends in the dead-letter queue when the provider always fails: logged, and listed for admins as not delivered', async () => {
    const admin = await signUp();
    await env.DB.prepare("UPDATE users SET role = 'admin' WHERE id = ?").bind(admin.id).run();
    const user = await signUp();
    const job = resetJob(user);
    const provider = flakyProvider(Number.POSITIVE_INFINITY);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // max_retries = 5 in wrangler.toml: six tries, each asks to be retried; the queue then moves
    // the message to the dead-letter queue (miniflare does so too; here we hand it over as it would).
    for (let attempt = 1; attempt <= 6; attempt++) {
      const result = await deliver(job, attempt, provider);
      expect(result.retryMessages).toHaveLength(1);
    }
    expect(provider.sent).toEqual([]);
    expect((await deliveryOf(job.id))?.status).toBe('retrying');
    // Each retry is logged, with the provider's reason but never the address it named.
    expect(warnings.mock.calls.map(([line]) => String(line)).filter((line) => line.includes(job.id))).toHaveLength(6);
    expect(warnings.mock.calls.join('\n')).toContain('provider refused mail to [address]');
    expect(warnings.mock.calls.join('\n')).not.toContain(user.email);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const dead = await deliver(job, 1, provider, MAIL_DEAD_LETTER_QUEUE);
    expect(dead.ackAll).toBe(true);
    expect(await deliveryOf(job.id)).toEqual({ status: 'failed', attempts: 6, error: 'Not delivered after every retry' });
    const logged = errors.mock.calls.map(([line]) => JSON.parse(String(line)) as { level: string; message: string; mailId?: string });
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 'error', mailId: job.id, message: expect.stringContaining('dead-letter') }),
    );
    // The log line names the mail, never its text or address.
    expect(errors.mock.calls.join('\n')).not.toContain(user.email);

    const page = await call('/admin/mail', { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    const row = html.split('<tr').find((r) => r.includes(user.email));
    expect(row).toContain('Not delivered');
    expect(row).toContain('Reset your Life7 password');
  });

  it('sends through the Email Service binding as production does (wrangler simulates it locally)', async () => {
    const binding = (env as unknown as { EMAIL?: SendEmail }).EMAIL;
    expect(binding, 'wrangler.toml [[send_email]] EMAIL').toBeDefined();
    // Recorded on the way to the real (locally simulated) binding, which must take it without error.
    const sent: unknown[] = [];
    const recording = {
      send: (message: Parameters<SendEmail['send']>[0]) => {
        sent.push(message);
        return binding!.send(message as never);
      },
    } as SendEmail;
    const mail: MailMessage = {
      to: 'someone@example.com',
      subject: 'How was your day? Check in with Life7',
      text: 'Plain part',
      html: '<p>HTML part</p>',
      headers: { 'List-Unsubscribe': '<https://life7.test/unsubscribe?t=x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
    await emailServiceProvider(recording).send(mail, 'Life7 <team@life7.app>');
    expect(sent).toEqual([
      { from: 'Life7 <team@life7.app>', to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers },
    ]);
  });

  it('keeps /admin/mail for admins', async () => {
    const user = await signUp();
    const response = await call('/admin/mail', { cookie: user.cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard');
  });
});
