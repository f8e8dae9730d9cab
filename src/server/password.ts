// Password hashing with scrypt (node:crypto through nodejs_compat).
// Stored as `scrypt$N$r$p$salt$hash` (base64), so the cost can be raised later and old
// hashes are rehashed at the next sign-in (see needsRehash).
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env';

interface Cost {
  N: number;
  r: number;
  p: number;
}
// OWASP Password Storage Cheat Sheet: N=2^14 (16384), r=8, p=5 uses 16 MiB (about 130 ms here).
export const OWASP_COST: Cost = { N: 16384, r: 8, p: 5 };
// The test suites sign up hundreds of accounts, so they hash at scrypt's cheap end, as Rails'
// has_secure_password drops to bcrypt's minimum cost in tests. Never in production.
const TEST_COST: Cost = { N: 1024, r: 8, p: 1 };

/** The cost new hashes are made with: OWASP's, unless a test run asks for FAST_PASSWORD_HASHES. */
export function passwordCost(env: Pick<Env, 'ENVIRONMENT' | 'FAST_PASSWORD_HASHES'>): Cost {
  return env.FAST_PASSWORD_HASHES === '1' && env.ENVIRONMENT !== 'production' ? TEST_COST : OWASP_COST;
}
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function parse(stored: string): ParsedHash | null {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !n || !r || !p || !salt || !hash) return null;
  return { N: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

export async function hashPassword(password: string, cost: Cost): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost.N, cost.r, cost.p, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.N, parsed.r, parsed.p, parsed.hash.length);
  return timingSafeEqual(key, parsed.hash);
}

/** True when the stored hash was made with weaker settings than today's. */
export function needsRehash(stored: string, cost: Cost): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p;
}

// A real hash of a random password: sign-in for an unknown email verifies against it, so it
// costs the same time and gives the same answer as a wrong password.
const dummyHashes = new Map<Cost, Promise<string>>();
export function dummyPasswordHash(cost: Cost): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString('hex'), cost);
    dummyHashes.set(cost, hash);
  }
  return hash;
}
