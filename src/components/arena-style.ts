// The arena colour custom property the styles read. A module of its own so that the questionnaire,
// which needs only this, does not carry the later screens' parts (ArenaParts.tsx) in the code it
// fetches before its first answer (docs/perf.md#targets).
import type { CSSProperties } from 'react';
import { ARENA_COLORS, type Arena } from '../domain/arenas';

export function arenaStyle(arena: Arena): CSSProperties {
  return { '--arena-color': ARENA_COLORS[arena] } as CSSProperties;
}
