// Session 1, Wheel of Truth (docs/product.md#session-1-wheel-of-truth): 70 questions rated 1..10, one at a time; the
// results wheel with the Keystone Arena; a confirm dialog; three reflections; then a JSON save.
// This island owns the state, the effects and the save; the screens live in ./wheel-of-truth/.
// State transitions live in ./wheel-of-truth-state (pure). The draft survives a reload through
// localStorage, read only after hydration so the server and first client render agree.
//
// The browser's copy (`WheelOfTruth`, below) loads the later screens (results with the wheel and
// the dialogs, reflections) as chunks of their own: the first question never waits for them. They
// are fetched when the browser is idle in the last arena, and a move to a later stage waits for
// its screen rather than flashing an empty one (./wheel-of-truth/screens.ts). The server renders
// every screen at once (WheelOfTruth.server.tsx gives it the screens, imported, through
// WheelScreensContext).

import { Suspense, useCallback, useContext, useEffect, useReducer, useRef, useState } from 'react';
import type { HydrateOn } from '../constants';
import { QUESTION_COUNT, QUESTIONS_PER_ARENA, RATING_MAX } from '../domain/questions';
import { arenaScores } from '../domain/scoring';
import { SESSION_SAVE_FAILED, TOAST_DISMISS_EVENT } from '../domain/toast-words';
import { Questionnaire } from './wheel-of-truth/Questionnaire';
import { browserScreens, WheelScreensContext } from './wheel-of-truth/screens';
import { type Dispatch, IDS } from './wheel-of-truth/shared';
import {
  currentAnswer,
  draftKey,
  effectiveKeystone,
  initialState,
  isPristine,
  parseDraft,
  reflectionsComplete,
  serializeDraft,
  type WheelState,
  wheelReducer,
} from './wheel-of-truth-state';

/**
 * Awaited by the browser before it hydrates the island (src/client/hydrate.ts): a saved session
 * opens on its results, rendered by the server, whose code must be here before hydration.
 */
export async function beforeHydrate(props: WheelOfTruthProps): Promise<void> {
  if (initialState(props.saved).stage !== 'questions') await browserScreens.load();
}

export interface WheelOfTruthProps {
  /** Namespaces the localStorage draft key: `life7:wheel:${userId}`. */
  userId: string;
  /** The saved Session 1 when it was completed before (review mode). */
  saved: { questionResponses: Record<string, number>; keystoneArena: string; reflections: string[] } | null;
  saveUrl: string;
  doneUrl: string;
  /** Session 1 was completed before: the last button saves changes (review mode). */
  editing?: boolean;
}

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/** Answers keys from the first moment: hydrates as soon as the page has painted. */
export const hydrate: HydrateOn = 'load';

export function WheelOfTruth({ userId, saved, saveUrl, doneUrl, editing = false }: WheelOfTruthProps) {
  const screens = useContext(WheelScreensContext);
  const { Results, Reflections } = screens;
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
    if (draft && draft.stage !== 'questions' && !screens.ready()) {
      // A draft saved past the questions waits for its screen (it is already on the way).
      const restored = draft;
      screens.load().then(
        () => dispatch({ type: 'restore', state: restored }),
        () => dispatch({ type: 'restore', state: restored }),
      );
    } else if (draft) dispatch({ type: 'restore', state: draft });
    baseline.current = draft ?? stateRef.current;
  }, [key, screens]);

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
  const act = useCallback<Dispatch>(
    (action) => {
      const before = stateRef.current;
      const after = wheelReducer(before, action);
      if (after === before) return;
      if (after.stage !== 'questions' && !screens.ready()) {
        // Rare (the screens are fetched early): wait for the code, then act on the state of then.
        // Should it fail, the screen's own load tries once more and the error shows in the console.
        const again = () => act(action);
        screens.load().then(again, again);
        return;
      }
      if (after.stage !== before.stage) {
        focusRequest.current =
          after.stage === 'results' ? IDS.resultsTitle : after.stage === 'reflections' ? IDS.reflectionsTitle : IDS.question;
      } else if (after.stage === 'questions') {
        // A nav button that turns disabled would drop focus to <body>: keep it in the question.
        const active = document.activeElement;
        if ((active?.id === IDS.back && after.index === 0) || (active?.id === IDS.next && currentAnswer(after) === undefined)) {
          focusRequest.current = IDS.question;
        }
      }
      dispatch(action);
    },
    [screens],
  );

  // The later screens' code, fetched when the browser is idle once the participant reaches the
  // last arena (ten answers ahead of the results; a saved or restored session may open there or
  // past the questions). Not earlier: the first answers need nothing but the question screen.
  const nearTheEnd = state.stage !== 'questions' || state.index >= QUESTION_COUNT - QUESTIONS_PER_ARENA;
  useEffect(() => {
    if (!nearTheEnd || screens.ready()) return;
    const fetch = () => void screens.load().catch(() => undefined);
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(fetch, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(fetch, 200);
    return () => clearTimeout(id);
  }, [nearTheEnd, screens]);

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
    document.dispatchEvent(new Event(TOAST_DISMISS_EVENT));
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
      // The toast code (and its signals runtime) loads only when there is a toast to show.
      void import('./toast-store').then(({ showToast }) => showToast(SESSION_SAVE_FAILED.session1));
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
      {state.stage === 'questions' && <Questionnaire state={state} act={act} />}
      {state.stage === 'results' && (
        <Suspense>
          <Results
            state={state}
            act={act}
            confirmOpen={confirmOpen}
            setConfirmOpen={setConfirmOpen}
            onConfirm={() => act({ type: 'confirm' })}
            onRetake={() => act({ type: 'retake' })}
          />
        </Suspense>
      )}
      {state.stage === 'reflections' && (
        <Suspense>
          <Reflections state={state} act={act} saving={saving} onSave={save} editing={editing} />
        </Suspense>
      )}
    </div>
  );
}
