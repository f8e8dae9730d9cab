import { describe, expect, it } from 'vitest';
import { TEMPORARY_PASSWORD_LENGTH, temporaryPassword } from './temporary-password';

describe('temporaryPassword', () => {
  it('is 20 characters without look-alikes, different every time', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const password = temporaryPassword();
      expect(password).toHaveLength(TEMPORARY_PASSWORD_LENGTH);
      expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
    expect(TEMPORARY_PASSWORD_LENGTH).toBeGreaterThanOrEqual(16);
  });
});
