// A check-in from a device in another zone (decision 38, docs/product.md#the-daily-practice): the
// day follows the zone saved in Settings, never the device's; the page says so and offers the
// switch. The device's zone rides back to the page in the address after the post.
import { PRODUCT_NAME } from './product';
import { normalizeTimeZone } from './time-zone';

/** The query parameter naming the device's zone after a check-in from another zone. */
export const DEVICE_ZONE_PARAM = 'device-zone';

/** The device's zone when it is a real zone other than the saved one, else null. */
export function otherDeviceZone(device: string | null | undefined, saved: string): string | null {
  const zone = normalizeTimeZone(device ?? undefined);
  return zone !== null && zone !== saved ? zone : null;
}

/** 'Your device is in America/New_York; your Life7 days follow Europe/London' */
export function zoneNoticeText(device: string, saved: string): string {
  return `Your device is in ${device}; your ${PRODUCT_NAME} days follow ${saved}`;
}

/** `path` with the device's zone, when it differs from the saved one. */
export function withDeviceZone(path: string, device: string | null): string {
  if (device === null) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${DEVICE_ZONE_PARAM}=${encodeURIComponent(device)}`;
}
