// Session 1, Wheel of Truth (spec.md section 2): 70 questions rated 1..10, one at a time; the
// results wheel with the Keystone Arena; a confirm dialog; three reflections; then a JSON save.
// State transitions live in ./wheel-of-truth-state (pure). The draft survives a reload through
// localStorage, read only after hydration so the server and first client render agree.
import { memo, useCallback, useEffect, useMemo, useReducer, useRef, useState, type CSSProperties } from 'react';
import { WheelChart } from '../components/WheelChart';
import { ARENAS, ARENA_COLORS, ARENA_ICONS, isArena, type Arena } from '../domain/arenas';
import {
  QUESTIONS,
  QUESTION_COUNT,
  QUESTIONS_PER_ARENA,
  RATING_HIGH_LABEL,
  RATING_LOW_LABEL,
  RATING_MAX,
  RATING_VALUES,
  REFLECTION_QUESTIONS,
} from '../domain/questions';
import { arenaScores, arenasByScore, formatScore, totalScore, weakestArena, TOTAL_MAX } from '../domain/scoring';
import { showToast } from './toast-store';
import {
  answeredCount,
  currentAnswer,
  draftKey,
  effectiveKeystone,
  initialState,
  isPristine,
  parseDraft,
  reflectionsComplete,
  serializeDraft,
  wheelReducer,
  type WheelAction,
  type WheelState,
} from './wheel-of-truth-state';

export interface WheelOfTruthProps {
  /** Namespaces the localStorage draft key: `life7:wheel:${userId}`. */
  userId: string;
  /** The saved Session 1 when it was completed before (review mode). */
  saved: { questionResponses: Record<string, number>; keystoneArena: string; reflections: string[] } | null;
  saveUrl: string;
  doneUrl: string;
}

/** Explicit element ids (islands never rely on useId). */
const IDS = {
  question: 'wheel-question',
  questionText: 'wheel-question-text',
  ratingLabel: 'wheel-rating-label',
  back: 'wheel-back',
  next: 'wheel-next',
  resultsTitle: 'wheel-results-title',
  keystone: 'wheel-keystone',
  keystoneHint: 'wheel-keystone-hint',
  confirm: 'wheel-confirm',
  confirmTitle: 'wheel-confirm-title',
  confirmText: 'wheel-confirm-text',
  reflectionsTitle: 'wheel-reflections-title',
  saveStatus: 'wheel-save-status',
} as const;

export const reflectionId = (i: number): string => `wheel-reflection-${i + 1}`;

type Dispatch = (action: WheelAction) => void;

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

function arenaStyle(arena: Arena): CSSProperties {
  return { '--arena-color': ARENA_COLORS[arena] } as CSSProperties;
}

