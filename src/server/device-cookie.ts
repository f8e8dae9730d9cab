// The device cookie (OWASP's "device cookie" against lock-out as a denial of service,
// docs/product.md#sign-in-sessions-and-throttling): a successful sign-in (or sign-up) gives the
// browser `__Host-life7_device`, a JWT (HS256, jose) under a key derived from JWT_SECRET and this
// purpose, so it opens as nothing else and nothing else opens as it. It names the account (`sub`,
// the user id, and `eh`, a keyed hash of its address, so the claim can be checked before the
// account is read) and a random device id (`jti`). A sign-in attempt that carries one for the
// address it names is counted against that device (`loginDevice`) instead of the account's
// lock-out, so someone else's wrong passwords never lock the owner's own browser out; past the
// device's limit the cookie is no pass any more and is removed.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { base64url, jwtVerify, SignJWT } from 'jose';
import type { AppEnv } from '../app-env';
import { countAttempt, type Exceeded } from '../data/throttle';
import { userByEmail } from '../data/users';
import type { User } from '../db/schema';
import { DEVICE_COOKIE } from '../paths';
import { clientIp, deviceLoginLimits, loginAccountLimits, loginDeviceKey, loginLimits } from './throttle-policy';

/** How long a browser stays known after its last sign-in (browsers cap a cookie at 400 days). */
const DEVICE_DAYS = 365;
const ALGORITHM = 'HS256';
const PURPOSE = 'device cookie';
/** A longer value is not one of ours and is not verified (a real one is about 250 characters). */
const MAX_LENGTH = 600;
const encoder = new TextEncoder();

async function keyFor(secret: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`life7 ${PURPOSE}\u0000${secret}`)));
}

/** The address as the cookie names it: keyed, so the cookie does not give the address away. */
async function addressHash(key: Uint8Array<ArrayBuffer>, email: string): Promise<string> {
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', hmac, encoder.encode(email.toLowerCase()));
  return base64url.encode(new Uint8Array(mac));
}

interface KnownDevice {
  /** The random id the device's attempts are counted under. */
  deviceId: string;
  /** The account that signed in from it: the cookie is a pass for that account only. */
  userId: string;
}

/** Gives this browser a fresh device cookie for the account that just signed in. */
export async function rememberDevice(c: Context<AppEnv>, user: { id: string; email: string }): Promise<void> {
  const key = await keyFor(c.env.JWT_SECRET);
  const token = await new SignJWT({ eh: await addressHash(key, user.email) })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(user.id)
    .setJti(crypto.randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${DEVICE_DAYS}d`)
    .sign(key);
  setCookie(c, DEVICE_COOKIE, token, { httpOnly: true, secure: true, sameSite: 'Lax', path: '/', maxAge: DEVICE_DAYS * 24 * 3600 });
}

/**
 * The device this request's cookie names, if the cookie is ours, unexpired and was given for
 * `email` (null otherwise: none, forged, damaged, expired, or another address's). The caller still
 * checks that the account holding the address is the one it was given by (`userId`).
 */
async function knownDevice(c: Context<AppEnv>, email: string): Promise<KnownDevice | null> {
  const token = getCookie(c, DEVICE_COOKIE);
  if (!token || token.length > MAX_LENGTH) return null;
  try {
    const key = await keyFor(c.env.JWT_SECRET);
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'jti', 'exp', 'eh'] });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || payload.eh !== (await addressHash(key, email))) return null;
    return { deviceId: payload.jti, userId: payload.sub };
  } catch {
    return null;
  }
}

/** Removes the device cookie (it is no pass any more). */
function forgetDevice(c: Context<AppEnv>): void {
  deleteCookie(c, DEVICE_COOKIE, { path: '/', secure: true });
}

export interface CountedSignIn {
  /** The limit the attempt went over, or null: go on to the password. */
  exceeded: Exceeded | null;
  /** The account holding the address (looked up in the same round trip as the count). */
  user: User | undefined;
  /** The device the attempt was counted against (its count is cleared by a success), or null: counted against the account. */
  device: KnownDevice | null;
}

/**
 * Counts a sign-in attempt before the password work (docs/product.md#sign-in-sessions-and-throttling):
 * against the browser's device, when it carries a device cookie for that account and the device is
 * within its limit; otherwise against the account, as every attempt without one is. A device cookie
 * that turns out to be no pass (another account holds the address now, or the device went past
 * its limit) is removed, and the attempt is counted against the account after all.
 */
export async function countSignIn(c: Context<AppEnv>, email: string): Promise<CountedSignIn> {
  const db = c.get('db');
  const ip = clientIp(c);
  const device = await knownDevice(c, email);
  if (!device) {
    const [exceeded, [user]] = await countAttempt(db, loginLimits(c.env, email, ip), undefined, userByEmail(db, email));
    return { exceeded, user, device: null };
  }
  const [exceeded, [user]] = await countAttempt(db, deviceLoginLimits(c.env, device.deviceId, ip), undefined, userByEmail(db, email));
  const deviceKey = loginDeviceKey(c.env, device.deviceId);
  const pass = user?.id === device.userId && !exceeded?.keys.includes(deviceKey);
  if (pass) return { exceeded, user, device };
  forgetDevice(c);
  // Past the client's own limit, nothing more is counted.
  if (exceeded?.keys.some((key) => key !== deviceKey)) return { exceeded, user, device: null };
  return { exceeded: await countAttempt(db, loginAccountLimits(c.env, email)), user, device: null };
}
