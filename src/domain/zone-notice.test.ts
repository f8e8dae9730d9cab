import { describe, expect, it } from 'vitest';
import { otherDeviceZone, withDeviceZone, zoneNoticeText } from './zone-notice';

describe('the zone notice', () => {
  it('names a real zone other than the saved one, and nothing else', () => {
    expect(otherDeviceZone('America/New_York', 'Europe/London')).toBe('America/New_York');
    expect(otherDeviceZone('america/new_york', 'Europe/London')).toBe('America/New_York');
    expect(otherDeviceZone('Europe/London', 'Europe/London')).toBeNull();
    expect(otherDeviceZone('Mars/Olympus', 'Europe/London')).toBeNull();
    expect(otherDeviceZone(undefined, 'Europe/London')).toBeNull();
  });

  it('says it in the issue’s words and carries the zone in the address', () => {
    expect(zoneNoticeText('America/New_York', 'Europe/London')).toBe(
      'Your device is in America/New_York; your Life7 days follow Europe/London',
    );
    expect(withDeviceZone('/dashboard', 'America/New_York')).toBe('/dashboard?device-zone=America%2FNew_York');
    expect(withDeviceZone('/check-ins', null)).toBe('/check-ins');
  });
});