export function WheelOfTruth({ userId, saved, saveUrl, doneUrl }: WheelOfTruthProps) {
  const [state, dispatch] = useReducer(wheelReducer, saved, initialState);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const confirmOpenRef = useRef(confirmOpen);
  confirmOpenRef.current = confirmOpen;

  // Focus requests from handlers, applied after the next commit (never on restore or first paint).
  const focusRequest = useRef<string | null>(null);
  useEffect(() => {
    const id = focusRequest.current;
    if (!id) return;
    focusRequest.current = null;
    document.getElementById(id)?.focus();
  });

  // --- Draft: restore after hydration, then write on every change (off the input's critical path).
  const baseline = useRef<WheelState | null>(null);
  const pending = useRef<WheelState | null>(null);
  const finished = useRef(false);
  const key = draftKey(userId);

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = null;
    if (!next || finished.current) return;
    try {
      if (isPristine(next)) localStorage.removeItem(key);
      else localStorage.setItem(key, serializeDraft(next));
    } catch {
      // Storage full or blocked (private mode): the draft is a convenience only.
    }
  }, [key]);

  useEffect(() => {
    let draft: WheelState | null = null;
    try {
      draft = parseDraft(localStorage.getItem(key));
    } catch {
      draft = null;
    }
    if (draft) dispatch({ type: 'restore', state: draft });
    baseline.current = draft ?? stateRef.current;
  }, [key]);

  useEffect(() => {
    if (baseline.current === null || state === baseline.current) return;
    baseline.current = state;
    const scheduled = pending.current !== null;
    pending.current = state;
    if (!scheduled) setTimeout(flush, 0);
  }, [state, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [flush]);

  // A page restored from the back/forward cache must not keep a busy button.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setSaving(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // Entering another stage moves focus to its heading, so keyboard and screen-reader users follow.
  const act = useCallback<Dispatch>((action) => {
    const before = stateRef.current;
    const after = wheelReducer(before, action);
    if (after === before) return;
    if (after.stage !== before.stage) {
      focusRequest.current = after.stage === 'results' ? IDS.resultsTitle : after.stage === 'reflections' ? IDS.reflectionsTitle : IDS.question;
    } else if (after.stage === 'questions') {
      // A nav button that turns disabled would drop focus to <body>: keep it in the question.
      const active = document.activeElement;
      if ((active?.id === IDS.back && after.index === 0) || (active?.id === IDS.next && currentAnswer(after) === undefined)) {
        focusRequest.current = IDS.question;
      }
    }
    dispatch(action);
  }, []);

  // --- Keyboard: 1..9 and 0 (= 10) answer; ArrowLeft / ArrowRight move. One listener for good.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (stateRef.current.stage !== 'questions' || confirmOpenRef.current) return;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTextEntry(event.target)) return;
      const { key: pressed } = event;
      if (pressed.length === 1 && pressed >= '0' && pressed <= '9') {
        if (event.repeat) return;
        event.preventDefault();
        act({ type: 'answer', value: pressed === '0' ? RATING_MAX : Number(pressed) });
      } else if (pressed === 'ArrowLeft') {
        event.preventDefault();
        act({ type: 'back' });
      } else if (pressed === 'ArrowRight') {
        event.preventDefault();
        act({ type: 'next' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act]);

  const save = async () => {
    const current = stateRef.current;
    if (saving || !reflectionsComplete(current.reflections)) return;
    setSaving(true);
    const reflections = current.reflections.map((text) => text.trim());
    let ok = false;
    try {
      const response = await fetch(saveUrl, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          questionResponses: current.answers,
          arenaScores: arenaScores(current.answers),
          keystoneArena: effectiveKeystone(current),
          reflections,
          session1CompletedAt: new Date().toISOString(),
        }),
      });
      ok = response.ok;
    } catch {
      ok = false;
    }
    if (!ok) {
      setSaving(false);
      showToast({ title: 'Error saving progress', description: 'Please try again.', variant: 'destructive' });
      return;
    }
    finished.current = true;
    pending.current = null;
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
    window.location.assign(doneUrl);
  };

  return (
    <div className="wot">
      {state.stage === 'questions' && <QuestionStep state={state} act={act} />}
      {state.stage === 'results' && (
        <ResultsStep
          state={state}
          act={act}
          confirmOpen={confirmOpen}
          setConfirmOpen={setConfirmOpen}
          onConfirm={() => act({ type: 'confirm' })}
          onRetake={() => act({ type: 'retake' })}
        />
      )}
      {state.stage === 'reflections' && <ReflectionsStep state={state} act={act} saving={saving} onSave={save} />}
    </div>
  );
}

// --- Questionnaire -----------------------------------------------------------------------------

