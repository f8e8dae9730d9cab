// Signed links in reminder mails (decision 29, docs/product.md#reminders-and-mail): a check-in link
// names one user and one calendar day and expires after 48 hours; an unsubscribe link names one
// user and one reminder. HMAC-SHA256 with a key derived from JWT_SECRET, so nothing is stored per
// link and a changed character anywhere fails the check.
import { base64url } from 'jose';
import { isCalendarDay } from '../domain/time-zone';

const CHECK_IN_LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** What an unsubscribe link turns off: a reminder, or mail from the coach (decision 40). */
export type ReminderKind = 'check-in' | 'webinar' | 'coach';

const encoder = new TextEncoder();

/** Unpadded base64url only (no padding, spaces or other alphabet), else null. */
function fromBase64url(value: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) return null;
  try {
    // A copy typed as Web Crypto wants it (jose types its result as over any buffer).
    return new Uint8Array(base64url.decode(value));
  } catch {
    return null;
  }
}

// One key per secret and isolate (importing costs more than signing).
const keys = new Map<string, Promise<CryptoKey>>();
function linkKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    // A purpose prefix keeps these signatures apart from the session JWTs made with the same secret.
    key = crypto.subtle.importKey('raw', encoder.encode(`life7 reminder links\n${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

async function sign(secret: string, payload: string): Promise<string> {
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', await linkKey(secret), encoder.encode(payload)));
  return `${base64url.encode(payload)}.${base64url.encode(signature)}`;
}

/** The payload when the token's signature holds, else null (constant-time check by WebCrypto). */
async function verified(secret: string, token: string): Promise<string | null> {
  if (token.length > 512) return null;
  const [payloadPart, signaturePart, ...rest] = token.split('.');
  if (payloadPart === undefined || signaturePart === undefined || rest.length > 0) return null;
  const payload = fromBase64url(payloadPart);
  const signature = fromBase64url(signaturePart);
  if (!payload || !signature) return null;
  const ok = await crypto.subtle.verify('HMAC', await linkKey(secret), signature, payload);
  return ok ? new TextDecoder().decode(payload) : null;
}

/** The token of a one-tap check-in link for `userId` and `day`, valid 48 hours from `issuedAt`. */
export function checkInToken(secret: string, userId: string, day: string, issuedAt: Date): Promise<string> {
  const expires = Math.floor((issuedAt.getTime() + CHECK_IN_LINK_TTL_MS) / 1000);
  return sign(secret, `check-in|${userId}|${day}|${expires}`);
}

export type CheckInLink = { ok: true; userId: string; day: string } | { ok: false; reason: 'invalid' | 'expired' };

/** Reads a check-in token as of `now`: whose and which day, or why it does not work. */
export async function readCheckInToken(secret: string, token: string, now: Date): Promise<CheckInLink> {
  const payload = await verified(secret, token);
  const parts = payload?.split('|');
  if (parts?.length !== 4 || parts[0] !== 'check-in') return { ok: false, reason: 'invalid' };
  const [, userId, day, expires] = parts as [string, string, string, string];
  if (!userId || !isCalendarDay(day) || !/^\d+$/.test(expires)) return { ok: false, reason: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId, day };
}

/** The token of an unsubscribe link: no expiry (an old mail's link still stops the reminders). */
export function unsubscribeToken(secret: string, userId: string, kind: ReminderKind): Promise<string> {
  return sign(secret, `unsubscribe|${userId}|${kind}`);
}

export async function readUnsubscribeToken(secret: string, token: string): Promise<{ userId: string; kind: ReminderKind } | null> {
  const parts = (await verified(secret, token))?.split('|');
  if (parts?.length !== 3 || parts[0] !== 'unsubscribe' || !parts[1]) return null;
  const kind = parts[2];
  if (kind !== 'check-in' && kind !== 'webinar' && kind !== 'coach') return null;
  return { userId: parts[1], kind };
}

/** The secret part of a private calendar feed's address: the user and the feed's version. */
export function feedToken(secret: string, userId: string, version: number): Promise<string> {
  return sign(secret, `feed|${userId}|${version}`);
}

export async function readFeedToken(secret: string, token: string): Promise<{ userId: string; version: number } | null> {
  const parts = (await verified(secret, token))?.split('|');
  if (parts?.length !== 3 || parts[0] !== 'feed' || !parts[1] || !/^\d+$/.test(parts[2]!)) return null;
  return { userId: parts[1], version: Number(parts[2]) };
}
