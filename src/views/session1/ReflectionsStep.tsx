// Session 1 without JavaScript, step 3: the Keystone confirmation (the island's dialog text; 'Change
// Focus' goes back to the results) and the three reflections. 'Complete Session 1' posts them
// with the Keystone Arena; the server adds the draft answers and saves Session 1.

import { KeystoneBadge, ReflectionLabel } from '../../components/ArenaParts';
import { TextLimit } from '../../components/TextLimit';
import type { Arena } from '../../domain/arenas';
import type { Failure } from '../../domain/field-errors';
import { REFLECTION_QUESTIONS } from '../../domain/questions';
import { session1StepPath } from '../../domain/session1-steps';
import { TEXT_LIMIT } from '../../domain/text-limit';
import { SAVE_CHANGES } from '../../islands/session-form';

export interface ReflectionsStepProps {
  keystone: Arena;
  failure?: Failure;
  /** Session 1 was completed before: the button saves changes (review mode). */
  editing?: boolean;
}

export function ReflectionsStep({ keystone, failure, editing = false }: ReflectionsStepProps) {
  const posted = (failure?.reply.initialValue as { reflections?: unknown[] } | undefined)?.reflections ?? [];
  const errors = failure?.fieldErrors ?? {};
  const other = Object.entries(errors).flatMap(([name, messages]) => (/^reflections\[\d\]$/.test(name) ? [] : messages));
  return (
    <section className="card wot-card" aria-labelledby="s1-reflections-title">
      <header className="wot-results-header">
        <h2 id="s1-reflections-title" className="wot-title">
          Reflections
        </h2>
        <KeystoneBadge keystone={keystone} />
        <p>{`Your Keystone Arena is ${keystone}. This will be your primary focus area for the next 90 days.`}</p>
      </header>
      <form method="post" action={session1StepPath('reflections', keystone)} noValidate className="form">
        {/* Messages of the reflections sit beside them; any other (a damaged Keystone) goes here. */}
        {other.length > 0 && (
          <div className="banner banner-error" role="alert">
            {other[0]}
          </div>
        )}
        <input type="hidden" name="keystoneArena" value={keystone} />
        {REFLECTION_QUESTIONS.map((prompt, i) => {
          const id = `s1-reflection-${i + 1}`;
          const messages = errors[`reflections[${i}]`];
          return (
            <div className="field wot-reflection" key={prompt}>
              <ReflectionLabel htmlFor={id} number={i + 1} prompt={prompt} />
              <textarea
                id={id}
                name={`reflections[${i}]`}
                rows={4}
                defaultValue={typeof posted[i] === 'string' ? posted[i] : ''}
                aria-invalid={messages ? true : undefined}
                aria-describedby={messages ? `${id}-error ${id}-limit` : `${id}-limit`}
              />
              {messages && (
                <p className="field-error" id={`${id}-error`}>
                  {messages[0]}
                </p>
              )}
              <TextLimit id={`${id}-limit`} length={0} max={TEXT_LIMIT} />
            </div>
          );
        })}
        <div className="wot-actions">
          <a className="button button-outline" href={session1StepPath('results', keystone)}>
            Change Focus
          </a>
          <button type="submit" className="button button-primary">
            {editing ? SAVE_CHANGES : 'Complete Session 1'}
          </button>
        </div>
      </form>
    </section>
  );
}