function QuestionStep({ state, act }: { state: WheelState; act: Dispatch }) {
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
          <span className="wot-bar-fill" style={{ inlineSize: `${percent}%` }} />
        </div>
        <ArenaProgress answers={state.answers} current={question.arena} />
      </div>

      <div id={IDS.question} className="wot-question" tabIndex={-1} style={arenaStyle(question.arena)}>
        <div aria-live="polite" aria-atomic="true">
          <p className="wot-question-meta">
            <span className="wot-arena-chip">
              <span aria-hidden="true">{ARENA_ICONS[question.arena]}</span> {question.arena}
            </span>
            <span className="wot-question-count">
              {`Question ${state.index + 1} of ${QUESTION_COUNT}`}
            </span>
          </p>
          <h2 id={IDS.questionText} className="wot-question-text">
            {question.text}
          </h2>
        </div>
      </div>

      <RatingScale chosen={chosen} act={act} />

      <div className="wot-nav">
        <button id={IDS.back} type="button" className="button button-outline" disabled={state.index === 0} onClick={() => act({ type: 'back' })}>
          <span aria-hidden="true">←</span> Back
        </button>
        <p className="wot-hint" aria-hidden="true">
          Keys 1–9, 0 = 10 · ← →
        </p>
        <button id={IDS.next} type="button" className="button button-primary" disabled={chosen === undefined} onClick={() => act({ type: 'next' })}>
          Next <span aria-hidden="true">→</span>
        </button>
      </div>
    </section>
  );
}

const RatingScale = memo(function RatingScale({ chosen, act }: { chosen: number | undefined; act: Dispatch }) {
  return (
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
      <div className="wot-scale-labels" aria-hidden="true">
        <span>{RATING_LOW_LABEL}</span>
        <span>{RATING_HIGH_LABEL}</span>
      </div>
    </div>
  );
});

