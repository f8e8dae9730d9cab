// The results screen: the wheel chart, the total, the Keystone Arena picker and the arena scores,
// with Retake and Continue (which opens the confirm dialog).
import { useMemo, useState } from 'react';
import { ArenaScoreParts, arenaStyle } from '../../components/ArenaParts';
import { WheelResults } from '../../components/WheelResults';
import { ARENAS, isArena } from '../../domain/arenas';
import { arenaScores, arenasByScore, formatScore } from '../../domain/scoring';
import { effectiveKeystone, type WheelState } from '../wheel-of-truth-state';
import { ConfirmDialog } from './ConfirmDialog';
import { RetakeDialog } from './RetakeDialog';
import { type Dispatch, IDS } from './shared';

export interface ResultsProps {
  state: WheelState;
  act: Dispatch;
  confirmOpen: boolean;
  setConfirmOpen: (open: boolean) => void;
  onConfirm: () => void;
  onRetake: () => void;
}

export function Results({ state, act, confirmOpen, setConfirmOpen, onConfirm, onRetake }: ResultsProps) {
  const scores = useMemo(() => arenaScores(state.answers), [state.answers]);
  const sorted = useMemo(() => arenasByScore(scores), [scores]);
  const keystone = effectiveKeystone(state);
  const [retakeOpen, setRetakeOpen] = useState(false);

  return (
    <section className="card wot-card wot-results" aria-labelledby={IDS.resultsTitle}>
      <WheelResults titleId={IDS.resultsTitle} focusableTitle scores={scores} keystone={keystone}>
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
              <ArenaScoreParts arena={arena} score={scores[arena]} nameClass="wot-score-name" valueClass="wot-score-value" />
            </li>
          ))}
        </ul>
      </WheelResults>

      <div className="wot-actions">
        <button type="button" className="button button-outline" onClick={() => setRetakeOpen(true)}>
          Retake Assessment
        </button>
        <button type="button" className="button button-primary" onClick={() => setConfirmOpen(true)}>
          Continue
        </button>
      </div>

      <ConfirmDialog keystone={keystone} open={confirmOpen} onOpenChange={setConfirmOpen} onConfirm={onConfirm} />
      <RetakeDialog open={retakeOpen} onOpenChange={setRetakeOpen} onRetake={onRetake} />
    </section>
  );
}
