// Session 1 without JavaScript, step 1: the 70 questions as one form, a fieldset per arena and a
// group of ten radio buttons per question. Posts to /sessions/1?step=answers; questions left
// unanswered are listed at the top and marked beside their group.

import { ArenaIcon } from '../../components/ArenaIcon';
import { arenaStyle } from '../../components/ArenaParts';
import { ScaleLabels } from '../../components/ScaleLabels';
import { ARENAS, arenaId } from '../../domain/arenas';
import { PROGRESS_MESSAGES } from '../../domain/progress-schemas';
import { QUESTION_COUNT, questionsForArena, RATING_HIGH_LABEL, RATING_LOW_LABEL, RATING_VALUES } from '../../domain/questions';
import { session1StepPath } from '../../domain/session1-steps';

const UNANSWERED = 'Choose a rating from 1 to 10';

export interface AnswersFormProps {
  /** Ratings to show ticked: just posted, the draft, or the saved Session 1. */
  values: Readonly<Record<string, unknown>>;
  /** After a failed post: the questions that still need an answer (none otherwise). */
  missing: readonly string[];
}

const questionAnchor = (id: string) => `question-${id}`;

export function AnswersForm({ values, missing }: AnswersFormProps) {
  const unanswered = new Set(missing);
  return (
    <form method="post" action={session1StepPath('answers')} noValidate className="form s1-answers">
      <p className="muted">
        {`Rate each statement from 1 (${RATING_LOW_LABEL}) to 10 (${RATING_HIGH_LABEL}). There are ${QUESTION_COUNT} questions, 10 for each arena.`}
      </p>
      {missing.length > 0 && (
        <div className="banner banner-error" role="alert">
          <p>{`${PROGRESS_MESSAGES.answerAll}. ${missing.length === 1 ? '1 question is' : `${missing.length} questions are`} still open:`}</p>
          <ul className="s1-missing">
            {missing.map((id) => (
              <li key={id}>
                <a href={`#${questionAnchor(id)}`}>{id.replace('_', ' question ').replace(/^./, (ch) => ch.toUpperCase())}</a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {ARENAS.map((arena) => (
        <fieldset key={arena} className="card s1-arena" style={arenaStyle(arena)} id={`arena-${arenaId(arena)}`}>
          <legend className="section-title s1-arena-title">
            <ArenaIcon arena={arena} /> {arena}
          </legend>
          {questionsForArena(arena).map((question, i) => {
            const open = unanswered.has(question.id);
            const errorId = `${questionAnchor(question.id)}-error`;
            return (
              <fieldset
                key={question.id}
                id={questionAnchor(question.id)}
                className={`s1-question${open ? ' s1-question-open' : ''}`}
                aria-describedby={open ? errorId : undefined}
              >
                <legend>
                  <span className="s1-question-number">{`${arena} ${i + 1} of 10`}</span>
                  {question.text}
                </legend>
                <div className="s1-scale">
                  {RATING_VALUES.map((value) => (
                    <label key={value}>
                      <input type="radio" name={question.id} value={value} defaultChecked={String(values[question.id]) === String(value)} />
                      <span>{value}</span>
                    </label>
                  ))}
                </div>
                <ScaleLabels className="s1-scale-labels" />
                {open && (
                  <p className="field-error" id={errorId}>
                    {UNANSWERED}
                  </p>
                )}
              </fieldset>
            );
          })}
        </fieldset>
      ))}
      <div className="form-actions">
        <button type="submit" className="button button-primary">
          See Your Results
        </button>
      </div>
    </form>
  );
}