const ArenaProgress = memo(function ArenaProgress({ answers, current }: { answers: Readonly<Record<string, number>>; current: Arena }) {
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
            <span className="wot-arena-icon" aria-hidden="true">
              {ARENA_ICONS[arena]}
            </span>
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

// --- Results and the confirm dialog -----------------------------------------------------------------

interface ResultsStepProps {
  state: WheelState;
  act: Dispatch;
  confirmOpen: boolean;
  setConfirmOpen: (open: boolean) => void;
  onConfirm: () => void;
  onRetake: () => void;
}

function ResultsStep({ state, act, confirmOpen, setConfirmOpen, onConfirm, onRetake }: ResultsStepProps) {
  const scores = useMemo(() => arenaScores(state.answers), [state.answers]);
  const sorted = useMemo(() => arenasByScore(scores), [scores]);
  const keystone = effectiveKeystone(state);
  const weakest = weakestArena(scores);
  const items = ARENAS.map((arena) => ({ name: arena, value: scores[arena], color: ARENA_COLORS[arena] }));
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (confirmOpen && !dialog.open) dialog.showModal();
    else if (!confirmOpen && dialog.open) dialog.close();
  }, [confirmOpen]);

  const closeDialog = () => {
    dialogRef.current?.close();
    setConfirmOpen(false);
  };

  return (
    <section className="card wot-card wot-results" aria-labelledby={IDS.resultsTitle}>
      <header className="wot-results-header">
        <h2 id={IDS.resultsTitle} className="wot-title" tabIndex={-1}>
          Your Wheel of Truth
        </h2>
        <p className="muted">How you rated yourself across the seven arenas of life.</p>
      </header>

      <div className="wot-results-grid">
        <figure className="wot-wheel">
          <WheelChart items={items} keystone={keystone} weakest={weakest} />
        </figure>

        <div className="wot-summary">
          <p className="wot-total">
            <span className="wot-total-label">Total score</span>
            <span className="wot-total-value">
              {formatScore(totalScore(scores))}
              <span className="wot-total-max"> / {TOTAL_MAX}</span>
            </span>
          </p>

          <div className="field wot-keystone" style={arenaStyle(keystone)}>
            <label htmlFor={IDS.keystone}>Keystone Arena</label>
            <select
              id={IDS.keystone}
              value={keystone}
              aria-describedby={IDS.keystoneHint}
              onChange={(event) => {
                const arena = event.target.value;
                if (isArena(arena)) act({ type: 'chooseKeystone', arena });
              }}
            >
              {sorted.map((arena) => (
                <option key={arena} value={arena}>
                  {`${arena} (${formatScore(scores[arena])})`}
                </option>
              ))}
            </select>
            <p id={IDS.keystoneHint} className="muted small">
              Your lowest-scoring arena is suggested. Arenas are listed from lowest to highest score.
            </p>
          </div>

          <ul className="wot-scores" aria-label="Arena scores">
            {ARENAS.map((arena) => (
              <li key={arena} className={arena === keystone ? 'is-keystone' : undefined} style={arenaStyle(arena)}>
                <span className="wot-score-name">
                  <span aria-hidden="true">{ARENA_ICONS[arena]}</span> {arena}
                </span>
                <span className="wot-score-bar" aria-hidden="true">
                  <span style={{ inlineSize: `${scores[arena] * 10}%` }} />
                </span>
                <span className="wot-score-value">{formatScore(scores[arena])}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="wot-actions">
        <button type="button" className="button button-outline" onClick={onRetake}>
          Retake Assessment
        </button>
        <button type="button" className="button button-primary" onClick={() => setConfirmOpen(true)}>
          Continue
        </button>
      </div>

      <dialog
        ref={dialogRef}
        id={IDS.confirm}
        className="dialog wot-dialog"
        aria-labelledby={IDS.confirmTitle}
        aria-describedby={IDS.confirmText}
        onClose={() => setConfirmOpen(false)}
      >
        <h2 id={IDS.confirmTitle} className="dialog-title">
          <span aria-hidden="true">{ARENA_ICONS[keystone]}</span> Confirm your focus
        </h2>
        <p id={IDS.confirmText} className="wot-dialog-text">
          {`Your Keystone Arena is ${keystone}. This will be your primary focus area for the next 90 days.`}
        </p>
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-outline"
            onClick={() => {
              closeDialog();
              document.getElementById(IDS.keystone)?.focus();
            }}
          >
            Change Focus
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              closeDialog();
              onConfirm();
            }}
          >
            Confirm &amp; Continue
          </button>
        </div>
      </dialog>
    </section>
  );
}

// --- Reflections ------------------------------------------------------------------------------------

interface ReflectionsStepProps {
  state: WheelState;
  act: Dispatch;
  saving: boolean;
  onSave: () => void;
}

function ReflectionsStep({ state, act, saving, onSave }: ReflectionsStepProps) {
  const keystone = effectiveKeystone(state);
  const ready = reflectionsComplete(state.reflections);
  return (
    <section className="card wot-card" aria-labelledby={IDS.reflectionsTitle}>
      <header className="wot-results-header">
        <h2 id={IDS.reflectionsTitle} className="wot-title" tabIndex={-1}>
          Reflections
        </h2>
        <p className="wot-keystone-badge" style={arenaStyle(keystone)}>
          <span className="muted">Keystone Arena:</span>{' '}
          <strong>
            <span aria-hidden="true">{ARENA_ICONS[keystone]}</span> {keystone}
          </strong>
        </p>
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
        {REFLECTION_QUESTIONS.map((prompt, i) => (
          <div className="field wot-reflection" key={prompt}>
            <label htmlFor={reflectionId(i)}>
              <span className="wot-reflection-number" aria-hidden="true">
                {i + 1}
              </span>
              {prompt}
            </label>
            <textarea
              id={reflectionId(i)}
              name={`reflections[${i}]`}
              rows={4}
              required
              value={state.reflections[i] ?? ''}
              onChange={(event) => act({ type: 'reflect', index: i, text: event.target.value })}
            />
          </div>
        ))}
        <div className="wot-actions">
          <button type="button" className="button button-ghost" onClick={() => act({ type: 'showResults' })}>
            <span aria-hidden="true">←</span> Back to Results
          </button>
          <span id={IDS.saveStatus} className="wot-save-status muted" role="status">
            {saving ? 'Saving...' : ''}
          </span>
          <button type="submit" className="button button-primary" disabled={saving || !ready}>
            Complete Session 1
          </button>
        </div>
      </form>
    </section>
  );
}
