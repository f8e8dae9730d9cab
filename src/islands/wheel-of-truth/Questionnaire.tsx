// The questionnaire screen: overall and per-arena progress, one question, the 1..10 rating scale
// and the Back / Next buttons. Keyboard shortcuts are handled by the island itself.
import { memo, useMemo } from 'react';
import { ArenaIcon } from '../../components/ArenaIcon';
import { arenaStyle } from '../../components/arena-style';
import { ScaleLabels } from '../../components/ScaleLabels';
import { ARENAS, type Arena } from '../../domain/arenas';
import {
  QUESTION_COUNT,
  QUESTIONS,
  QUESTIONS_PER_ARENA,
  RATING_HIGH_LABEL,
  RATING_LOW_LABEL,
  RATING_MAX,
  RATING_VALUES,
} from '../../domain/questions';
import { answeredCount, type WheelState } from '../wheel-of-truth-state';
import { type Dispatch, IDS } from './shared';

export interface QuestionnaireProps {
  state: WheelState;
  act: Dispatch;
}

export function Questionnaire({ state, act }: QuestionnaireProps) {
  const question = QUESTIONS[state.index] ?? QUESTIONS[0]!;
  const chosen = state.answers[question.id];
  const answered = answeredCount(state.answers);
  const percent = Math.round((answered / QUESTION_COUNT) * 100);

  return (
    <section className="card wot-card" aria-labelledby={IDS.questionText}>
      <div className="wot-progress">
        <div className="wot-progress-head">
          <span className="wot-progress-title">Wheel of Truth</span>
          <span className="wot-progress-percent">{percent}% complete</span>
        </div>
        <div
          className="wot-bar"
          role="progressbar"
          aria-label="Overall progress"
          aria-valuemin={0}
          aria-valuemax={QUESTION_COUNT}
          aria-valuenow={answered}
          aria-valuetext={`${answered} of ${QUESTION_COUNT} answered`}
        >
          <span className="wot-bar-fill" style={{ transform: `translateX(${percent - 100}%)` }} />
        </div>
        <ArenaProgress answers={state.answers} current={question.arena} />
      </div>

      <div id={IDS.question} className="wot-question" tabIndex={-1} style={arenaStyle(question.arena)}>
        <div aria-live="polite" aria-atomic="true">
          <p className="wot-question-meta">
            <span className="wot-arena-chip">
              <ArenaIcon arena={question.arena} /> {question.arena}
            </span>
            <span className="wot-question-count">{`Question ${state.index + 1} of ${QUESTION_COUNT}`}</span>
          </p>
          <h2 id={IDS.questionText} className="wot-question-text">
            {question.text}
          </h2>
        </div>
      </div>

      <RatingScale chosen={chosen} act={act} />

      <div className="wot-nav">
        <button
          id={IDS.back}
          type="button"
          className="button button-outline"
          disabled={state.index === 0}
          onClick={() => act({ type: 'back' })}
        >
          <span aria-hidden="true">←</span> Back
        </button>
        <p className="wot-hint" aria-hidden="true">
          Keys 1–9, 0 = 10 · ← →
        </p>
        <button
          id={IDS.next}
          type="button"
          className="button button-primary"
          disabled={chosen === undefined}
          onClick={() => act({ type: 'next' })}
        >
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
    </section>
  );
}

interface RatingScaleProps {
  chosen: number | undefined;
  act: Dispatch;
}

const RatingScale = memo(function RatingScale({ chosen, act }: RatingScaleProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled group of toggle buttons, no form fields; a fieldset would bring its own border, padding and min-width
    <div className="wot-rating" role="group" aria-labelledby={`${IDS.ratingLabel} ${IDS.questionText}`}>
      <p id={IDS.ratingLabel} className="wot-sr-only">
        Rate from 1 ({RATING_LOW_LABEL}) to 10 ({RATING_HIGH_LABEL}):
      </p>
      <div className="wot-scale">
        {RATING_VALUES.map((value) => (
          <button
            key={value}
            type="button"
            className="wot-rate"
            aria-pressed={chosen === value}
            aria-label={`Rate ${value} of ${RATING_MAX}`}
            onClick={() => act({ type: 'answer', value })}
          >
            {value}
          </button>
        ))}
      </div>
      <ScaleLabels className="wot-scale-labels" />
    </div>
  );
});

interface ArenaProgressProps {
  answers: Readonly<Record<string, number>>;
  current: Arena;
}

const ArenaProgress = memo(function ArenaProgress({ answers, current }: ArenaProgressProps) {
  const counts = useMemo(() => {
    const result = Object.fromEntries(ARENAS.map((arena) => [arena, 0])) as Record<Arena, number>;
    for (const question of QUESTIONS) if (answers[question.id] !== undefined) result[question.arena] += 1;
    return result;
  }, [answers]);
  return (
    <ol className="wot-arenas" aria-label="Progress by arena">
      {ARENAS.map((arena) => {
        const count = counts[arena];
        const state = arena === current ? ' is-current' : count === QUESTIONS_PER_ARENA ? ' is-done' : '';
        return (
          <li key={arena} className={`wot-arena${state}`} style={arenaStyle(arena)} aria-current={arena === current ? 'step' : undefined}>
            <ArenaIcon arena={arena} className="arena-icon wot-arena-icon" />
            <span className="wot-arena-name">{arena}</span>
            <span className="wot-arena-count">
              {count}/{QUESTIONS_PER_ARENA}
            </span>
            <span className="wot-arena-bar" aria-hidden="true">
              <span style={{ inlineSize: `${(count / QUESTIONS_PER_ARENA) * 100}%` }} />
            </span>
          </li>
        );
      })}
    </ol>
  );
});
