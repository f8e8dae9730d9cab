// At scale (docs/product.md#reminders-and-mail): one 15-minute run with 10,000 due reminders stays
// within a Worker invocation's limits (at most 1,000 D1 queries; sendBatch calls of at most 100
// messages and 256 KB), and the consumer renders and sends a full batch of 100; 10,000 webinar
// reminders across five cohorts cost round trips and rows by the reminders, not by the sessions
// of other cohorts (decision 37). The figures are printed. The queue producer here counts and keeps what it is given instead of delivering it, so
// the 10,000 mails do not flood this file's outbox; everything else is the real Worker and D1.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { localToUtc, reminderWindow } from '../src/domain/reminders';
import { deliverMail } from '../src/jobs/mail-queue';
import { checkInReminders, webinarReminders } from '../src/jobs/reminders';
import type { MailJob, MailMessage } from '../src/mail/message';

const COUNT = 10_000;
const ZONE = 'America/New_York';
const DAY = '2032-06-01';

/** env.DB that counts round trips (each statement run, and each batch, is one) and the rows D1 says they read. */
function countingDb(db: D1Database): { db: D1Database; trips: () => number; rowsRead: () => number } {
  let trips = 0;
  let rowsRead = 0;
  const tally = (result: unknown) => {
    for (const one of Array.isArray(result) ? result : [result]) rowsRead += (one as D1Result | null)?.meta?.rows_read ?? 0;
    return result;
  };
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        if (key === 'bind') return (...args: unknown[]) => wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args));
        if (key === 'all' || key === 'run' || key === 'first' || key === 'raw') {
          return (...args: unknown[]) => {
            trips += 1;
            const result = (value as (...a: unknown[]) => unknown).apply(target, args);
            return key === 'all' || key === 'run' ? (result as Promise<unknown>).then(tally) : result;
          };
        }
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
  const counted = new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') return (query: string) => wrap(target.prepare(query));
      if (key === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          trips += 1;
          return target.batch(statements).then(tally);
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: counted, trips: () => trips, rowsRead: () => rowsRead };
}

/** A queue producer that keeps what it is given (and checks the sendBatch limits) instead of delivering it. */
function keepingQueue() {
  const sent: { count: number; bytes: number }[] = [];
  const jobs: MailJob[] = [];
  const queue = {
    async send() {
      throw new Error('the run queues in batches');
    },
    async sendBatch(messages: { body: MailJob }[]) {
      sent.push({ count: messages.length, bytes: new TextEncoder().encode(JSON.stringify(messages)).length });
      jobs.push(...messages.map((m) => m.body));
    },
  };
  return { queue: queue as unknown as Queue<MailJob>, sent, jobs };
}

