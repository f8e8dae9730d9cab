// Session 3, Fuel & Accelerate: exactly 3 accelerators, each with a daily action and a measurement.

import { useState } from 'react';
import type { HydrateOn } from '../constants';
import { ACCELERATOR_PICK, ACCELERATORS, type AcceleratorName } from '../domain/accelerators';
import type { FieldErrors } from '../domain/field-errors';
import { type AcceleratorEntry, session3Schema } from '../domain/progress-schemas';
import { FormMessage, LiveCount, OptionChoice, SessionFormActions, TextField, useSessionForm } from './session-form';

export interface AcceleratorsFormProps {
  action: string;
  cancelUrl: string;
  initial: AcceleratorEntry[];
  errors?: FieldErrors;
  /** The session was completed before: the button saves changes (review mode). */
  editing?: boolean;
}

interface Draft {
  selected: boolean;
  dailyAction: string;
  measurement: string;
}

/** A working form without JavaScript: its code waits for the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

export function AcceleratorsForm({ action, cancelUrl, initial, errors: initialErrors, editing }: AcceleratorsFormProps) {
  const [drafts, setDrafts] = useState<Record<AcceleratorName, Draft>>(() => {
    const entries = ACCELERATORS.map(({ name }) => {
      const found = initial.find((entry) => entry.name === name);
      return [name, { selected: Boolean(found), dailyAction: found?.dailyAction ?? '', measurement: found?.measurement ?? '' }] as const;
    });
    return Object.fromEntries(entries) as Record<AcceleratorName, Draft>;
  });
  const selected = ACCELERATORS.filter(({ name }) => drafts[name].selected);
  const full = selected.length >= ACCELERATOR_PICK;
  const payload = () => ({
    accelerators: selected.map(({ name }) => ({ name, dailyAction: drafts[name].dailyAction, measurement: drafts[name].measurement })),
  });
  const { errors, listMessages, pending, onSubmit } = useSessionForm(session3Schema, payload, initialErrors, {
    action,
    doneUrl: cancelUrl,
  });
  const update = (name: AcceleratorName, change: Partial<Draft>) => setDrafts((all) => ({ ...all, [name]: { ...all[name], ...change } }));

  return (
    <form id="session3-form" method="post" action={action} noValidate onSubmit={onSubmit} className="form session-form">
      <fieldset className="option-list">
        <legend className="section-title">
          Choose exactly {ACCELERATOR_PICK} accelerators{' '}
          <span className="badge count-static" aria-live="polite">
            {selected.length} of {ACCELERATOR_PICK} chosen
          </span>
        </legend>
        {/* Beside the count it is about: without JavaScript a fourth tick comes back with this. */}
        <FormMessage messages={listMessages('accelerators')} />
        {ACCELERATORS.map(({ name, description }, i) => {
          const draft = drafts[name];
          const position = selected.findIndex((a) => a.name === name);
          const error = (field: string) => (position >= 0 ? errors[`accelerators[${position}].${field}`] : undefined);
          return (
            <div key={name} className={`option-card${draft.selected ? ' option-selected' : ''}`}>
              <OptionChoice
                name={`accelerators[${i}].name`}
                value={name}
                description={description}
                checked={draft.selected}
                // Once 3 are chosen the others are disabled (the server insists on exactly 3 too).
                disabled={!draft.selected && full}
                onChange={(selected) => update(name, { selected })}
              />
              <div className="option-details">
                <TextField
                  id={`accelerator-${i}-action`}
                  name={`accelerators[${i}].dailyAction`}
                  label="Daily action"
                  value={draft.dailyAction}
                  messages={error('dailyAction')}
                  onChange={(dailyAction) => update(name, { dailyAction })}
                />
                <TextField
                  id={`accelerator-${i}-measurement`}
                  name={`accelerators[${i}].measurement`}
                  label="How you will measure it"
                  value={draft.measurement}
                  messages={error('measurement')}
                  onChange={(measurement) => update(name, { measurement })}
                />
              </div>
            </div>
          );
        })}
        <LiveCount after={` of ${ACCELERATOR_PICK} chosen`} />
      </fieldset>
      <SessionFormActions cancelUrl={cancelUrl} pending={pending} label="Complete Session 3" editing={editing} />
    </form>
  );
}
