// A sealed cookie carries a value from one response to a later request of the same browser (the
// Session 1 draft without JavaScript, a temporary password an admin just issued) so that nobody
// can read or forge it there: hono's signed cookies only sign. Each value is an encrypted JWT
// (jose: `dir` with A256GCM) under a 32-byte key, the SHA-256 of the cookie's purpose and
// JWT_SECRET, so one purpose's cookie never opens as another's or as a session token. Beside the
// value (claim `v`) it names whom it is bound to (`sub`, and `aud` when a second person is part of
// it) and when it ends (`exp`); opening checks all of them, and any failure (someone else's,
// damaged, expired, too long) reads as no value.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { AppEnv } from '../app-env';

export interface SealedCookieOptions {
  name: string;
  path: string;
  sameSite: 'Strict' | 'Lax';
  maxAgeSeconds: number;
  /** A longer cookie is not one of ours and is not decrypted (keep it about twice a real one). */
  maxLength: number;
  /** Names the key: cookies of different purposes made from the same secret never open as each other. */
  purpose: string;
}

/** Whom a sealed value belongs to: `subject` always, `audience` when a second person is bound too. */
export interface SealedFor {
  subject: string;
  audience?: string;
}

export interface SealedCookie {
  /** Seals `value` (anything JSON holds) for `sealedFor` and sets the cookie. */
  keep(c: Context<AppEnv>, sealedFor: SealedFor, value: unknown): Promise<void>;
  /** The value sealed for `sealedFor`, or null (none, someone else's, damaged, expired). */
  read(c: Context<AppEnv>, sealedFor: SealedFor): Promise<unknown>;
  /** As `read`, and clears the cookie when the request carried one: a value read once. */
  take(c: Context<AppEnv>, sealedFor: SealedFor): Promise<unknown>;
  forget(c: Context<AppEnv>): void;
}

const ENCRYPTION = 'A256GCM';
const encoder = new TextEncoder();

async function keyFor(secret: string, purpose: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(`life7 ${purpose}\u0000${secret}`)));
}

export function sealedCookie({ name, path, sameSite, maxAgeSeconds, maxLength, purpose }: SealedCookieOptions): SealedCookie {
  const forget = (c: Context<AppEnv>) => deleteCookie(c, name, { path, secure: true });

  async function read(c: Context<AppEnv>, { subject, audience }: SealedFor): Promise<unknown> {
    const value = getCookie(c, name);
    if (!value || value.length > maxLength) return null;
    try {
      const { payload } = await jwtDecrypt(value, await keyFor(c.env.JWT_SECRET, purpose), {
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: [ENCRYPTION],
        subject,
        audience,
        requiredClaims: ['sub', 'exp', ...(audience === undefined ? [] : ['aud'])],
      });
      return payload.v ?? null;
    } catch {
      return null;
    }
  }

  return {
    async keep(c, { subject, audience }, value) {
      const sealed = new EncryptJWT({ v: value })
        .setProtectedHeader({ alg: 'dir', enc: ENCRYPTION })
        .setSubject(subject)
        .setExpirationTime(`${maxAgeSeconds}s`);
      if (audience !== undefined) sealed.setAudience(audience);
      const token = await sealed.encrypt(await keyFor(c.env.JWT_SECRET, purpose));
      setCookie(c, name, token, { httpOnly: true, secure: true, sameSite, path, maxAge: maxAgeSeconds });
    },
    read,
    async take(c, sealedFor) {
      if (getCookie(c, name) === undefined) return null;
      forget(c);
      return read(c, sealedFor);
    },
    forget,
  };
}
