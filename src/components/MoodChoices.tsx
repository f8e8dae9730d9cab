// The one mood control (docs/product.md#the-daily-practice): a row of ten radio targets, 1 to 10,
// with '1 = Low' and '10 = High' at its two ends. The check-in form (its island and the dashboard's
// card) and a reminder's one-tap page render this markup; the reminder mail draws the same row in
// table markup (src/mail/templates.ts). Every target is at least 24 px wide at 360 px (WCAG 2.2).
import { MOOD_HIGH_LABEL, MOOD_LOW_LABEL, MOOD_MAX, MOODS } from '../domain/check-ins';

export interface MoodChoicesProps {
  /** The radios' name ('mood'). */
  name: string;
  /** Prefix of the element ids, unique on the page. */
  id: string;
  /** The chosen mood; null chooses none (the browser then asks for one: the radios are required). */
  value: number | null;
  /** The id of a message beside the control, when there is one. */
  errorId?: string;
  invalid?: boolean;
  /** Changes the React key, so a reset or a re-render after a failed post starts from `value` again. */
  resetKey?: string;
}

export function MoodChoices({ name, id, value, errorId, invalid, resetKey }: MoodChoicesProps) {
  const scaleId = `${id}-scale`;
  return (
    <fieldset
      className="field mood-choices-field"
      id={id}
      aria-describedby={[scaleId, invalid ? errorId : undefined].filter(Boolean).join(' ')}
      aria-invalid={invalid || undefined}
    >
      <legend>Mood</legend>
      <div className="mood-choices" key={resetKey}>
        {MOODS.map((mood) => (
          <label key={mood} className="mood-choice">
            <input type="radio" name={name} value={mood} defaultChecked={mood === value} required aria-label={`${mood} of ${MOOD_MAX}`} />
            <span aria-hidden="true">{mood}</span>
          </label>
        ))}
      </div>
      <p className="mood-scale mood-choices-scale" id={scaleId}>
        <span>{MOOD_LOW_LABEL}</span>
        <span>{MOOD_HIGH_LABEL}</span>
      </p>
    </fieldset>
  );
}
