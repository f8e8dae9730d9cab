import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from '../src/server/password';

describe('password hashing (scrypt in workerd)', () => {
  it('hashes in a self-describing format and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$16384\$8\$5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterx', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
    // A fresh salt each time: the same password never hashes to the same string.
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
  });

  it('flags weaker hashes for rehashing and refuses unknown formats', async () => {
    expect(needsRehash('scrypt$1024$8$1$c2FsdA==$aGFzaA==')).toBe(true);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});
