// One arena's score as a slider row (docs/product.md#wheel-chart-and-image-export): name with
// icon, the value with one decimal, and a 0-10 slider in tenths. Disabled, it is a read-only
// display that needs no JavaScript; enabled, the owner passes onChange.
import type { CSSProperties } from 'react';
import { ARENA_COLORS, type Arena } from '../domain/arenas';
import { formatScore, SCORE_MAX, SCORE_MIN, SCORE_STEP } from '../domain/scoring';
import { ArenaIcon } from './ArenaIcon';

export interface ScoreSliderRowProps {
  arena: Arena;
  value: number;
  disabled?: boolean;
  onChange?: (value: number) => void;
  /** Prefix for the element ids, unique on the page. */
  idPrefix?: string;
}

export function ScoreSliderRow({ arena, value, disabled = false, onChange, idPrefix = 'score' }: ScoreSliderRowProps) {
  const id = `${idPrefix}-${arena.toLowerCase()}`;
  const shown = formatScore(value);
  return (
    <div className="score-row" style={{ '--arena-color': ARENA_COLORS[arena], '--fill': `${(value / SCORE_MAX) * 100}%` } as CSSProperties}>
      <label htmlFor={id} className="score-row-name">
        <ArenaIcon arena={arena} /> {arena}
      </label>
      <output htmlFor={id} className="score-row-value">
        {shown}
      </output>
      <input
        id={id}
        type="range"
        className="score-row-slider"
        min={SCORE_MIN}
        max={SCORE_MAX}
        step={SCORE_STEP}
        value={value}
        aria-valuetext={`${shown} out of ${SCORE_MAX}`}
        disabled={disabled}
        onChange={onChange ? (event) => onChange(Number(event.target.value)) : undefined}
      />
    </div>
  );
}
