// The heading, wheel and total of Session 1's results screen, shared by the questionnaire island
// and the no-JavaScript results step; each puts its own keystone choice beside the wheel.
import type { ReactNode } from 'react';
import { ARENA_COLORS, ARENAS, type Arena } from '../domain/arenas';
import { type ArenaScores, weakestArena } from '../domain/scoring';
import { TotalScore } from './ArenaParts';
import { WheelChart } from './WheelChart';

export interface WheelResultsProps {
  titleId: string;
  /** The island moves focus to the title when the screen opens. */
  focusableTitle?: boolean;
  scores: ArenaScores;
  keystone: Arena;
  /** What follows the total: the keystone choice. */
  children: ReactNode;
}

export function WheelResults({ titleId, focusableTitle = false, scores, keystone, children }: WheelResultsProps) {
  const items = ARENAS.map((arena) => ({ name: arena, value: scores[arena], color: ARENA_COLORS[arena] }));
  return (
    <>
      <header className="wot-results-header">
        <h2 id={titleId} className="wot-title" tabIndex={focusableTitle ? -1 : undefined}>
          Your Wheel of Truth
        </h2>
        <p className="muted">How you rated yourself across the seven arenas of life.</p>
      </header>
      <div className="wot-results-grid">
        <figure className="wot-wheel">
          <WheelChart items={items} keystone={keystone} weakest={weakestArena(scores)} />
        </figure>
        <div className="wot-summary">
          <TotalScore scores={scores} />
          {children}
        </div>
      </div>
    </>
  );
}
