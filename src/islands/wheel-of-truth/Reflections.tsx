// The reflections screen: the chosen Keystone Arena, the three reflection prompts and the submit
// that completes Session 1 (the island does the saving).

import { KeystoneBadge, ReflectionLabel } from '../../components/ArenaParts';
import { TextLimit } from '../../components/TextLimit';
import { REFLECTION_QUESTIONS } from '../../domain/questions';
import { TEXT_LIMIT, TOO_LONG_MESSAGE } from '../../domain/text-limit';
import { SAVE_CHANGES } from '../session-form';
import { effectiveKeystone, reflectionsBlocker, reflectionsComplete, type WheelState } from '../wheel-of-truth-state';
import { type Dispatch, IDS, reflectionId } from './shared';

export interface ReflectionsProps {
  state: WheelState;
  act: Dispatch;
  saving: boolean;
  onSave: () => void;
  /** Editing a completed Session 1: 'Save Changes' instead of 'Complete Session 1'. */
  editing?: boolean;
}

export function Reflections({ state, act, saving, onSave, editing = false }: ReflectionsProps) {
  const keystone = effectiveKeystone(state);
  const ready = reflectionsComplete(state.reflections);
  // Why the button is disabled, said beside it (never a silent grey button).
  const blocker = ready ? null : reflectionsBlocker(state.reflections, editing ? 'save your changes' : 'complete Session 1');
  return (
    <section className="card wot-card" aria-labelledby={IDS.reflectionsTitle}>
      <header className="wot-results-header">
        <h2 id={IDS.reflectionsTitle} className="wot-title" tabIndex={-1}>
          Reflections
        </h2>
        <KeystoneBadge keystone={keystone} />
      </header>
      <form
        className="form"
        noValidate
        aria-busy={saving}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        {REFLECTION_QUESTIONS.map((prompt, i) => {
          const text = state.reflections[i] ?? '';
          const tooLong = text.trim().length > TEXT_LIMIT;
          const id = reflectionId(i);
          return (
            <div className="field wot-reflection" key={prompt}>
              <ReflectionLabel htmlFor={id} number={i + 1} prompt={prompt} />
              <textarea
                id={id}
                name={`reflections[${i}]`}
                rows={4}
                required
                value={text}
                aria-invalid={tooLong || undefined}
                aria-describedby={tooLong ? `${id}-error ${id}-limit` : `${id}-limit`}
                onChange={(event) => act({ type: 'reflect', index: i, text: event.target.value })}
              />
              {tooLong && (
                <p className="field-error" id={`${id}-error`}>
                  {TOO_LONG_MESSAGE}
                </p>
              )}
              <TextLimit id={`${id}-limit`} length={text.trim().length} max={TEXT_LIMIT} />
            </div>
          );
        })}
        {blocker && (
          <p id={IDS.saveHint} className="wot-hint wot-save-hint">
            {blocker}
          </p>
        )}
        <div className="wot-actions">
          <button type="button" className="button button-ghost" onClick={() => act({ type: 'showResults' })}>
            <span aria-hidden="true">←</span> Back to Results
          </button>
          <span id={IDS.saveStatus} className="wot-save-status muted" role="status">
            {saving ? 'Saving...' : ''}
          </span>
          <button
            type="submit"
            className="button button-primary"
            disabled={saving || !ready}
            aria-describedby={blocker ? IDS.saveHint : undefined}
          >
            {editing ? (saving ? 'Saving...' : SAVE_CHANGES) : 'Complete Session 1'}
          </button>
        </div>
      </form>
    </section>
  );
}