describe('a 15-minute run at scale', () => {
  it(`queues ${COUNT.toLocaleString('en')} due reminders in batches, within the limits of one invocation`, async () => {
    const due = localToUtc(DAY, 20 * 60, ZONE);
    const ids = Array.from({ length: COUNT }, (_, i) => `scale-${i.toString().padStart(5, '0')}`);
    const seedStart = Date.now();
    for (let i = 0; i < COUNT; i += 2000) {
      const chunk = JSON.stringify(ids.slice(i, i + 2000));
      await env.DB.batch([
        env.DB.prepare(
          `INSERT INTO users (id, email, name, password_hash, time_zone) SELECT value, value || '@scale.example', 'Scale ' || value, 'x', ? FROM json_each(?)`,
        ).bind(ZONE, chunk),
        env.DB.prepare(`INSERT INTO memberships (user_id, plan, status) SELECT value, 'challenge', 'active' FROM json_each(?)`).bind(chunk),
        env.DB.prepare(
          `INSERT INTO reminder_settings (user_id, check_in_enabled, check_in_minute, check_in_due_at, check_in_day) SELECT value, 1, 1200, ?, ? FROM json_each(?)`,
        ).bind(due.toISOString(), DAY, chunk),
      ]);
    }
    const seedMs = Date.now() - seedStart;

    const { queue, sent, jobs } = keepingQueue();
    const counting = countingDb(env.DB);
    const runEnv = { ...env, DB: counting.db, MAIL_QUEUE: queue };
    const started = performance.now();
    const figures = await checkInReminders(runEnv, reminderWindow(due));
    const runMs = performance.now() - started;

    expect(figures.queued).toBe(COUNT);
    expect(new Set(jobs.map((j) => j.id)).size).toBe(COUNT);
    expect(sent.every((call) => call.count <= 100 && call.bytes < 256 * 1024)).toBe(true);
    expect(counting.trips()).toBeLessThanOrEqual(1000);

    // The consumer: one full batch of 100, rendered (ten signed links each) and sent.
    const mails: MailMessage[] = [];
    const provider = {
      name: 'counting',
      async send(mail: MailMessage) {
        mails.push(mail);
      },
    };
    const batch = createMessageBatch(
      'life7-mail',
      jobs.slice(0, 100).map((body, i) => ({ id: `scale-message-${i}`, timestamp: new Date(), attempts: 1, body })),
    );
    const ctx = createExecutionContext();
    const consumeStart = performance.now();
    await deliverMail(batch as MessageBatch<unknown>, env, provider);
    const consumeMs = performance.now() - consumeStart;
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(100);
    expect(mails).toHaveLength(100);
    expect(mails[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    console.log(
      JSON.stringify({
        scale: 'reminders',
        dueReminders: COUNT,
        seedMs,
        scheduledRunMs: Math.round(runMs),
        d1RoundTrips: counting.trips(),
        sendBatchCalls: sent.length,
        largestBatchBytes: Math.max(...sent.map((s) => s.bytes)),
        consumerBatchOf100Ms: Math.round(consumeMs),
        consumerMailsPerSecond: Math.round(100 / (consumeMs / 1000)),
      }),
    );
  }, 120_000);

  it('reminds each participant of their own cohort’s webinars only, in round trips that grow with the reminders, not the sessions (decision 37)', async () => {
    // Five cohorts of 2,000 participants with webinar reminders on, and twenty more cohorts with
    // nobody in them; every cohort has a session starting in the same quarter hour.
    const COHORTS = 5;
    const PER_COHORT = 2000;
    const EMPTY_COHORTS = 20;
    const start = new Date('2032-07-06T01:00:00.000Z');
    const window = reminderWindow(new Date(start.getTime() - 24 * 3600_000));
    const cohortIds = Array.from({ length: COHORTS + EMPTY_COHORTS }, (_, i) => `wscale-cohort-${i}`);
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO cohorts (id, name, start_date, pacing) SELECT value, 'Scale ' || value, '2032-07-01', 'weekly' FROM json_each(?)`,
      ).bind(JSON.stringify(cohortIds)),
      env.DB.prepare(
        `INSERT INTO webinars (id, cohort_id, title, description, location, start_time, end_time) SELECT 'session-' || value, value, 'Week 1', '', 'Zoom', ?, ? FROM json_each(?)`,
      ).bind(start.toISOString(), new Date(start.getTime() + 3600_000).toISOString(), JSON.stringify(cohortIds)),
    ]);
    for (let c = 0; c < COHORTS; c++) {
      const ids = JSON.stringify(Array.from({ length: PER_COHORT }, (_, i) => `wscale-${c}-${i.toString().padStart(5, '0')}`));
      await env.DB.batch([
        env.DB.prepare(
          `INSERT INTO users (id, email, name, password_hash, time_zone) SELECT value, value || '@scale.example', 'Scale ' || value, 'x', ? FROM json_each(?)`,
        ).bind(ZONE, ids),
        env.DB.prepare(`INSERT INTO memberships (user_id, plan, status) SELECT value, 'challenge', 'active' FROM json_each(?)`).bind(ids),
        env.DB.prepare(`INSERT INTO reminder_settings (user_id, webinars_enabled) SELECT value, 1 FROM json_each(?)`).bind(ids),
        env.DB.prepare(
          `INSERT INTO cohort_members (id, user_id, cohort_id, seat, joined_at, seated_at) SELECT 'm-' || value, value, ?, 'seated', '2032-06-01', '2032-06-01' FROM json_each(?)`,
        ).bind(cohortIds[c], ids),
      ]);
    }

    const { queue, sent, jobs } = keepingQueue();
    const counting = countingDb(env.DB);
    const started = performance.now();
    const figures = await webinarReminders({ ...env, DB: counting.db, MAIL_QUEUE: queue }, window);
    const runMs = performance.now() - started;

    const reminders = COHORTS * PER_COHORT;
    expect(figures.queued).toBe(reminders);
    // Each participant once, for their own cohort's session.
    const byUser = new Map(jobs.map((job) => [job.userId, job.kind === 'webinar-reminder' ? job.webinarId : '']));
    expect(byUser.size).toBe(reminders);
    for (const [userId, webinarId] of byUser) expect(webinarId).toBe(`session-wscale-cohort-${userId.split('-')[1]}`);
    expect(sent.every((call) => call.count <= 100 && call.bytes < 256 * 1024)).toBe(true);
    // One look for sessions in the range, then per 1,000 reminders one read and one claiming batch,
    // and the read that finds the end: the twenty other sessions add nothing.
    expect(counting.trips()).toBeLessThanOrEqual(1 + 2 * Math.ceil(reminders / 1000) + 1);
    // Each subscriber is walked once, with a few index lookups (about ten rows a reminder, claims
    // included): the rows read do not multiply by the 25 sessions in the range.
    expect(counting.rowsRead()).toBeLessThanOrEqual(15 * reminders);

    console.log(
      JSON.stringify({
        scale: 'webinar reminders',
        reminders,
        sessionsInRange: cohortIds.length,
        scheduledRunMs: Math.round(runMs),
        d1RoundTrips: counting.trips(),
        d1RowsRead: counting.rowsRead(),
        sendBatchCalls: sent.length,
      }),
    );
  }, 120_000);
});
