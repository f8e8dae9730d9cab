import { describe, expect, it } from 'vitest';
import { checkInToken, feedToken, readCheckInToken, readFeedToken, readUnsubscribeToken, unsubscribeToken } from './links';

const SECRET = 'a-secret-of-at-least-32-characters!!';
const issued = new Date('2026-11-25T01:00:00Z');
const HOUR = 60 * 60 * 1000;

/** The token with one character of its payload or signature changed. */
function tampered(token: string, at: number): string {
  const ch = token[at] === 'A' ? 'B' : 'A';
  return token.slice(0, at) + ch + token.slice(at + 1);
}

describe('one-tap check-in links', () => {
  it('name the user and the day for 48 hours', async () => {
    const token = await checkInToken(SECRET, 'user-1', '2026-11-24', issued);
    expect(await readCheckInToken(SECRET, token, new Date(issued.getTime() + 47 * HOUR))).toEqual({
      ok: true,
      userId: 'user-1',
      day: '2026-11-24',
    });
    expect(await readCheckInToken(SECRET, token, new Date(issued.getTime() + 48 * HOUR))).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse a changed character, another secret, another day or another kind of link', async () => {
    const token = await checkInToken(SECRET, 'user-1', '2026-11-24', issued);
    const dot = token.indexOf('.');
    for (const at of [0, dot - 2, dot + 1, token.length - 2])
      expect((await readCheckInToken(SECRET, tampered(token, at), issued)).ok).toBe(false);
    expect((await readCheckInToken(`${SECRET}x`, token, issued)).ok).toBe(false);
    // The same signature over another day.
    const [payload, signature] = token.split('.') as [string, string];
    const otherDay = Buffer.from(Buffer.from(payload, 'base64url').toString('utf8').replace('2026-11-24', '2026-11-25')).toString(
      'base64url',
    );
    expect(otherDay).not.toBe(payload);
    expect((await readCheckInToken(SECRET, `${otherDay}.${signature}`, issued)).ok).toBe(false);
    expect((await readCheckInToken(SECRET, await unsubscribeToken(SECRET, 'user-1', 'check-in'), issued)).ok).toBe(false);
    expect((await readCheckInToken(SECRET, 'not.a-token', issued)).ok).toBe(false);
  });
});

describe('unsubscribe and feed links', () => {
  it('round-trip and refuse a change', async () => {
    const token = await unsubscribeToken(SECRET, 'user-1', 'webinar');
    expect(await readUnsubscribeToken(SECRET, token)).toEqual({ userId: 'user-1', kind: 'webinar' });
    expect(await readUnsubscribeToken(SECRET, tampered(token, 3))).toBeNull();
    const feed = await feedToken(SECRET, 'user-1', 3);
    expect(await readFeedToken(SECRET, feed)).toEqual({ userId: 'user-1', version: 3 });
    expect(await readFeedToken(SECRET, tampered(feed, feed.length - 3))).toBeNull();
  });
});

describe('links already mailed', () => {
  // Made by the earlier hand-written base64url (btoa, then + / = made URL-safe): mailed links keep working.
  const MAILED = {
    checkIn: 'Y2hlY2staW58dXNlci0xfDIwMjYtMTEtMjR8MTc5NTc0MTIwMA.5KdGDolZYJP_Ie5KWrb6dgJ6BD7bpxEDpc-x_LwT3mA',
    unsubscribe: 'dW5zdWJzY3JpYmV8dXNlci0xfHdlYmluYXI.vSlVm_XQCoUsonkfOQZ4tRz6q0zoA06V-GIZ4Wgx39o',
    feed: 'ZmVlZHx1c2VyLTF8Mw.tg3Aky2YEFECqiniSSe-VOLdlC7uBKmN-qEEUrU2Gy0',
  };

  it('still verify, and the same links are made today', async () => {
    expect(await readCheckInToken(SECRET, MAILED.checkIn, issued)).toEqual({ ok: true, userId: 'user-1', day: '2026-11-24' });
    expect(await readUnsubscribeToken(SECRET, MAILED.unsubscribe)).toEqual({ userId: 'user-1', kind: 'webinar' });
    expect(await readFeedToken(SECRET, MAILED.feed)).toEqual({ userId: 'user-1', version: 3 });
    expect(await checkInToken(SECRET, 'user-1', '2026-11-24', issued)).toBe(MAILED.checkIn);
    expect(await unsubscribeToken(SECRET, 'user-1', 'webinar')).toBe(MAILED.unsubscribe);
    expect(await feedToken(SECRET, 'user-1', 3)).toBe(MAILED.feed);
    // Padded or standard-alphabet spellings of the same bytes are not ours.
    expect(await readFeedToken(SECRET, `${MAILED.feed}=`)).toBeNull();
    expect(await readFeedToken(SECRET, MAILED.feed.replace(/-/g, '+'))).toBeNull();
  });
});
