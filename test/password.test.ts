import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, OWASP_COST, passwordCost, verifyPassword } from '../src/server/password';

describe('password hashing (scrypt in workerd)', () => {
  it('hashes at OWASP cost in a self-describing format and verifies', async () => {
    const hash = await hashPassword('correct horse battery', OWASP_COST);
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterx', hash)).toBe(false);
    expect(needsRehash(hash, OWASP_COST)).toBe(false);
    // A fresh salt each time: the same password never hashes to the same string.
    expect(await hashPassword('correct horse battery', OWASP_COST)).not.toBe(hash);
  });

  it('flags weaker hashes for rehashing and refuses unknown formats', async () => {
    expect(needsRehash('scrypt$1024$8$1$c2FsdA==$aGFzaA==', OWASP_COST)).toBe(true);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });

  it('hashes cheaply only for a test run, never in production', async () => {
    expect(passwordCost({ ENVIRONMENT: 'production' })).toEqual(OWASP_COST);
    expect(passwordCost({ ENVIRONMENT: 'production', FAST_PASSWORD_HASHES: '1' })).toEqual(OWASP_COST);
    expect(passwordCost({ ENVIRONMENT: 'development' })).toEqual(OWASP_COST);
    const testCost = passwordCost({ ENVIRONMENT: 'test', FAST_PASSWORD_HASHES: '1' });
    expect(testCost.N).toBeLessThan(OWASP_COST.N);
    const hash = await hashPassword('correct horse battery', testCost);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    // A test-cost hash that reached a production database is replaced at the next sign-in.
    expect(needsRehash(hash, OWASP_COST)).toBe(true);
  });
});
