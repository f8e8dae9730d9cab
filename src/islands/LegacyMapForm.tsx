// Session 4, The Life7 Path: the 90-day Legacy Map. The 12-week framework it sets out is shown
// beside it by the page (src/views/MilestoneFramework.tsx), where its milestones are marked done.

import { useState } from 'react';
import { TextLimit } from '../components/TextLimit';
import type { HydrateOn } from '../constants';
import type { FieldErrors } from '../domain/field-errors';
import { MILESTONE_WEEKS, session4FormSchema } from '../domain/progress-schemas';
import { TEXT_LIMIT } from '../domain/text-limit';
import { FieldMessage, FormMessage, SessionFormActions, TextField, useSessionForm } from './session-form';

export interface LegacyMapFormProps {
  action: string;
  cancelUrl: string;
  keystone: string | null;
  accelerators: string[];
  initial: { vision90Day: string; target90Day: string; goals: string[] };
  errors?: FieldErrors;
  /** The session was completed before: the button saves changes (review mode). */
  editing?: boolean;
}

/** A working form without JavaScript: its code waits for the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

export function LegacyMapForm({ action, cancelUrl, keystone, accelerators, initial, errors: initialErrors, editing }: LegacyMapFormProps) {
  const [target, setTarget] = useState(initial.target90Day);
  const [vision, setVision] = useState(initial.vision90Day);
  const [goals, setGoals] = useState<string[]>(() => MILESTONE_WEEKS.map((_, i) => initial.goals[i] ?? ''));
  const payload = () => ({
    vision90Day: vision,
    target90Day: target,
    milestones: MILESTONE_WEEKS.map((week, i) => ({ week, goal: goals[i] ?? '' })),
  });
  const { errors, listMessages, pending, onSubmit } = useSessionForm(session4FormSchema, payload, initialErrors, {
    action,
    doneUrl: cancelUrl,
  });
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});

  return (
    <form id="session4-form" method="post" action={action} noValidate onSubmit={onSubmit} className="form session-form">
      <FormMessage messages={listMessages('milestones')} />
      <dl className="details legacy-summary">
        <dt>Keystone Arena</dt>
        <dd>{keystone ?? 'Not set'}</dd>
        <dt>Accelerators</dt>
        <dd>{accelerators.length > 0 ? accelerators.join(', ') : 'Not set'}</dd>
      </dl>
      <TextField
        id="target90Day"
        name="target90Day"
        label="Your 90-day target"
        value={target}
        messages={errors.target90Day}
        onChange={setTarget}
      />
      <div className="field">
        <label htmlFor="vision90Day">Your vision: who will you be in 90 days?</label>
        <textarea
          id="vision90Day"
          name="vision90Day"
          rows={4}
          value={vision}
          onChange={(e) => setVision(e.target.value)}
          {...invalid('vision90Day')}
          aria-describedby={errors.vision90Day ? 'vision90Day-error vision90Day-limit' : 'vision90Day-limit'}
        />
        <FieldMessage id="vision90Day-error" messages={errors.vision90Day} />
        <TextLimit id="vision90Day-limit" length={vision.trim().length} max={TEXT_LIMIT} />
      </div>
      <fieldset className="milestones">
        <legend className="section-title">Milestones</legend>
        {MILESTONE_WEEKS.map((week, i) => (
          <div key={week}>
            <input type="hidden" name={`milestones[${i}].week`} value={week} />
            <TextField
              id={`milestone-${week}`}
              name={`milestones[${i}].goal`}
              label={`Day ${week} milestone`}
              value={goals[i] ?? ''}
              messages={errors[`milestones[${i}].goal`]}
              onChange={(goal) => setGoals((all) => all.map((g, j) => (j === i ? goal : g)))}
            />
          </div>
        ))}
      </fieldset>
      <SessionFormActions cancelUrl={cancelUrl} pending={pending} label="Complete Legacy Map" editing={editing} />
    </form>
  );
}
