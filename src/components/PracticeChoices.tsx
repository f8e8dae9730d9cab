// The daily actions in a check-in (decision 38, docs/product.md#the-daily-practice): for each of the
// participant's three Session 3 actions, in their own words, 'Yes' or 'Not today'. Plain radios,
// so the check-in form, the dashboard's card and a reminder's one-tap page post them without
// JavaScript: `actions[i].accelerator` names the action, `actions[i].done` is 'on' for Yes and
// empty for Not today (read as false).
import type { PracticeAction } from '../domain/practice';

export interface PracticeChoicesProps {
  /** Prefix of the element ids, unique on the page. */
  id: string;
  actions: readonly PracticeAction[];
  /** The day's saved answers by accelerator (absent: not answered yet, shown as Not today). */
  answers: Record<string, boolean>;
  resetKey?: string;
}

export function PracticeChoices({ id, actions, answers, resetKey }: PracticeChoicesProps) {
  return (
    <fieldset className="field practice-choices" key={resetKey}>
      <legend>Your daily actions today</legend>
      {actions.map((action, i) => {
        const done = answers[action.accelerator] === true;
        const name = `actions[${i}].done`;
        const legendId = `${id}-${i}`;
        return (
          <div key={action.accelerator} className="practice-choice" role="radiogroup" aria-labelledby={legendId}>
            <input type="hidden" name={`actions[${i}].accelerator`} value={action.accelerator} />
            <p id={legendId} className="practice-choice-name">
              <strong>{action.accelerator}</strong>
              <span className="practice-choice-action">{action.dailyAction}</span>
            </p>
            <div className="practice-choice-answers">
              <label className="practice-answer">
                <input type="radio" name={name} value="on" defaultChecked={done} />
                <span>Yes</span>
              </label>
              <label className="practice-answer">
                <input type="radio" name={name} value="" defaultChecked={!done} />
                <span>Not today</span>
              </label>
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
