// Settings: the zone the user's calendar days follow (docs/product.md#check-ins). A plain form
// post with a native select, so it needs no JavaScript.
import { renderToStaticMarkup } from 'react-dom/server';
import { timeZoneChoices } from '../domain/time-zone';
import { TIME_ZONE_SETTINGS_PATH } from '../paths';

const SELECT_ID = 'time-zone';
const ERROR_ID = 'time-zone-error';
const HINT_ID = 'time-zone-hint';

// The ~420 options are the same for everyone: rendered (and escaped) once per isolate instead of
// as 420 elements on every Settings page, the slowest page to render before (docs/product.md#speed).
let optionsMarkup: string | undefined;

/** The option list with `current` selected (a zone from the list; else the browser shows the first). */
function timeZoneOptions(current: string): string {
  optionsMarkup ??= renderToStaticMarkup(
    timeZoneChoices().map((zone) => (
      <option key={zone} value={zone}>
        {zone.replaceAll('_', ' ')}
      </option>
    )),
  );
  // As React marks a select's defaultValue: `<option value="…" selected="">`.
  const option = renderToStaticMarkup(<option value={current} />).replace('</option>', '');
  return optionsMarkup.replace(option, option.replace(/>$/, ' selected="">'));
}

export function TimeZoneForm({ current, error }: { current: string; error?: string }) {
  return (
    <form method="post" action={TIME_ZONE_SETTINGS_PATH} className="form">
      <div className="field">
        <label htmlFor={SELECT_ID}>Time zone</label>
        <select
          id={SELECT_ID}
          name="timeZone"
          aria-describedby={error ? `${HINT_ID} ${ERROR_ID}` : HINT_ID}
          aria-invalid={error ? true : undefined}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: React-rendered (escaped) options of the fixed zone list, made once per isolate; `current` only picks which one is selected
          dangerouslySetInnerHTML={{ __html: timeZoneOptions(current) }}
        />
        <p id={HINT_ID} className="muted small">
          Your daily check-in counts for the calendar day in this zone.
        </p>
        {error && (
          <p className="field-error" id={ERROR_ID}>
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button button-outline">
        Save Time Zone
      </button>
    </form>
  );
}
