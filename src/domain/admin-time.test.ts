import { describe, expect, it } from 'vitest';
import { adminTime } from './admin-time';

describe('adminTime', () => {
  it("says the instant in the admin's zone, naming the zone", () => {
    expect(adminTime('2026-11-26T23:04:00.000Z', 'America/Los_Angeles')).toBe('Nov 26, 2026, 3:04 PM PST');
    expect(adminTime('2026-07-01T12:00:00.000Z', 'Europe/Berlin')).toBe('Jul 1, 2026, 2:00 PM GMT+2');
  });
  it('leaves what is no instant as it is', () => {
    expect(adminTime('soon', 'UTC')).toBe('soon');
  });
});
