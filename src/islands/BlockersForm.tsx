// Session 2, Break the Chains: pick blockers, write a reflection and tag the arenas each affects.

import { useState } from 'react';
import { TextLimit } from '../components/TextLimit';
import type { HydrateOn } from '../constants';
import { ARENAS, type Arena } from '../domain/arenas';
import { BLOCKERS, type BlockerName } from '../domain/blockers';
import type { FieldErrors } from '../domain/field-errors';
import { type BlockerEntry, session2Schema } from '../domain/progress-schemas';
import { TEXT_LIMIT } from '../domain/text-limit';
import { FieldMessage, FormMessage, LiveCount, OptionChoice, SessionFormActions, useSessionForm } from './session-form';

export interface BlockersFormProps {
  action: string;
  cancelUrl: string;
  /** Saved or just-posted blockers, in list order. */
  initial: BlockerEntry[];
  errors?: FieldErrors;
  /** The session was completed before: the button saves changes (review mode). */
  editing?: boolean;
}

interface Draft {
  selected: boolean;
  reflection: string;
  arenas: Arena[];
}

/** A working form without JavaScript: its code waits for the first focus or pointer inside it. */
export const hydrate: HydrateOn = 'interaction';

export function BlockersForm({ action, cancelUrl, initial, errors: initialErrors, editing }: BlockersFormProps) {
  const [drafts, setDrafts] = useState<Record<BlockerName, Draft>>(() => {
    const entries = BLOCKERS.map(({ name }) => {
      const found = initial.find((entry) => entry.name === name);
      return [name, { selected: Boolean(found), reflection: found?.reflection ?? '', arenas: found?.arenas ?? [] }] as const;
    });
    return Object.fromEntries(entries) as Record<BlockerName, Draft>;
  });
  const selected = BLOCKERS.filter(({ name }) => drafts[name].selected);
  const payload = () => ({
    blockers: selected.map(({ name }) => ({ name, reflection: drafts[name].reflection, arenas: drafts[name].arenas })),
  });
  const { errors, listMessages, pending, onSubmit } = useSessionForm(session2Schema, payload, initialErrors, {
    action,
    doneUrl: cancelUrl,
  });

  const update = (name: BlockerName, change: Partial<Draft>) => setDrafts((all) => ({ ...all, [name]: { ...all[name], ...change } }));
  const toggleArena = (name: BlockerName, arena: Arena) => {
    const arenas = drafts[name].arenas;
    update(name, {
      arenas: arenas.includes(arena) ? arenas.filter((a) => a !== arena) : ARENAS.filter((a) => a === arena || arenas.includes(a)),
    });
  };

  return (
    <form id="session2-form" method="post" action={action} noValidate onSubmit={onSubmit} className="form session-form">
      <FormMessage messages={listMessages('blockers')} />
      <fieldset className="option-list">
        <legend className="section-title">Which blockers hold you back?</legend>
        {BLOCKERS.map(({ name, description }, i) => {
          const draft = drafts[name];
          // Server and schema errors count only the chosen blockers, in list order.
          const position = selected.findIndex((b) => b.name === name);
          const error = (field: string) => (position >= 0 ? errors[`blockers[${position}].${field}`] : undefined);
          const reflectionId = `blocker-${i}-reflection`;
          const reflectionError = error('reflection');
          return (
            <div key={name} className={`option-card${draft.selected ? ' option-selected' : ''}`}>
              <OptionChoice
                name={`blockers[${i}].name`}
                value={name}
                description={description}
                checked={draft.selected}
                onChange={(selected) => update(name, { selected })}
              />
              <div className="option-details">
                <div className="field">
                  <label htmlFor={reflectionId}>How does {name.toLowerCase()} show up in your life?</label>
                  <textarea
                    id={reflectionId}
                    name={`blockers[${i}].reflection`}
                    rows={3}
                    value={draft.reflection}
                    aria-invalid={reflectionError ? true : undefined}
                    aria-describedby={reflectionError ? `${reflectionId}-error ${reflectionId}-limit` : `${reflectionId}-limit`}
                    onChange={(event) => update(name, { reflection: event.target.value })}
                  />
                  <FieldMessage id={`${reflectionId}-error`} messages={reflectionError} />
                  <TextLimit id={`${reflectionId}-limit`} length={draft.reflection.trim().length} max={TEXT_LIMIT} />
                </div>
                <fieldset className="arena-tags">
                  <legend>
                    Affected arenas <span className="badge count-static">{draft.arenas.length} affected</span>
                  </legend>
                  {ARENAS.map((arena) => (
                    <label key={arena} className="tag-choice">
                      <input
                        type="checkbox"
                        name={`blockers[${i}].arenas`}
                        value={arena}
                        checked={draft.arenas.includes(arena)}
                        onChange={() => toggleArena(name, arena)}
                      />
                      {arena}
                    </label>
                  ))}
                  <LiveCount after=" affected" />
                </fieldset>
              </div>
            </div>
          );
        })}
      </fieldset>
      <SessionFormActions cancelUrl={cancelUrl} pending={pending} label="Complete Session 2" editing={editing} />
    </form>
  );
}
