// Pieces the Wheel of Truth island and its no-JavaScript steps (src/views/session1/) draw the same
// way: the arena colour custom property the styles read, the Keystone badge, the name-bar-value
// parts of a score row, the total and a reflection's numbered label.

import type { Arena } from '../domain/arenas';
import { type ArenaScores, formatScore, TOTAL_MAX, totalScore } from '../domain/scoring';
import { ArenaIcon } from './ArenaIcon';
import { arenaStyle } from './arena-style';

export { arenaStyle };

export function KeystoneBadge({ keystone }: { keystone: Arena }) {
  return (
    <p className="wot-keystone-badge" style={arenaStyle(keystone)}>
      <span className="muted">Keystone Arena:</span>{' '}
      <strong>
        <ArenaIcon arena={keystone} /> {keystone}
      </strong>
    </p>
  );
}

/** An arena's name, a bar as long as its score out of 10, and the score with one decimal. */
export function ArenaScoreParts({
  arena,
  score,
  nameClass,
  valueClass,
}: {
  arena: Arena;
  score: number;
  nameClass: string;
  valueClass: string;
}) {
  return (
    <>
      <span className={nameClass}>
        <ArenaIcon arena={arena} /> {arena}
      </span>
      <span className="wot-score-bar" aria-hidden="true">
        <span style={{ inlineSize: `${score * 10}%` }} />
      </span>
      <span className={valueClass}>{formatScore(score)}</span>
    </>
  );
}

export function TotalScore({ scores }: { scores: ArenaScores }) {
  return (
    <p className="wot-total">
      <span className="wot-total-label">Total score</span>
      <span className="wot-total-value">
        {formatScore(totalScore(scores))}
        <span className="wot-total-max"> / {TOTAL_MAX}</span>
      </span>
    </p>
  );
}

export function ReflectionLabel({ htmlFor, number, prompt }: { htmlFor: string; number: number; prompt: string }) {
  return (
    <label htmlFor={htmlFor}>
      <span className="wot-reflection-number" aria-hidden="true">
        {number}
      </span>
      {prompt}
    </label>
  );
}
