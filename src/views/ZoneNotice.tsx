// After a check-in from a device in another zone (decision 38, docs/product.md#the-daily-practice):
// the day followed the zone saved in Settings; this says so and offers the switch, a plain form
// posting to the time-zone setting, which comes back to this page.
import { zoneNoticeText } from '../domain/zone-notice';
import { TIME_ZONE_SETTINGS_PATH } from '../paths';

export function ZoneNotice({ device, saved, returnTo }: { device: string; saved: string; returnTo: string }) {
  return (
    <div className="banner banner-info zone-notice" role="status">
      <p>{zoneNoticeText(device, saved)}.</p>
      <form method="post" action={`${TIME_ZONE_SETTINGS_PATH}&return=${encodeURIComponent(returnTo)}`}>
        <input type="hidden" name="timeZone" value={device} />
        <button type="submit" className="button button-outline button-small">{`Switch to ${device}`}</button>
      </form>
    </div>
  );
}
