// An instant as an admin reads it (docs/product.md#admin-screens): in the admin's own zone, with
// the zone named: 'Nov 26, 2026, 3:04 PM PST'. Pure.
import { userTimeZone } from './time-zone';

const formats = new Map<string, Intl.DateTimeFormat>();

export function adminTime(iso: string, zone: string | null | undefined): string {
  const tz = userTimeZone(zone);
  let format = formats.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formats.set(tz, format);
  }
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : format.format(at);
}
